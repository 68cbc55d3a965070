import { and, asc, avg, count, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Language } from '@shared';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { inLanguage, nameIn } from '../../access/names';
import { departments, hotels, requestLines, requests, rooms, services } from '../../db/schema';
import { type Scope, lineScopeSql, requestScopeSql } from '../../access/scope';

const notClosed = inArray(requestLines.status, ['Open', 'Assigned']);

/**
 * Lines in the user's scope, joined to their request only when the scope needs the
 * request's hotel: an Admin's figures then count from the lines' own indexes (with
 * 100,000 requests the join made each figure 100–200 ms, on the first screen after
 * sign-in).
 */
function linesInScope<F extends SelectedFields>(db: DbOrTx, fields: F, scope: Scope) {
  const scopeSql = lineScopeSql(scope);
  const lines = db.select(fields).from(requestLines).$dynamic();
  return { lines: scopeSql ? lines.innerJoin(requests, eq(requests.id, requestLines.requestId)) : lines, scopeSql };
}

export async function openLineCount(db: DbOrTx, scope: Scope): Promise<number> {
  const { lines, scopeSql } = linesInScope(db, { n: count() }, scope);
  const [row] = await lines.where(and(notClosed, scopeSql));
  return Number(row?.n ?? 0);
}

export function oldestOpenLines(db: DbOrTx, scope: Scope, lang: Language, limit: number) {
  return db
    .select({
      id: requestLines.id,
      requestId: requests.id,
      requestCode: requests.requestCode,
      serviceName: inLanguage(lang, { en: services.nameEn, ar: services.nameAr }),
      hotelName: inLanguage(lang, { en: hotels.name, ar: hotels.nameAr }),
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
  const { lines, scopeSql } = linesInScope(
    db,
    { n: count(), minutes: sql<string | null>`avg(extract(epoch from (${requestLines.completedAt} - ${requestLines.createdAt})) / 60)` },
    scope,
  );
  const [row] = await lines.where(and(eq(requestLines.status, 'Completed'), gte(requestLines.completedAt, since), scopeSql));
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

/** Open lines past their due time at `now`, per department: the home page's links into the overdue queue. */
export async function overdueByDepartment(db: DbOrTx, scope: Scope, now: Date, lang: Language = 'en') {
  const name = nameIn(departments, lang);
  const { lines, scopeSql } = linesInScope(db, { departmentId: requestLines.departmentId, departmentName: name, overdue: count() }, scope);
  const rows = await lines
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .where(and(lte(requestLines.dueAt, now), scopeSql))
    .groupBy(requestLines.departmentId, departments.name, departments.nameAr)
    .orderBy(desc(count()), asc(name));
  return rows.map((r) => ({ ...r, overdue: Number(r.overdue) }));
}
