import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { escalationDigests, hotels, lineEscalations, requestLines, requests } from '../../db/schema';
import type { DueEscalation } from './escalations.repository';

/** Escalation digests (a hotel's setting: one e-mail per receiver per N minutes). */

/** The escalation's e-mail waits for its hotel's next digest (its live event went at once). */
export async function holdForDigest(db: DbOrTx, id: number): Promise<void> {
  await db.update(lineEscalations).set({ digestPending: true, nextMailAt: null }).where(eq(lineEscalations.id, id));
}

/** The hotels with escalations waiting for a digest, with their window. */
export async function hotelsWithDigestPending(db: DbOrTx) {
  return db
    .selectDistinct({ hotelId: requests.hotelId, minutes: hotels.escalationDigestMinutes })
    .from(lineEscalations)
    .innerJoin(requestLines, eq(requestLines.id, lineEscalations.lineId))
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .where(eq(lineEscalations.digestPending, true));
}

/**
 * Opens the hotel's next digest window when the last one is over: the conditional update
 * lets one process of however many win it; the others (and this one, until the window
 * ends) get false.
 */
export async function claimDigestWindow(db: DbOrTx, hotelId: number, now: Date, windowStartedBefore: Date): Promise<boolean> {
  const rows = await db
    .update(hotels)
    .set({ escalationDigestAt: now })
    .where(and(eq(hotels.id, hotelId), sql`(${hotels.escalationDigestAt} is null or ${hotels.escalationDigestAt} <= ${windowStartedBefore.toISOString()}::timestamptz)`))
    .returning({ id: hotels.id });
  return rows.length === 1;
}

export interface Digest {
  id: number;
  hotelId: number;
  /** The window's start: with the receiver, the e-mail's Message-ID. */
  windowAt: Date;
  attempts: number;
  mailedUserIds: number[];
}

/**
 * Writes the hotel's digest for the window opened at `windowAt` (claimDigestWindow, in the same
 * transaction) and takes its escalations off digest_pending onto it, each once whoever runs it.
 * The digest is held until `holdUntil`: a process stopped before it has mailed everyone leaves the
 * rest to takeDigestRetries once the hold runs out. Undefined when there was nothing to take.
 */
export async function openDigest(tx: Tx, hotelId: number, windowAt: Date, holdUntil: Date): Promise<Digest | undefined> {
  const [digest] = await tx
    .insert(escalationDigests)
    .values({ hotelId, windowAt, nextMailAt: holdUntil })
    .onConflictDoNothing()
    .returning({ id: escalationDigests.id, hotelId: escalationDigests.hotelId, windowAt: escalationDigests.windowAt, attempts: escalationDigests.mailAttempts, mailedUserIds: escalationDigests.mailedUserIds });
  if (!digest) return undefined;
  const ofHotel = tx
    .select({ id: requestLines.id })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(eq(requests.hotelId, hotelId));
  const taken = await tx
    .update(lineEscalations)
    .set({ digestPending: false, digestId: digest.id })
    .where(and(eq(lineEscalations.digestPending, true), inArray(lineEscalations.lineId, ofHotel)))
    .returning({ id: lineEscalations.id });
  if (taken.length) return digest;
  await tx.delete(escalationDigests).where(eq(escalationDigests.id, digest.id));
  return undefined;
}

/** The escalations a digest lists, oldest due first. */
export async function digestEscalations(db: DbOrTx, digestId: number): Promise<(DueEscalation & { id: number })[]> {
  return db
    .select({ id: lineEscalations.id, lineId: lineEscalations.lineId, kind: lineEscalations.kind, dueAt: lineEscalations.dueAt })
    .from(lineEscalations)
    .where(eq(lineEscalations.digestId, digestId))
    .orderBy(lineEscalations.dueAt, lineEscalations.id);
}

/**
 * One receiver has the digest: written the moment the mail server takes it, to the digest (no
 * retry mails them again) and to each escalation it lists (how many people it reached).
 */
export async function recordDigestMailed(db: Db, digestId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [digest] = await tx
      .update(escalationDigests)
      .set({ mailedUserIds: sql`array_append(${escalationDigests.mailedUserIds}, ${userId}::integer)` })
      .where(and(eq(escalationDigests.id, digestId), sql`not (${userId}::integer = any(${escalationDigests.mailedUserIds}))`))
      .returning({ id: escalationDigests.id });
    if (!digest) return;
    const ids = tx.select({ id: lineEscalations.id }).from(lineEscalations).where(eq(lineEscalations.digestId, digestId));
    await tx
      .update(lineEscalations)
      .set({
        mailedUserIds: sql`array_append(${lineEscalations.mailedUserIds}, ${userId}::integer)`,
        mailedTo: sql`cardinality(${lineEscalations.mailedUserIds}) + 1`,
      })
      .where(and(inArray(lineEscalations.id, ids), sql`not (${userId}::integer = any(${lineEscalations.mailedUserIds}))`));
  });
}

/** What one try at a digest left: when to try again for the receivers it did not reach (null: nothing more to send). */
export async function recordDigestMailing(db: DbOrTx, digestId: number, nextMailAt: Date | null): Promise<void> {
  await db.update(escalationDigests).set({ nextMailAt }).where(eq(escalationDigests.id, digestId));
}

/**
 * Takes the digests due to be tried again (a receiver the mail server refused, or a try cut off
 * whose hold ran out), holding each until `holdUntil` so no other process takes it meanwhile;
 * rows another process is taking right now are skipped (SKIP LOCKED).
 */
export async function takeDigestRetries(db: DbOrTx, now: Date, maxAttempts: number, holdUntil: Date, limit: number): Promise<Digest[]> {
  const due = db
    .select({ id: escalationDigests.id })
    .from(escalationDigests)
    .where(and(lte(escalationDigests.nextMailAt, now), lte(escalationDigests.mailAttempts, maxAttempts)))
    .orderBy(escalationDigests.nextMailAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(escalationDigests)
    .set({ mailAttempts: sql`${escalationDigests.mailAttempts} + 1`, nextMailAt: holdUntil })
    .where(inArray(escalationDigests.id, due))
    .returning({ id: escalationDigests.id, hotelId: escalationDigests.hotelId, windowAt: escalationDigests.windowAt, attempts: escalationDigests.mailAttempts, mailedUserIds: escalationDigests.mailedUserIds });
}

/**
 * E-mail is not set up: the digest's escalations wait for the hotel's next window, as though never
 * taken (a digest no receiver got is dropped; one some got keeps them, and is retried as any other).
 */
export async function returnToDigest(db: Db, digestId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [digest] = await tx
      .select({ mailed: sql<number>`cardinality(${escalationDigests.mailedUserIds})` })
      .from(escalationDigests)
      .where(eq(escalationDigests.id, digestId))
      .for('update');
    if (!digest || Number(digest.mailed) > 0) return;
    await tx.update(lineEscalations).set({ digestPending: true, digestId: null }).where(eq(lineEscalations.digestId, digestId));
    await tx.delete(escalationDigests).where(eq(escalationDigests.id, digestId));
  });
}
