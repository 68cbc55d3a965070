import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { hotels } from './basic-data';
import { users } from './identity';

/**
 * Keys other systems call the REST API with (`Authorization: Bearer hgs_live_…`).
 * Only a SHA-256 of the whole key is kept: the key is long and random, so a slow
 * hash would add nothing but cost on every call. `keyId` is the short public part
 * the key is found by. A revoked key is kept (its name stays in line histories).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    keyId: text('key_id').notNull().unique(),
    name: text('name').notNull(),
    /** The hotel the key reaches; null: the whole chain. */
    hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
    claims: text('claims').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    perSecond: integer('per_second').notNull().default(20),
    perMinute: integer('per_minute').notNull().default(1200),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_hotel_idx').on(t.hotelId)],
);
