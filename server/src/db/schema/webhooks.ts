import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { hotels } from './basic-data';
import { users } from './identity';

/**
 * Outgoing webhooks: a subscription names a URL and the event types it wants, for one
 * hotel or the whole chain (hotel null). Its signing secret is sealed with the server's
 * secret box (signing needs it back, so it cannot be hashed).
 */
export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  eventTypes: text('event_types').array().notNull(),
  hotelId: integer('hotel_id').references(() => hotels.id, { onDelete: 'cascade' }),
  /** Staff notes stay inside unless the subscription asks for them by name. */
  includeInternalNotes: boolean('include_internal_notes').notNull().default(false),
  secretEnc: text('secret_enc').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Since when every try has failed (null: the last one succeeded); after three days it is switched off. */
  failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The outbox: one row per event, written in the transaction of the change that caused it.
 * Its id orders the events of a request.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    hotelId: integer('hotel_id').notNull(),
    requestId: uuid('request_id'),
    /** An internal note: only subscriptions that ask for notes get it. */
    internal: boolean('internal').notNull().default(false),
    /** The body exactly as signed and sent (text, so its key order stays as written). */
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event for one subscription: fanned out with the event, tried until the receiver
 * takes it. `messageId` is the webhook-id, the same however often it is tried. The row
 * also keeps the last try (the delivery log).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: text('message_id').notNull().unique(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id'),
    /** pending: to be tried (or being tried until next_attempt_at); delivered; failed: given up. */
    state: text('state', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    /**
     * What a pending delivery that was tried waits for: `lease`, the try under way (until
     * next_attempt_at); `receiver`, its receiver, which was failing every try (due at once when
     * it takes a delivery again); `backoff`, its own retry time (it failed while its receiver
     * took others, so it is not brought forward). Null: never tried, or no longer pending.
     */
    waitingFor: text('waiting_for', { enum: ['lease', 'receiver', 'backoff'] }),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    lastStatus: smallint('last_status'),
    lastLatencyMs: integer('last_latency_ms'),
    /** The first 1 KB of the receiver's answer, or why nothing came back. */
    lastResponse: text('last_response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('webhook_deliveries_order_idx').on(t.subscriptionId, t.requestId, t.eventId),
    index('webhook_deliveries_log_idx').on(t.subscriptionId, t.id),
    // A receiver's next delivery, and its backlog brought forward, without reading its delivered history.
    index('webhook_deliveries_pending_idx').on(t.subscriptionId, t.eventId).where(sql`${t.state} = 'pending'`),
  ],
);
