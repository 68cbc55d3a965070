import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SECURITY_EVENT_KINDS } from '@shared';
import { users } from './identity';

/**
 * The token a password sign-in answers with when a second step follows: 'code' (give a
 * TOTP or recovery code) or 'enrol' (set up two-factor sign-in, nothing else). Stored
 * hashed, single use, short-lived.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['code', 'enrol'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/** One-time recovery codes of a user's two-factor sign-in, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Security events an Admin reads and exports: sign-ins, failed sign-ins, two-factor
 * enrolments, resets and recovery codes used. The e-mail is kept as typed, so a row
 * stays readable after its user is removed.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    kind: text('kind', {
      enum: SECURITY_EVENT_KINDS,
    }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** Who did it when not the user themselves (an Admin's reset). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('security_events_at_idx').on(t.at)],
);

/**
 * "Remember this device for 30 days": a sign-in that gives this token with the password
 * skips the code step. Stored hashed; ended by a two-factor reset, by ending all the
 * user's sessions and by a password change.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);
