import { type SQL, and, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Language, ServiceLevelGroup } from '@shared';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { inLanguage, nameIn } from '../../access/names';
import { departments, feedbackFollowUps, hotels, requestLines, requests, rooms, services, users, workers } from '../../db/schema';
import { type Scope, lineScopeSql, requestScopeSql } from '../../access/scope';

export interface ReportFilter {
  from: Date;
  to: Date;
  hotelId?: number;
  departmentId?: number;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The lines a service-level report counts: created in [from, to), the filters, and the
 * caller's scope. A request's lines are created with it in one transaction (AddRequest),
 * so they share its created_at: bounding the request too keeps the join to the period's
 * requests instead of every request ever made.
 */
function lineFilter(scope: Scope, filter: ReportFilter): SQL | undefined {
  return and(
    gte(requestLines.createdAt, sql`${at(filter.from)}`),
    lt(requestLines.createdAt, sql`${at(filter.to)}`),
    gte(requests.createdAt, sql`${at(filter.from)}`),
    lt(requests.createdAt, sql`${at(filter.to)}`),
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
    filter.departmentId ? eq(requestLines.departmentId, filter.departmentId) : undefined,
    lineScopeSql(scope),
  );
}

/** What a group is keyed by (null: no department or worker yet) and where its name comes from. */
function grouping(groupBy: ServiceLevelGroup, lang: Language, timeZone: string): { key: SQL; name: SQL } {
  switch (groupBy) {
    case 'hotel':
      return { key: sql`${requests.hotelId}`, name: sql`(select ${inLanguage(lang, { en: hotels.name, ar: hotels.nameAr })} from ${hotels} where ${hotels.id} = a.k)` };
    case 'department':
      return { key: sql`${requestLines.departmentId}`, name: sql`(select ${nameIn(departments, lang)} from ${departments} where ${departments.id} = a.k)` };
    case 'worker':
      return { key: sql`${requestLines.workerId}`, name: sql`(select ${nameIn(workers, lang)} from ${workers} where ${workers.id} = a.k)` };
    case 'service':
      return { key: sql`${requestLines.serviceId}`, name: sql`(select ${inLanguage(lang, { en: services.nameEn, ar: services.nameAr })} from ${services} where ${services.id} = a.k)` };
    case 'channel':
      // Named in the caller's language by the service (the channels are a fixed list, not rows).
      return { key: sql`${requests.channel}`, name: sql`a.k::text` };
    case 'day':
      return { key: sql`(${requestLines.createdAt} at time zone ${timeZone})::date`, name: sql`to_char(a.k, 'YYYY-MM-DD')` };
  }
}

export interface ServiceLevelSqlRow {
  is_total: boolean;
  k: string | null;
  name: string | null;
  lines: number;
  completed: number;
  rejected: number;
  ack50: number | null;
  ack90: number | null;
  done50: number | null;
  done90: number | null;
  /** Percent of the lines with a completion target, completed or past it, that were completed in time. */
  on_time: number | null;
  rating: number | null;
  ratings: number;
  /** On the total row only: rated requests per rating 1–10. */
  distribution: number[] | null;
}

/**
 * One pass over the period's lines: counts and percentiles per group and in total
 * (grouping sets), ratings once per request and group. Minutes are fractional.
 */
export async function serviceLevels(
  db: Db,
  scope: Scope,
  filter: ReportFilter,
  groupBy: ServiceLevelGroup,
  lang: Language,
  timeZone: string,
  now: Date,
): Promise<ServiceLevelSqlRow[]> {
  const { key, name } = grouping(groupBy, lang, timeZone);
  // least() skips nulls: the first of an acknowledgement or an assignment.
  const acknowledgedAt = sql`least(${requestLines.acknowledgedAt}, ${requestLines.assignedToDepartmentAt}, ${requestLines.assignedAt})`;
  // A line with a completion target counts once its fate is known: completed (by its due
  // time or not) or still open past it; 1 when it kept the promise.
  const onTime = sql`case when ${requestLines.completeDueAt} is not null and (${requestLines.status} = 'Completed' or ${requestLines.dueAt} <= ${now.toISOString()}::timestamptz)
    then (${requestLines.status} = 'Completed' and ${requestLines.completedAt} <= ${requestLines.completeDueAt})::int end`;
  // The period's lines (tens of thousands at chain scale) are sorted per measure and group:
  // enough memory keeps those sorts and the shared CTE off disk (the default is 4 MB).
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(sql`
    with l as materialized (
      select ${key} as k, ${requestLines.requestId} as request_id, ${requestLines.status} as status, ${requests.rating} as rating,
             date_part('epoch', ${acknowledgedAt} - ${requestLines.createdAt}) / 60 as ack,
             case when ${requestLines.status} = 'Completed' then date_part('epoch', ${requestLines.completedAt} - ${requestLines.createdAt}) / 60 end as done,
             ${onTime} as on_time
      from ${requestLines} join ${requests} on ${requests.id} = ${requestLines.requestId}
      where ${lineFilter(scope, filter)}
    ),
    a as (
      select k, grouping(k) = 1 as is_total, count(*)::int as lines,
             count(*) filter (where status = 'Completed')::int as completed,
             count(*) filter (where status = 'Rejected')::int as rejected,
             -- One sort per measure gives both percentiles.
             percentile_cont(array[0.5, 0.9]) within group (order by ack) as ack,
             percentile_cont(array[0.5, 0.9]) within group (order by done) as done,
             avg(on_time)::float8 * 100 as on_time
      from l group by grouping sets ((k), ())
    ),
    by_group as (
      select k, avg(rating)::float8 as rating, count(*)::int as ratings
      from (select distinct k, request_id, rating from l where rating is not null) g group by k
    ),
    rated as (select distinct request_id, rating from l where rating is not null),
    overall as (
      select avg(rating)::float8 as rating, count(*)::int as ratings,
             (select array_agg(coalesce(c.n, 0) order by s) from generate_series(1, 10) s
              left join (select rating, count(*)::int as n from rated group by rating) c on c.rating = s) as distribution
      from rated
    )
    select a.is_total, a.k::text as k, case when a.is_total or a.k is null then null else ${name} end as name,
           a.lines, a.completed, a.rejected, a.ack[1] as ack50, a.ack[2] as ack90, a.done[1] as done50, a.done[2] as done90, a.on_time,
           case when a.is_total then overall.rating else g.rating end as rating,
           coalesce(case when a.is_total then overall.ratings else g.ratings end, 0)::int as ratings,
           case when a.is_total then overall.distribution end as distribution
    from a cross join overall left join by_group g on not a.is_total and g.k is not distinct from a.k`);
  });
  return rowsOf<ServiceLevelSqlRow>(result);
}

// ── Room history ──────────────────────────────────────────────────────────
export async function roomOf(db: DbOrTx, roomId: number, lang: Language) {
  const [room] = await db
    .select({ id: rooms.id, number: rooms.number, hotelId: rooms.hotelId, hotelName: inLanguage(lang, { en: hotels.name, ar: hotels.nameAr }) })
    .from(rooms)
    .innerJoin(hotels, eq(hotels.id, rooms.hotelId))
    .where(eq(rooms.id, roomId));
  return room;
}

export function roomRequests(db: DbOrTx, roomId: number, limit: number) {
  return db
    .select({
      id: requests.id,
      requestCode: requests.requestCode,
      statusName: requests.status,
      custName: requests.custName,
      createdAt: requests.createdAt,
      rating: requests.rating,
      review: requests.review,
    })
    .from(requests)
    .where(eq(requests.roomId, roomId))
    .orderBy(desc(requests.createdAt), desc(requests.seq))
    .limit(limit);
}

export function linesOf(db: DbOrTx, requestIds: string[], lang: Language) {
  return db
    .select({
      id: requestLines.id,
      requestId: requestLines.requestId,
      serviceId: requestLines.serviceId,
      serviceName: inLanguage(lang, { en: services.nameEn, ar: services.nameAr }),
      departmentId: requestLines.departmentId,
      departmentName: nameIn(departments, lang),
      workerName: nameIn(workers, lang),
      statusName: requestLines.status,
      createdAt: requestLines.createdAt,
      assignedToDepartmentAt: requestLines.assignedToDepartmentAt,
      assignedAt: requestLines.assignedAt,
      completedAt: requestLines.completedAt,
      rejectedAt: requestLines.rejectedAt,
    })
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .where(inArray(requestLines.requestId, requestIds.length ? requestIds : ['00000000-0000-0000-0000-000000000000']))
    .orderBy(requestLines.id);
}

/** When each service was asked for in this room since `since` (every line, whatever its scope: a fault is the room's). */
export function serviceTimesInRoom(db: DbOrTx, roomId: number, since: Date) {
  return db
    .select({ serviceId: requestLines.serviceId, createdAt: requestLines.createdAt })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(eq(requests.roomId, roomId), gte(requestLines.createdAt, since)))
    .orderBy(requestLines.createdAt);
}

// ── Guest feedback ────────────────────────────────────────────────────────
export async function guestFeedback(
  db: DbOrTx,
  scope: Scope,
  filter: { from: Date; to: Date; hotelId?: number; minRating?: number; maxRating?: number },
  lang: Language,
  limit: number,
) {
  return db
    .select({
      requestId: requests.id,
      requestCode: requests.requestCode,
      rating: sql<number>`${requests.rating}`,
      review: sql<string>`coalesce(${requests.review}, '')`,
      reviewedAt: sql<Date>`${requests.reviewedAt}`.mapWith(requests.reviewedAt),
      hotelName: inLanguage(lang, { en: hotels.name, ar: hotels.nameAr }),
      roomId: rooms.id,
      roomNumber: rooms.number,
      departments: sql<string[]>`array(
        select distinct ${nameIn(departments, lang)} from ${requestLines} join ${departments} on ${departments.id} = ${requestLines.departmentId}
        where ${requestLines.requestId} = ${requests.id} order by 1)`,
      custName: requests.custName,
      services: sql<string[]>`array(
        select ${inLanguage(lang, { en: services.nameEn, ar: services.nameAr })} from ${requestLines} join ${services} on ${services.id} = ${requestLines.serviceId}
        where ${requestLines.requestId} = ${requests.id} order by ${requestLines.id})`,
      followUpId: feedbackFollowUps.id,
      followUpStatus: feedbackFollowUps.status,
      followUpNote: feedbackFollowUps.note,
      followUpUpdatedAt: feedbackFollowUps.updatedAt,
      followerName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .leftJoin(feedbackFollowUps, eq(feedbackFollowUps.requestId, requests.id))
    .leftJoin(users, eq(users.id, feedbackFollowUps.followerId))
    .where(
      and(
        isNotNull(requests.rating),
        gte(requests.reviewedAt, filter.from),
        lt(requests.reviewedAt, filter.to),
        filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
        filter.minRating ? gte(requests.rating, filter.minRating) : undefined,
        filter.maxRating ? lte(requests.rating, filter.maxRating) : undefined,
        requestScopeSql(scope),
      ),
    )
    .orderBy(desc(requests.reviewedAt), desc(requests.seq))
    .limit(limit);
}
