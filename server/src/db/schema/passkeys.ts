import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A user's passkeys (WebAuthn credentials). Only the public key is kept; the RP ID is the
 * host name the passkey was made for, so a passkey is only ever checked against that name.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The signature counter last seen (0 for authenticators that do not count). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    rpId: text('rp_id').notNull(),
    /** The WebAuthn user handle the passkey holds (base64url); the same for all of a user's passkeys. */
    userHandle: text('user_handle').notNull(),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The challenges of passkey ceremonies, kept only as their hashes: single use and
 * short-lived. 'register' belongs to the signed-in user who asked; 'sign-in' to nobody
 * yet (the passkey chosen says who signs in).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    challengeHash: text('challenge_hash').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The origin the ceremony was asked from: the answer must come from the same one. */
    origin: text('origin').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
