import { type SQL, and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Language, LineStatus, RequestStatus } from '@shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { departments, hotels, requestLines, requests, rooms, services } from '../../db/schema';
import { type Scope, lineScopeSql, requestScopeSql } from './scope';

/** The two staff lists, filtered by scope in SQL so paging and totals only ever count what the user may see. */

export interface ListOptions<S extends string> {
  lang: Language;
  search?: string;
  sort?: S;
  order?: 'asc' | 'desc';
  /** Absent: the whole list (SPEC). */
  page?: { offset: number; limit: number };
}

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

/** What a search looks in: the request's code, guest, hotel (both names) and room. */
const REQUEST_SEARCH: AnyPgColumn[] = [requests.requestCode, requests.custName, requests.custPhone, hotels.name, hotels.nameAr, rooms.number];
const searchAny = (text: string, columns: AnyPgColumn[]) => or(...columns.map((column) => ilike(column, contains(text))));

/** Names sort in the language they are shown in. */
const ARABIC_SORTS: Partial<Record<string, AnyPgColumn>> = { hotelName: hotels.nameAr, serviceName: services.nameAr };
const sortColumnOf = <S extends string>(sorts: Record<S, AnyPgColumn>, options: ListOptions<S>) => {
  const key = options.sort ?? ('updatedAt' as S);
  return (options.lang === 'ar' && ARABIC_SORTS[key]) || sorts[key];
};

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

export async function listRequests(
  db: DbOrTx,
  scope: Scope,
  filter: { status?: RequestStatus; hotelId?: number },
  options: ListOptions<RequestSort>,
) {
  const where: (SQL | undefined)[] = [
    requestScopeSql(scope),
    filter.status ? eq(requests.status, filter.status) : undefined,
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
  ];
  if (options.search) where.push(searchAny(options.search, REQUEST_SEARCH));
  const condition = and(...where);
  const base = db
    .select({
      id: requests.id,
      code: requests.requestCode,
      custName: requests.custName,
      custPhone: requests.custPhone,
      hotelName: options.lang === 'ar' ? hotels.nameAr : hotels.name,
      roomNumber: rooms.number,
      createdAt: requests.createdAt,
      updatedAt: requests.updatedAt,
      statusName: requests.status,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(condition)
    .orderBy(orderBy(sortColumnOf(REQUEST_SORTS, options), options.order), tieBreak(requests.id, options.order))
    .$dynamic();
  if (!options.page) return { rows: await base, total: undefined };
  const [rows, [{ total }]] = await Promise.all([
    base.limit(options.page.limit).offset(options.page.offset),
    // Hotel and room are required references, so without a search (the only
    // condition on their columns) the joins cannot change the count: skip them.
    options.search
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(requests)
          .innerJoin(hotels, eq(hotels.id, requests.hotelId))
          .innerJoin(rooms, eq(rooms.id, requests.roomId))
          .where(condition)
      : db.select({ total: sql<number>`count(*)::int` }).from(requests).where(condition),
  ]);
  return { rows, total };
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

export async function listLines(
  db: DbOrTx,
  scope: Scope,
  filter: { status?: LineStatus; hotelId?: number },
  options: ListOptions<LineSort>,
) {
  const where: (SQL | undefined)[] = [
    lineScopeSql(scope),
    filter.status ? eq(requestLines.status, filter.status) : undefined,
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
  ];
  if (options.search) where.push(searchAny(options.search, [...REQUEST_SEARCH, services.nameEn, services.nameAr]));
  const condition = and(...where);
  const base = db
    .select({
      id: requestLines.id,
      requestId: requests.id,
      requestHeaderCode: requests.requestCode,
      serviceName: options.lang === 'ar' ? services.nameAr : services.nameEn,
      departmentName: departments.name,
      hotelName: options.lang === 'ar' ? hotels.nameAr : hotels.name,
      roomNumber: rooms.number,
      createdAt: requestLines.createdAt,
      updatedAt: requestLines.updatedAt,
      statusName: requestLines.status,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .where(condition)
    .orderBy(orderBy(sortColumnOf(LINE_SORTS, options), options.order), tieBreak(requestLines.id, options.order))
    .$dynamic();
  if (!options.page) return { rows: await base, total: undefined };
  const [rows, [{ total }]] = await Promise.all([
    base.limit(options.page.limit).offset(options.page.offset),
    // As above: without a search only the request's hotel is needed, and for an
    // admin with no hotel filter not even that.
    options.search
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(requestLines)
          .innerJoin(requests, eq(requests.id, requestLines.requestId))
          .innerJoin(hotels, eq(hotels.id, requests.hotelId))
          .innerJoin(rooms, eq(rooms.id, requests.roomId))
          .innerJoin(services, eq(services.id, requestLines.serviceId))
          .where(condition)
      : scope.isAdmin && !filter.hotelId
        ? db.select({ total: sql<number>`count(*)::int` }).from(requestLines).where(condition)
        : db
            .select({ total: sql<number>`count(*)::int` })
            .from(requestLines)
            .innerJoin(requests, eq(requests.id, requestLines.requestId))
            .where(condition),
  ]);
  return { rows, total };
}
