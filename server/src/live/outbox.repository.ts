import type { LiveEvent } from '@shared';
import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../db/client';
import { eventOutbox } from '../db/schema';

/** The live-event outbox's rows (outbox-relay.ts). */

export async function insertLiveEvent(tx: Tx, event: LiveEvent): Promise<void> {
  await tx.insert(eventOutbox).values({ event });
}

/**
 * Takes, oldest first, up to `limit` rows no other transaction holds (SKIP LOCKED), deleting them
 * in the caller's transaction: they are gone once it commits, and back for any pass if it rolls
 * back or its process dies.
 */
export async function takeLiveEvents(tx: Tx, limit: number): Promise<LiveEvent[]> {
  const rows = rowsOf<{ id: number | string; event: LiveEvent | string }>(
    await tx.execute(sql`
      delete from ${eventOutbox}
      where ${eventOutbox.id} in (select ${eventOutbox.id} from ${eventOutbox} order by ${eventOutbox.id} limit ${limit} for update skip locked)
      returning ${eventOutbox.id} as id, ${eventOutbox.event} as event`),
  );
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => (typeof row.event === 'string' ? (JSON.parse(row.event) as LiveEvent) : row.event));
}
