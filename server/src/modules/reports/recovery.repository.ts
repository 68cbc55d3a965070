import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { RecoveryStatus } from '@shared';
import type { DbOrTx } from '../../db/client';
import { feedbackFollowUps, hotels, requestLines, requests, rooms, services } from '../../db/schema';
import { type Scope, requestScopeSql } from '../../access/scope';

/** Service recovery's follow-ups in the database. */

/** What the duty managers are told of a low rating: the guest, the room, the hotel and the services. */
export async function recoverySubject(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({
      requestId: requests.id,
      requestCode: requests.requestCode,
      custName: requests.custName,
      review: sql<string>`coalesce(${requests.review}, '')`,
      hotelId: hotels.id,
      hotelNameEn: hotels.name,
      hotelNameAr: hotels.nameAr,
      threshold: hotels.recoveryThreshold,
      roomNumber: rooms.number,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(eq(requests.id, requestId));
  if (!row) return undefined;
  const lines = await db
    .select({ nameEn: services.nameEn, nameAr: services.nameAr })
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.id));
  return { ...row, services: lines };
}
export type RecoverySubject = NonNullable<Awaited<ReturnType<typeof recoverySubject>>>;

/** Opens the follow-up once: a second call (another process, a retried review) finds it there and answers undefined. */
export async function openFollowUp(db: DbOrTx, values: { requestId: string; hotelId: number; rating: number; at: Date }): Promise<number | undefined> {
  const [row] = await db
    .insert(feedbackFollowUps)
    .values({ requestId: values.requestId, hotelId: values.hotelId, rating: values.rating, createdAt: values.at, updatedAt: values.at })
    .onConflictDoNothing({ target: feedbackFollowUps.requestId })
    .returning({ id: feedbackFollowUps.id });
  return row?.id;
}

/** One more duty manager's e-mail was accepted by the mail server. */
export async function countMailed(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(feedbackFollowUps)
    .set({ mailedCount: sql`coalesce(${feedbackFollowUps.mailedCount}, 0) + 1` })
    .where(eq(feedbackFollowUps.id, id));
}

export async function followUpById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(feedbackFollowUps).where(eq(feedbackFollowUps.id, id));
  return row;
}

/** Moves a follow-up on only from the status it was read in: two managers at once cannot both move it. */
export async function moveFollowUp(
  db: DbOrTx,
  id: number,
  from: RecoveryStatus,
  patch: { status: RecoveryStatus; note: string; followerId: number | null; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(feedbackFollowUps)
    .set({ status: patch.status, note: patch.note, followerId: patch.followerId, updatedAt: patch.at, resolvedAt: patch.status === 'resolved' ? patch.at : null })
    .where(and(eq(feedbackFollowUps.id, id), eq(feedbackFollowUps.status, from)))
    .returning({ id: feedbackFollowUps.id });
  return rows.length > 0;
}

/** The report's recovery figures: follow-ups opened in the period, and those of them resolved (recovered guests). */
export async function recoveryCounts(db: DbOrTx, scope: Scope, filter: { from: Date; to: Date; hotelId?: number }) {
  const [row] = await db
    .select({
      followUps: sql<number>`count(*)::int`,
      recovered: sql<number>`(count(*) filter (where ${feedbackFollowUps.status} = 'resolved'))::int`,
    })
    .from(feedbackFollowUps)
    .innerJoin(requests, eq(requests.id, feedbackFollowUps.requestId))
    .where(
      and(
        gte(feedbackFollowUps.createdAt, filter.from),
        lt(feedbackFollowUps.createdAt, filter.to),
        filter.hotelId ? eq(feedbackFollowUps.hotelId, filter.hotelId) : undefined,
        requestScopeSql(scope),
      ),
    );
  return { followUps: Number(row?.followUps ?? 0), recovered: Number(row?.recovered ?? 0) };
}
