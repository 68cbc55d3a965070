import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, workers } from './basic-data';
import { requestLines } from './requests';
import { users } from './identity';

/**
 * Workers' phones. A supervisor shows a short pairing code; the phone redeems it once
 * for a device credential (random, kept hashed, rotated like a staff refresh token)
 * and short-lived access tokens for /api/Work/*.
 */

/**
 * A code is a public selector (its first characters, to find the row and count wrong
 * tries against it) and a secret rest, kept hashed. A live code's selector is unique.
 */
export const workerPairingCodes = pgTable(
  'worker_pairing_codes',
  {
    id: serial('id').primaryKey(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    selector: text('selector').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Redeemed, burnt by wrong tries, or replaced: a code is never live again. */
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('worker_pairing_codes_live_selector_uq').on(t.selector).where(sql`ended_at is null`), index('worker_pairing_codes_worker_idx').on(t.workerId)],
);

export const workerDevices = pgTable(
  'worker_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => workers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Set by Unlock with the worker's PIN; cleared when the PIN changes. */
    unlockedAt: timestamp('unlocked_at', { withTimezone: true, mode: 'date' }),
    failedPins: integer('failed_pins').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('worker_devices_worker_idx').on(t.workerId)],
);

/** A device's credentials; each is used once (Refresh replaces it), a reuse revokes the device. */
export const workerDeviceCredentials = pgTable(
  'worker_device_credentials',
  {
    id: serial('id').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => workerDevices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('worker_device_credentials_device_idx').on(t.deviceId)],
);

/**
 * A phone's actions by its own key: a retried tap answers what the first one did.
 * `status` null while the first is still being applied.
 */
export const workerActions = pgTable(
  'worker_actions',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => workerDevices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    action: text('action').notNull(),
    lineId: integer('line_id').notNull(),
    status: integer('status'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.key] }), index('worker_actions_created_idx').on(t.createdAt)],
);

/**
 * The VAPID key pair pushes are signed with: one row, made by whichever process starts
 * first. It lives in the database, not the data folder, because every process of a
 * PostgreSQL deployment must sign with the same key (a phone's subscription is bound to
 * the public key) and each process may have its own data folder.
 */
export const webPushKeys = pgTable('web_push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A phone's Web Push subscription: one per device, replaced by the next, gone with the device. */
export const workerPushSubscriptions = pgTable('worker_push_subscriptions', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => workerDevices.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  /** The device has no language of its own: the one the phone subscribed in. */
  lang: text('lang').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A photo a worker took of a line (kept in the database, as booking-room images are). */
export const linePhotos = pgTable(
  'line_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: integer('line_id')
      .notNull()
      .references(() => requestLines.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Set when Done names it: until then it is the phone's draft. */
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('line_photos_line_idx').on(t.lineId)],
);

/**
 * Single-use tickets that open a phone's event stream (EventSource sends no header and a
 * token never travels in a URL), as the staff's stream tickets: stored hashed, valid for
 * seconds, deleted when used, in the database so any server process redeems them.
 */
export const workStreamTickets = pgTable(
  'work_stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => workerDevices.id, { onDelete: 'cascade' }),
    workerId: integer('worker_id').notNull(),
    /** The stream ends then (the access token's expiry), so the device is checked again. */
    streamUntil: timestamp('stream_until', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('work_stream_tickets_expires_idx').on(t.expiresAt)],
);
