import { type SQL, type SQLWrapper, and, asc, desc, eq, exists, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Language, LineStatus, RequestStatus, StaffListFilters } from '@shared';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { builtPerShape } from '../../db/prepared';
import { inLanguage, nameIn } from '../../access/names';
import { departments, hotels, requestLines, requests, rooms, services, workers } from '../../db/schema';
import { OPEN_REQUEST_STATUSES } from './request-status';
import { lineClockColumns } from './requests.repository';
import { type Scope, lineScopeSql, requestScopeSql } from '../../access/scope';

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

/**
 * A list's statements are built once per shape (which filters it has, its sort, order and
 * language; see builtPerShape) and run with the call's values as parameters: building a
 * Drizzle query costs more of the server's CPU than the page's read costs PostgreSQL.
 */
type ListParam = 'hotelIds' | 'departmentIds' | 'status' | 'hotelId' | 'departmentId' | 'from' | 'to' | 'now' | 'searchKey' | 'searchWhole' | 'limit' | 'offset' | 'countLimit';
const param = (name: ListParam) => sql.placeholder(name);

interface ListShape {
  lang: Language;
  isAdmin: boolean;
  status: boolean;
  hotelId: boolean;
  departmentId: boolean;
  from: boolean;
  to?: 'day' | 'time';
  open: boolean;
  waiting: boolean;
  overdue: boolean;
  mine: boolean;
  scheduled: boolean;
  search?: 'whole' | 'keyed';
  sort?: string;
  order?: 'asc' | 'desc';
  paged: boolean;
}

type ListFilter = StaffListFilters & { status?: string };

function shapeOf(scope: Scope, filter: ListFilter, options: ListOptions<string>): ListShape {
  return {
    lang: options.lang,
    isAdmin: scope.isAdmin,
    status: !!filter.status,
    hotelId: !!filter.hotelId,
    departmentId: !!filter.departmentId,
    from: !!filter.from,
    to: filter.to ? (isDay(filter.to) ? 'day' : 'time') : undefined,
    open: filter.open === 'true',
    waiting: filter.waiting === 'true',
    overdue: filter.overdue === 'true',
    mine: filter.mine === 'true',
    scheduled: filter.scheduled === 'true',
    search: options.search ? (searchKeyOf(options.search) === undefined ? 'whole' : 'keyed') : undefined,
    sort: options.sort,
    order: options.order,
    paged: !!options.page,
  };
}

/** The values of a list's parameters; a statement reads those its shape has. */
function valuesOf(scope: Scope, filter: ListFilter, options: ListOptions<string>): Record<ListParam, unknown> {
  const { from, to } = filter;
  const { search } = options;
  return {
    hotelIds: [...scope.hotelIds],
    departmentIds: [...scope.departmentIds],
    status: filter.status,
    hotelId: filter.hotelId,
    departmentId: filter.departmentId,
    from: from && new Date(isDay(from) ? `${from}T00:00:00Z` : from).toISOString(),
    to: to && (isDay(to) ? nextDay(to) : new Date(to)).toISOString(),
    now: options.now.toISOString(),
    searchKey: search && contains(searchKeyOf(search) ?? search),
    searchWhole: search && contains(search),
    limit: options.page?.limit,
    offset: options.page?.offset,
    countLimit: undefined,
  };
}

/** The user's kind, for a scope rule written with its ids as parameters (which the call's values fill). */
const kindOf = (shape: ListShape): Scope => ({ isAdmin: shape.isAdmin, hotelIds: [], departmentIds: [] });

/** The search condition of a shape, on the given column. */
const searchOf = (column: AnyPgColumn, shape: ListShape) =>
  shape.search ? searchSql(column, shape.search === 'keyed' ? param('searchKey') : undefined, param('searchWhole')) : undefined;

const OPEN_LINE = inArray(requestLines.status, ['Open', 'Assigned']);
/** A line nobody has acknowledged yet (assigning a worker acknowledges it). */
const WAITING_LINE = and(eq(requestLines.status, 'Open'), isNull(requestLines.acknowledgedAt));
/** An open line past its next due time (the database keeps `due_at` null for closed lines). */
const OVERDUE_LINE = sql`${requestLines.dueAt} <= ${param('now')}::timestamptz`;
/** "Scheduled": open lines asked for a time that have not alerted yet (the SQL side of isScheduledQuiet). */
const SCHEDULED_LINE = and(OPEN_LINE, isNotNull(requestLines.alertAt), isNull(requestLines.alertedAt));
/** "My queue": open lines of the user's own departments. */
const MINE_LINE = and(OPEN_LINE, sql`${requestLines.departmentId} = any(${param('departmentIds')})`);

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
 * for one word of a search of several: a number if it has one (codes, phones and rooms are
 * rarer than names: "Guest 4242" asked for "Guest" cost 97 ms of PostgreSQL per search at
 * 10,000 requests), else the longest, whose rows include every row the whole text matches; the
 * whole text is then checked on those rows only (`|| ''` keeps it out of the index).
 * The answer is the same; a word shorter than three letters has no trigram to ask for.
 */
export const searchIn = (column: AnyPgColumn, text: string) => {
  const key = searchKeyOf(text);
  return searchSql(column, key === undefined ? undefined : contains(key), contains(text));
};

/** The word of a search the index is asked for (see searchIn); undefined when it is asked for the whole text. */
function searchKeyOf(text: string): string | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  // A word with a digit (a code, phone or room) of three or more is rarer than any name: asked first, whatever its length.
  const score = (word: string) => word.length + (/\p{N}/u.test(word) && word.length >= 3 ? 1_000 : 0);
  const key = words.reduce((best, word) => (score(word) > score(best) ? word : best), '');
  return words.length < 2 || key.length < 3 ? undefined : key;
}

function searchSql(column: AnyPgColumn, key: string | SQLWrapper | undefined, whole: string | SQLWrapper): SQL | undefined {
  if (key === undefined) return ilike(column, whole);
  return and(ilike(column, key), sql`(${column} || '') ilike ${whole}`);
}

/** A day alone as the end of a range means through that whole day. */
const isDay = (value: string) => value.length === 10;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The creation-time range of a list's filters, on the given column (`to` a day: before the next day begins). */
function createdWithin(column: AnyPgColumn, shape: ListShape): SQL[] {
  const range: SQL[] = [];
  if (shape.from) range.push(sql`${column} >= ${param('from')}::timestamptz`);
  if (shape.to) range.push(shape.to === 'day' ? sql`${column} < ${param('to')}::timestamptz` : sql`${column} <= ${param('to')}::timestamptz`);
  return range;
}

/** Names sort in the language they are shown in. */
const ARABIC_SORTS: Partial<Record<string, AnyPgColumn | SQL>> = {
  hotelName: hotels.nameAr,
  serviceName: services.nameAr,
  departmentName: nameIn(departments, 'ar'),
};
const sortColumnOf = <S extends string>(sorts: Record<S, AnyPgColumn>, choice: { lang: Language; sort?: string }) => {
  const key = (choice.sort ?? 'updatedAt') as S;
  return (choice.lang === 'ar' && Object.hasOwn(ARABIC_SORTS, key) && ARABIC_SORTS[key]) || sorts[key];
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
function countUpTo(db: DbOrTx, matching: PgSelect) {
  return db.select({ total: sql<number>`count(*)::int` }).from(matching.limit(param('countLimit')).as('matching')).prepare('');
}

/** Runs a shape's count with the call's values, up to `max + 1`. */
const countWith = (count: ReturnType<typeof countUpTo>, values: Record<ListParam, unknown>) => async (max: number) => {
  const [row] = await count.execute({ ...values, countLimit: max + 1 });
  return row.total;
};

/** A list's statements for one shape: its rows, and (paged) its count. */
interface ListStatements<Rows> {
  rows: { execute(values: Record<string, unknown>): Promise<Rows> };
  count?: ReturnType<typeof countUpTo>;
}

/** Runs the statements of this call's shape with its values: the rows, and how to count them (paged only). */
async function runList<Rows>(statementsOf: (db: DbOrTx, shape: ListShape) => ListStatements<Rows>, db: DbOrTx, scope: Scope, filter: ListFilter, options: ListOptions<string>) {
  const statements = statementsOf(db, shapeOf(scope, filter, options));
  const values = valuesOf(scope, filter, options);
  return { rows: await statements.rows.execute(values), count: statements.count && countWith(statements.count, values) };
}

const requestStatements = builtPerShape((db: DbOrTx, shape: ListShape) => {
  const where: (SQL | undefined)[] = [
    requestScopeSql(kindOf(shape), { hotelId: requests.hotelId }, 'parameters'),
    shape.status ? sql`${requests.status} = ${param('status')}` : undefined,
    shape.hotelId ? sql`${requests.hotelId} = ${param('hotelId')}` : undefined,
    shape.departmentId ? lineOfRequest(db, sql`${requestLines.departmentId} = ${param('departmentId')}`) : undefined,
    ...createdWithin(requests.createdAt, shape),
    // The request's own status says whether it has an open line (OPEN_REQUEST_STATUSES): read through its index, not
    // by looking through every open line and then each of their requests (2,500 buffers a page at 1,000,000 requests).
    shape.open ? inArray(requests.status, [...OPEN_REQUEST_STATUSES]) : undefined,
    shape.waiting ? lineOfRequest(db, WAITING_LINE) : undefined,
    shape.overdue ? lineOfRequest(db, OVERDUE_LINE) : undefined,
    shape.mine ? lineOfRequest(db, MINE_LINE) : undefined,
    shape.scheduled ? lineOfRequest(db, SCHEDULED_LINE) : undefined,
    searchOf(requests.searchText, shape),
  ];
  const condition = and(...where);
  const rows = db
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
      hotelName: inLanguage(shape.lang, { en: hotels.name, ar: hotels.nameAr }),
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
    .orderBy(orderBy(sortColumnOf(REQUEST_SORTS, shape), shape.order), tieBreak(requests.id, shape.order))
    .$dynamic();
  if (!shape.paged) return { rows: rows.prepare('') };
  // Every condition is on the request itself, so the count needs no joins.
  return {
    rows: rows.limit(param('limit')).offset(param('offset')).prepare(''),
    count: countUpTo(db, db.select({ one: ONE }).from(requests).where(condition).$dynamic()),
  };
});

export const listRequests = (db: DbOrTx, scope: Scope, filter: StaffListFilters & { status?: RequestStatus }, options: ListOptions<RequestSort>) =>
  runList(requestStatements, db, scope, filter, options);

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

const lineStatements = builtPerShape((db: DbOrTx, shape: ListShape) => {
  // The line's own copy of its request's hotel: scope and filters need no join.
  const where: (SQL | undefined)[] = [
    lineScopeSql(kindOf(shape), { hotelId: requestLines.hotelId, departmentId: requestLines.departmentId }, 'parameters'),
    shape.status ? sql`${requestLines.status} = ${param('status')}` : undefined,
    shape.hotelId ? sql`${requestLines.hotelId} = ${param('hotelId')}` : undefined,
    shape.departmentId ? sql`${requestLines.departmentId} = ${param('departmentId')}` : undefined,
    ...createdWithin(requestLines.createdAt, shape),
    shape.open ? OPEN_LINE : undefined,
    shape.waiting ? WAITING_LINE : undefined,
    shape.overdue ? OVERDUE_LINE : undefined,
    shape.mine ? MINE_LINE : undefined,
    shape.scheduled ? SCHEDULED_LINE : undefined,
    searchOf(requestLines.searchText, shape),
  ];
  const condition = and(...where);
  // My queue and the overdue list, unless a sort is asked for: the latest first, then the oldest.
  const myQueue = (shape.mine || shape.overdue) && !shape.sort;
  // The scheduled queue, unless a sort is asked for: the soonest time first.
  const scheduledQueue = shape.scheduled && !shape.sort;
  const ownSort = OWN_LINE_SORTS[(shape.sort ?? 'updatedAt') as LineSort];
  /** The page's order, on the line's own columns (from the table, or from a page of it). */
  const orderOnLine = (line: LineOrderColumns, sortColumn: AnyPgColumn | SQL) =>
    scheduledQueue
      ? [sql`${line.scheduledFor} asc nulls last`, asc(line.id)]
      : myQueue
      ? // The most urgent first (the earliest due is the latest); lines without a target after, oldest first.
        [sql`${line.dueAt} asc nulls last`, asc(line.createdAt), asc(line.id)]
      : [orderBy(sortColumn, shape.order), tieBreak(line.id, shape.order)];

  const count = shape.paged ? countUpTo(db, db.select({ one: ONE }).from(requestLines).where(condition).$dynamic()) : undefined;

  /** What a line's row shows of its request, service, department, hotel and room (both paths join them). */
  const namesOfLine = {
    requestId: requests.id,
    requestHeaderCode: requests.requestCode,
    channel: requests.channel,
    serviceName: inLanguage(shape.lang, { en: services.nameEn, ar: services.nameAr }),
    departmentName: nameIn(departments, shape.lang),
    hotelName: inLanguage(shape.lang, { en: hotels.name, ar: hotels.nameAr }),
    roomNumber: rooms.number,
  };

  if (shape.paged && (myQueue || scheduledQueue || ownSort)) {
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
      .limit(param('limit'))
      .offset(param('offset'))
      .as('page');
    const rows = db
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
    return { rows: rows.prepare(''), count };
  }

  const rows = db
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
    .orderBy(...orderOnLine(requestLines, sortColumnOf(LINE_SORTS, shape)))
    .$dynamic();
  return { rows: (shape.paged ? rows.limit(param('limit')).offset(param('offset')) : rows).prepare(''), count };
});

export const listLines = (db: DbOrTx, scope: Scope, filter: StaffListFilters & { status?: LineStatus }, options: ListOptions<LineSort>) =>
  runList(lineStatements, db, scope, filter, options);
