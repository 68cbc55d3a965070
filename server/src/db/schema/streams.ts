import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Single-use tickets that open a staff event stream (EventSource cannot send the
 * Authorization header, and a token never travels in a URL). Got with the header,
 * stored hashed, valid for seconds, deleted when used. In the database, so a ticket
 * got from one server process opens a stream on another.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who the stream is for (the access token's principal when the ticket was got). */
    principal: jsonb('principal').notNull(),
    /** The stream ends then (the access token's expiry), so the user's rights are checked again. */
    streamUntil: timestamp('stream_until', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The live-event outbox: a change whose live event must not be lost is committed with its
 * event row in one transaction; the relay of any server process (live/outbox-relay.ts)
 * publishes the rows and deletes them. A process that dies between the commit and the
 * publish leaves the row to the next relay pass of whichever process runs first.
 */
export const eventOutbox = pgTable('event_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The live event (a LiveEvent), as it is published. */
  event: jsonb('event').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
