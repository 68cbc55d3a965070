import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail and push the server sends on its own (outbound/): written in the transaction of
 * the change that causes it, taken by one process at a time under a lease, marked sent once the
 * mail server (or push service) accepts it, tried again with backoff when refused. The row's id
 * is its fixed Message-ID (and a push's Topic): a copy sent again after a crash between the
 * acceptance and its write is one message to the reader.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: serial('id').primaryKey(),
    /** What it is and how it goes out ('low-rating', 'password-reset', 'task-push', …): outbound/kinds. */
    kind: text('kind').notNull(),
    /** One cause, one message: a second write of the same key (another process, a retried call) adds nothing. */
    dedupeKey: text('dedupe_key').unique(),
    /** What the kind needs to make the message at its first try (a reset link is made then): null when written ready. */
    input: jsonb('input'),
    /** The message, sealed (SecretBox): a reset link is a secret; null once sent, or while still to be made. */
    message: text('message'),
    state: text('state', { enum: ['pending', 'sent', 'dropped', 'failed'] }).notNull().default('pending'),
    /** Tries taken so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending one is tried (next); while a try is under way, when its lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Why the last try failed, as a kind (mail-failure.ts), never the server's own words. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('outbound_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`)],
);
