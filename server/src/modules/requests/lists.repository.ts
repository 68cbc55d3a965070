import { type SQL, and, asc, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Language, LineStatus, RequestStatus, StaffListFilters } from '@shared';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { nameIn } from '../../db/display-names';
import { departments, hotels, requestLines, requests, rooms, services, workers } from '../../db/schema';
import { lineClockColumns } from './requests.repository';
import { type Scope, lineScopeSql, requestScopeSql } from './scope';

/** The two staff lists, filtered by scope in SQL so paging and totals only ever count what the user may see. */

export interface ListOptions<S extends string> {
  lang: Language;
  search?: string;
  sort?: S;
  order?: 'asc' | 'desc';
  /** Absent: the whole list (SPEC). */
  page?: { offset: number; limit: number };
  /** The moment "overdue" is measured at. */
  now: Date;
}

const OPEN_LINE = inArray(requestLines.status, ['Open', 'Assigned']);
/** A line nobody has acknowledged yet (assigning a worker acknowledges it). */
const WAITING_LINE = and(eq(requestLines.status, 'Open'), isNull(requestLines.acknowledgedAt));
/** An open line past its next due time (the database keeps `due_at` null for closed lines). */
const overdueAt = (now: Date) => lte(requestLines.dueAt, now);
/** "Scheduled": open lines asked for a time that have not alerted yet (the SQL side of isScheduledQuiet). */
const SCHEDULED_LINE = and(OPEN_LINE, isNotNull(requestLines.alertAt), isNull(requestLines.alertedAt));
/** "My queue": open lines of the user's own departments. */
const mineOf = (scope: Scope) => and(OPEN_LINE, inArray(requestLines.departmentId, scope.departmentIds.length ? [...scope.departmentIds] : [-1]));

/** LIKE treats % and _ as wildcards; a guest named "50%" must be found literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The orders are spelled to match the (updated_at DESC NULLS LAST, id) indexes read
 * forwards or backwards — NULLS placement included, which the planner compares even
 * on a NOT NULL column — so a page stops after `limit` rows instead of sorting all.
 * The tie-breaker runs against the main order for the same reason.
 */
const orderBy = (column: AnyPgColumn | SQL, order: 'asc' | 'desc' = 'desc') =>
  order === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
const tieBreak = (id: AnyPgColumn, order: 'asc' | 'desc' = 'desc') => (order === 'asc' ? desc(id) : asc(id));

/**
 * What a search looks in: the row's `search_text` (code, guest, phone, room, hotel and
 * service names, kept by triggers), through its trigram index.
 *
 * The index answers a pattern by intersecting the row lists of all its trigrams, so one
 * word that nearly every row holds (a hotel's or a service's name, a common first name)
 * makes it read nearly every row's entry: with 1,000,000 requests "Guest 12345" read
 * 1,200 index pages, as many as the table has rows of "Guest". So the index is asked
 * for one word of a search of several, the longest (a number on a tie: codes, phones and
 * rooms are rarer than names), whose rows include every row the whole text matches; the
 * whole text is then checked on those rows only (`|| ''` keeps it out of the index).
 * The answer is the same; a word shorter than three letters has no trigram to ask for.
 */
export const searchIn = (column: AnyPgColumn, text: string) => {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const score = (word: string) => word.length * 2 + (/\p{N}/u.test(word) ? 1 : 0);
  const key = words.reduce((best, word) => (score(word) > score(best) ? word : best), '');
  if (words.length < 2 || key.length < 3) return ilike(column, contains(text));
  return and(ilike(column, contains(key)), sql`(${column} || '') ilike ${contains(text)}`);
};

/** A day alone as the end of a range means through that whole day. */
const isDay = (value: string) => value.length === 10;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The creation-time range of a list's filters, on the given column. */
function createdWithin(column: AnyPgColumn, filter: StaffListFilters): SQL[] {
  const range: SQL[] = [];
  if (filter.from) range.push(gte(column, new Date(isDay(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)));
  if (filter.to) range.push(isDay(filter.to) ? lt(column, nextDay(filter.to)) : lte(column, new Date(filter.to)));
  return range;
}

/** Names sort in the language they are shown in. */
const ARABIC_SORTS: Partial<Record<string, AnyPgColumn | SQL>> = {
  hotelName: hotels.nameAr,
  serviceName: services.nameAr,
  departmentName: nameIn(departments, 'ar'),
};
const sortColumnOf = <S extends string>(sorts: Record<S, AnyPgColumn>, options: ListOptions<S>) => {
  const key = options.sort ?? ('updatedAt' as S);
  return (options.lang === 'ar' && Object.hasOwn(ARABIC_SORTS, key) && ARABIC_SORTS[key]) || sorts[key];
};

/** The request has a line meeting `condition`. */
const lineOfRequest = (db: DbOrTx, condition: SQL | undefined) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(requestLines)
      .where(and(eq(requestLines.requestId, requests.id), condition)),
  );

// ── Guest requests ─────────────────────────────────────────────────────────
export const REQUEST_SORTS = {
  code: requests.seq,
  custName: requests.custName,
  custPhone: requests.custPhone,
  hotelName: hotels.name,
  roomNumber: rooms.number,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
  statusName: requests.status,
} as const;
export type RequestSort = keyof typeof REQUEST_SORTS;

const ONE = sql<number>`1`.as('one');

/**
 * The rows a list's condition matches, counted up to `max + 1`: enough to tell "more than
 * `max`" without reading the rest. An unbounded count(*) reads every matching row, which on
 * a chain's year of history (a million requests) cost up to a second per page view.
 */
async function countUpTo(db: DbOrTx, matching: PgSelect, max: number): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(matching.limit(max + 1).as('matching'));
  return row.total;
}

export async function listRequests(
  db: DbOrTx,
  scope: Scope,
  filter: StaffListFilters & { status?: RequestStatus },
  options: ListOptions<RequestSort>,
) {
  const where: (SQL | undefined)[] = [
    requestScopeSql(scope),
    filter.status ? eq(requests.status, filter.status) : undefined,
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
    filter.departmentId ? lineOfRequest(db, eq(requestLines.departmentId, filter.departmentId)) : undefined,
    ...createdWithin(requests.createdAt, filter),
    filter.open === 'true' ? lineOfRequest(db, OPEN_LINE) : undefined,
    filter.waiting === 'true' ? lineOfRequest(db, WAITING_LINE) : undefined,
    filter.overdue === 'true' ? lineOfRequest(db, overdueAt(options.now)) : undefined,
    filter.mine === 'true' ? lineOfRequest(db, mineOf(scope)) : undefined,
    filter.scheduled === 'true' ? lineOfRequest(db, SCHEDULED_LINE) : undefined,
  ];
  if (options.search) where.push(searchIn(requests.searchText, options.search));
  const condition = and(...where);
  const base = db
    .select({
      id: requests.id,
      // The oldest open line's creation (its age) and the earliest due time of the open lines.
      oldestOpenAt: sql<Date | null>`(select min(l.created_at) from request_lines l where l.request_id = ${requests.id} and l.status in ('Open', 'Assigned'))`.mapWith(
        requestLines.createdAt,
      ),
      dueAt: sql<Date | null>`(select min(l.due_at) from request_lines l where l.request_id = ${requests.id})`.mapWith(requestLines.createdAt),
      code: requests.requestCode,
      custName: requests.custName,
      custPhone: requests.custPhone,
      hotelName: options.lang === 'ar' ? hotels.nameAr : hotels.name,
      roomNumber: rooms.number,
      createdAt: requests.createdAt,
      updatedAt: requests.updatedAt,
      statusName: requests.status,
      roomVerified: requests.roomVerified,
      channel: requests.channel,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(condition)
    .orderBy(orderBy(sortColumnOf(REQUEST_SORTS, options), options.order), tieBreak(requests.id, options.order))
    .$dynamic();
  if (!options.page) return { rows: await base };
  // Every condition is on the request itself, so the count needs no joins.
  const count = (max: number) => countUpTo(db, db.select({ one: ONE }).from(requests).where(condition).$dynamic(), max);
  return { rows: await base.limit(options.page.limit).offset(options.page.offset), count };
}

// ── Service lines ──────────────────────────────────────────────────────────
export const LINE_SORTS = {
  requestHeaderCode: requests.seq,
  serviceName: services.nameEn,
  departmentName: departments.name,
  hotelName: hotels.name,
  roomNumber: rooms.number,
  createdAt: requestLines.createdAt,
  updatedAt: requestLines.updatedAt,
  statusName: requestLines.status,
} as const;
export type LineSort = keyof typeof LINE_SORTS;
/** The worker's own Accept and Start on a phone: when, and who (read for the page's rows only). */
const workerStepColumns = {
  acceptedAt: requestLines.acceptedAt,
  acceptedBy: sql<string | null>`(select w.name from ${workers} w where w.id = ${requestLines.acceptedByWorkerId})`.as('accepted_by'),
  startedAt: requestLines.startedAt,
  startedBy: sql<string | null>`(select w.name from ${workers} w where w.id = ${requestLines.startedByWorkerId})`.as('started_by'),
};
/** The sorts on the line's own columns, by the column's key: a page of them is found before any join. */
const OWN_LINE_SORTS: Partial<Record<LineSort, 'createdAt' | 'updatedAt' | 'status'>> = { createdAt: 'createdAt', updatedAt: 'updatedAt', statusName: 'status' };
type LineOrderColumns = Record<'id' | 'createdAt' | 'dueAt' | 'scheduledFor', AnyPgColumn>;

export async function listLines(
  db: DbOrTx,
  scope: Scope,
  filter: StaffListFilters & { status?: LineStatus },
  options: ListOptions<LineSort>,
) {
  // The line's own copy of its request's hotel: scope and filters need no join.
  const where: (SQL | undefined)[] = [
    lineScopeSql(scope, { hotelId: requestLines.hotelId, departmentId: requestLines.departmentId }),
    filter.status ? eq(requestLines.status, filter.status) : undefined,
    filter.hotelId ? eq(requestLines.hotelId, filter.hotelId) : undefined,
    filter.departmentId ? eq(requestLines.departmentId, filter.departmentId) : undefined,
    ...createdWithin(requestLines.createdAt, filter),
    filter.open === 'true' ? OPEN_LINE : undefined,
    filter.waiting === 'true' ? WAITING_LINE : undefined,
    filter.overdue === 'true' ? overdueAt(options.now) : undefined,
    filter.mine === 'true' ? mineOf(scope) : undefined,
    filter.scheduled === 'true' ? SCHEDULED_LINE : undefined,
  ];
  if (options.search) where.push(searchIn(requestLines.searchText, options.search));
  const condition = and(...where);
  // My queue and the overdue list, unless a sort is asked for: the latest first, then the oldest.
  const myQueue = (filter.mine === 'true' || filter.overdue === 'true') && !options.sort;
  // The scheduled queue, unless a sort is asked for: the soonest time first.
  const scheduledQueue = filter.scheduled === 'true' && !options.sort;
  const ownSort = OWN_LINE_SORTS[options.sort ?? 'updatedAt'];
  /** The page's order, on the line's own columns (from the table, or from a page of it). */
  const orderOnLine = (line: LineOrderColumns, sortColumn: AnyPgColumn | SQL) =>
    scheduledQueue
      ? [sql`${line.scheduledFor} asc nulls last`, asc(line.id)]
      : myQueue
      ? // The most urgent first (the earliest due is the latest); lines without a target after, oldest first.
        [sql`${line.dueAt} asc nulls last`, asc(line.createdAt), asc(line.id)]
      : [orderBy(sortColumn, options.order), tieBreak(line.id, options.order)];

  const count = (max: number) => countUpTo(db, db.select({ one: ONE }).from(requestLines).where(condition).$dynamic(), max);

  /** What a line's row shows of its request, service, department, hotel and room (both paths join them). */
  const namesOfLine = {
    requestId: requests.id,
    requestHeaderCode: requests.requestCode,
    channel: requests.channel,
    serviceName: options.lang === 'ar' ? services.nameAr : services.nameEn,
    departmentName: nameIn(departments, options.lang),
    hotelName: options.lang === 'ar' ? hotels.nameAr : hotels.name,
    roomNumber: rooms.number,
  };

  if (options.page && (myQueue || scheduledQueue || ownSort)) {
    // The page's 20 lines are found on request_lines alone, then the names are joined to
    // those 20. Planned as one six-table join, PostgreSQL weighed every index of
    // request_lines at every join level: ~2 ms of planning for a 0.3 ms read, on every call.
    const found = db
      .select({ id: requestLines.id, requestId: requestLines.requestId, serviceId: requestLines.serviceId, departmentId: requestLines.departmentId, createdAt: requestLines.createdAt, updatedAt: requestLines.updatedAt, status: requestLines.status, dueAt: requestLines.dueAt, guestUnreadAt: requestLines.guestUnreadAt, ...lineClockColumns, ...workerStepColumns })
      .from(requestLines)
      .$dynamic();
    const page = found
      .where(condition)
      .orderBy(...orderOnLine(requestLines, requestLines[ownSort ?? 'updatedAt']))
      .limit(options.page.limit)
      .offset(options.page.offset)
      .as('page');
    const rows = await db
      .select({
        id: page.id,
        ...namesOfLine,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
        statusName: page.status,
        acknowledgedAt: page.acknowledgedAt,
        clockStartedAt: page.clockStartedAt,
        acknowledgeDueAt: page.acknowledgeDueAt,
        completeDueAt: page.completeDueAt,
        scheduledFor: page.scheduledFor,
        alertAt: page.alertAt,
        alertedAt: page.alertedAt,
        acceptedAt: page.acceptedAt,
        acceptedBy: page.acceptedBy,
        startedAt: page.startedAt,
        startedBy: page.startedBy,
        guestUnreadAt: page.guestUnreadAt,
      })
      .from(page)
      .innerJoin(requests, eq(requests.id, page.requestId))
      .innerJoin(hotels, eq(hotels.id, requests.hotelId))
      .innerJoin(rooms, eq(rooms.id, requests.roomId))
      .innerJoin(services, eq(services.id, page.serviceId))
      .leftJoin(departments, eq(departments.id, page.departmentId))
      .orderBy(...orderOnLine(page, page[ownSort ?? 'updatedAt']));
    return { rows, count };
  }

  const base = db
    .select({
      id: requestLines.id,
      ...namesOfLine,
      createdAt: requestLines.createdAt,
      updatedAt: requestLines.updatedAt,
      statusName: requestLines.status,
      ...lineClockColumns,
      ...workerStepColumns,
      guestUnreadAt: requestLines.guestUnreadAt,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .where(condition)
    .orderBy(...orderOnLine(requestLines, sortColumnOf(LINE_SORTS, options)))
    .$dynamic();
  if (!options.page) return { rows: await base };
  return { rows: await base.limit(options.page.limit).offset(options.page.offset), count };
}

/** The service names of the requests on one page, in each request's line order (the Guests Requests row shows them). */
export async function serviceNamesOf(db: DbOrTx, requestIds: string[], lang: Language): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return names;
  const rows = await db
    .select({ requestId: requestLines.requestId, name: lang === 'ar' ? services.nameAr : services.nameEn })
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(inArray(requestLines.requestId, requestIds))
    .orderBy(asc(requestLines.id));
  for (const row of rows) names.get(row.requestId)?.push(row.name);
  return names;
}
