import { type SQL, and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Language, LineStatus, RequestStatus } from '@shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { departments, hotels, requestLines, requests, rooms, services } from '../../db/schema';
import type { Scope } from './scope';

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

const orderBy = (column: AnyPgColumn | SQL, order: 'asc' | 'desc' = 'desc') => (order === 'asc' ? asc(column) : desc(column));

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
    scope.isAdmin ? undefined : inArray(requests.hotelId, scope.hotelIds.length ? scope.hotelIds : [-1]),
    filter.status ? eq(requests.status, filter.status) : undefined,
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
  ];
  if (options.search) {
    const like = contains(options.search);
    where.push(
      or(
        ilike(requests.requestCode, like),
        ilike(requests.custName, like),
        ilike(requests.custPhone, like),
        ilike(hotels.name, like),
        ilike(hotels.nameAr, like),
        ilike(rooms.number, like),
      ),
    );
  }
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
    .orderBy(orderBy(REQUEST_SORTS[options.sort ?? 'updatedAt'], options.order), desc(requests.id))
    .$dynamic();
  if (!options.page) return { rows: await base, total: undefined };
  const [rows, [{ total }]] = await Promise.all([
    base.limit(options.page.limit).offset(options.page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(requests)
      .innerJoin(hotels, eq(hotels.id, requests.hotelId))
      .innerJoin(rooms, eq(rooms.id, requests.roomId))
      .where(condition),
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
    scope.isAdmin
      ? undefined
      : and(
          inArray(requests.hotelId, scope.hotelIds.length ? scope.hotelIds : [-1]),
          or(isNull(requestLines.departmentId), inArray(requestLines.departmentId, scope.departmentIds.length ? scope.departmentIds : [-1])),
        ),
    filter.status ? eq(requestLines.status, filter.status) : undefined,
    filter.hotelId ? eq(requests.hotelId, filter.hotelId) : undefined,
  ];
  if (options.search) {
    const like = contains(options.search);
    where.push(
      or(
        ilike(requests.requestCode, like),
        ilike(requests.custName, like),
        ilike(requests.custPhone, like),
        ilike(hotels.name, like),
        ilike(hotels.nameAr, like),
        ilike(rooms.number, like),
        ilike(services.nameEn, like),
        ilike(services.nameAr, like),
      ),
    );
  }
  const condition = and(...where);
  const sortColumn = options.sort === 'serviceName' && options.lang === 'ar' ? services.nameAr : LINE_SORTS[options.sort ?? 'updatedAt'];
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
    .orderBy(orderBy(sortColumn, options.order), desc(requestLines.id))
    .$dynamic();
  if (!options.page) return { rows: await base, total: undefined };
  const [rows, [{ total }]] = await Promise.all([
    base.limit(options.page.limit).offset(options.page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(requestLines)
      .innerJoin(requests, eq(requests.id, requestLines.requestId))
      .innerJoin(hotels, eq(hotels.id, requests.hotelId))
      .innerJoin(rooms, eq(rooms.id, requests.roomId))
      .innerJoin(services, eq(services.id, requestLines.serviceId))
      .where(condition),
  ]);
  return { rows, total };
}
