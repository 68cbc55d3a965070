import { and, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client';
import { outboundMessages } from '../db/schema';

/** The outbound queue in the database: rows written with their cause, taken under a lease. */

export interface NewOutbound {
  kind: string;
  dedupeKey?: string;
  input?: unknown;
  /** Sealed already (the queue seals; see enqueue in outbound-queue.ts). */
  message?: string;
  at: Date;
}

/** False when a row with the same key is there already: the message is written once per cause. */
export async function insertOutbound(db: DbOrTx, row: NewOutbound): Promise<boolean> {
  const written = await db
    .insert(outboundMessages)
    .values({ kind: row.kind, dedupeKey: row.dedupeKey ?? null, input: row.input ?? null, message: row.message ?? null, nextAttemptAt: row.at, createdAt: row.at })
    .onConflictDoNothing({ target: outboundMessages.dedupeKey })
    .returning({ id: outboundMessages.id });
  return written.length > 0;
}

export interface TakenOutbound {
  id: number;
  kind: string;
  input: unknown;
  message: string | null;
  attempts: number;
  createdAt: Date;
}

/**
 * Takes the rows due at `now` (oldest first), each counted a try and leased until `leaseUntil`:
 * SKIP LOCKED lets every process take at once without two taking one row; a process that dies
 * mid-try leaves its rows to be taken again once the lease runs out.
 */
export async function takeDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<TakenOutbound[]> {
  const rows = rowsOf<{ id: number; kind: string; input: unknown; message: string | null; attempts: number; created_at: Date | string }>(
    await db.execute(sql`
      update outbound_messages o set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}
      from (
        select id from outbound_messages
        where state = 'pending' and next_attempt_at <= ${now}
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      ) d
      where o.id = d.id
      returning o.id, o.kind, o.input, o.message, o.attempts, o.created_at`),
  );
  return rows
    .map((r) => ({ id: Number(r.id), kind: r.kind, input: r.input, message: r.message, attempts: Number(r.attempts), createdAt: new Date(r.created_at) }))
    .sort((a, b) => a.id - b.id);
}

/** The row, locked for the transaction: one process makes a message at a time. */
export async function lockOutbound(db: DbOrTx, id: number) {
  const [row] = await db.select({ message: outboundMessages.message, state: outboundMessages.state }).from(outboundMessages).where(eq(outboundMessages.id, id)).for('update');
  return row;
}

/** The message made at the first try, kept for the retries (the same link, the same words). */
export async function storeMessage(db: DbOrTx, id: number, message: string): Promise<void> {
  await db.update(outboundMessages).set({ message }).where(and(eq(outboundMessages.id, id), isNull(outboundMessages.message)));
}

/** Accepted: the secret it may carry goes with the send. */
export async function markSent(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(outboundMessages).set({ state: 'sent', sentAt: at, message: null, lastError: null }).where(eq(outboundMessages.id, id));
}

/** Nothing to send (no such user; the phone unsubscribed; the message cannot be opened): never tried again. */
export async function markDropped(db: DbOrTx, id: number, reason: string): Promise<void> {
  await db.update(outboundMessages).set({ state: 'dropped', message: null, lastError: reason }).where(eq(outboundMessages.id, id));
}

/** Refused: tried again at `at`; or, the tries used up, kept as the record that it never went. */
export async function markRetry(db: DbOrTx, id: number, at: Date | null, reason: string): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ lastError: reason, ...(at ? { nextAttemptAt: at } : { state: 'failed' as const, message: null }) })
    .where(eq(outboundMessages.id, id));
}

export async function outboundRows(db: DbOrTx) {
  return db.select().from(outboundMessages).orderBy(outboundMessages.id);
}
