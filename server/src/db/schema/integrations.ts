import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hotels, rooms } from './basic-data';
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

/**
 * The hotel's secret its PMS signs stay events with (HMAC-SHA256). Sealed like the SMTP
 * password (SecretBox), not hashed: verifying a signature needs the secret itself.
 */
export const staySecrets = pgTable('stay_secrets', {
  hotelId: integer('hotel_id')
    .primaryKey()
    .references(() => hotels.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A guest's stay as the PMS tells it: checked in to a room, moved, checked out. */
export const stays = pgTable(
  'stays',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    /** The PMS's own id of the stay (reservation). */
    externalId: text('external_id').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    guestName: text('guest_name').notNull(),
    language: text('language').notNull().default(''),
    email: text('email').notNull().default(''),
    arrival: text('arrival').notNull(),
    departure: text('departure').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }).notNull(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true, mode: 'date' }),
    /** Until migration 0050 (the review e-mail is on the outbound queue since, one per stay by its key): no longer read or written. */
    reviewMailSentAt: timestamp('review_mail_sent_at', { withTimezone: true, mode: 'date' }),
    /** Until migration 0050 (the review e-mail is on the outbound queue since): no longer read or written. */
    reviewMailTries: integer('review_mail_tries').notNull().default(0),
    reviewMailRetryAt: timestamp('review_mail_retry_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('stays_hotel_external_idx').on(t.hotelId, t.externalId), index('stays_room_idx').on(t.roomId)],
);

/** Every stay event taken, by its id: the same event sent twice (a replay) is refused. */
export const stayEvents = pgTable(
  'stay_events',
  {
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hotelId, t.eventId] })],
);

/**
 * The hotel's apaleo (PMS) connection: which apaleo property it is, and the client
 * credentials the server reads reservations with. The secret is sealed (SecretBox): the
 * token endpoint needs it as it is. One property belongs to one hotel.
 */
export const apaleoSettings = pgTable(
  'apaleo_settings',
  {
    hotelId: integer('hotel_id')
      .primaryKey()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    propertyId: text('property_id').notNull().default(''),
    clientId: text('client_id').notNull().default(''),
    clientSecretEnc: text('client_secret_enc'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('apaleo_settings_property_idx').on(t.propertyId).where(sql`${t.propertyId} <> ''`)],
);
