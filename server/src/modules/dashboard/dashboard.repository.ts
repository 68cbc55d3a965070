import { and, asc, avg, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@shared';
import type { DbOrTx } from '../../db/client';
import { hotels, requestLines, requests, rooms, services } from '../../db/schema';
import { type Scope, lineScopeSql, requestScopeSql } from '../requests/scope';

const notClosed = inArray(requestLines.status, ['Open', 'Assigned']);

export async function openLineCount(db: DbOrTx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(notClosed, lineScopeSql(scope)));
  return Number(row?.n ?? 0);
}

export function oldestOpenLines(db: DbOrTx, scope: Scope, lang: Language, limit: number) {
  return db
    .select({
      id: requestLines.id,
      requestId: requests.id,
      requestCode: requests.requestCode,
      serviceName: lang === 'ar' ? services.nameAr : services.nameEn,
      hotelName: lang === 'ar' ? hotels.nameAr : hotels.name,
      roomNumber: rooms.number,
      statusName: requestLines.status,
      createdAt: requestLines.createdAt,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(and(notClosed, lineScopeSql(scope)))
    .orderBy(asc(requestLines.createdAt), asc(requestLines.id))
    .limit(limit);
}

/** Lines completed since `since`, and their average minutes from creation to completion. */
export async function completedSince(db: DbOrTx, scope: Scope, since: Date): Promise<{ count: number; avgMinutes: number | null }> {
  const [row] = await db
    .select({
      n: count(),
      minutes: sql<string | null>`avg(extract(epoch from (${requestLines.completedAt} - ${requestLines.createdAt})) / 60)`,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(eq(requestLines.status, 'Completed'), gte(requestLines.completedAt, since), lineScopeSql(scope)));
  return { count: Number(row?.n ?? 0), avgMinutes: row?.minutes == null ? null : Number(row.minutes) };
}

/** Reviews given since `since` on requests of the user's hotels. */
export async function reviewsSince(db: DbOrTx, scope: Scope, since: Date): Promise<{ count: number; avgRating: number | null }> {
  const [row] = await db
    .select({ n: count(), rating: avg(requests.rating) })
    .from(requests)
    .where(
      and(
        isNotNull(requests.rating),
        gte(requests.reviewedAt, since),
        requestScopeSql(scope),
      ),
    );
  return { count: Number(row?.n ?? 0), avgRating: row?.rating == null ? null : Number(row.rating) };
}
