import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Language, type LineStatus, type RequestStatus, resolveTargets } from '@shared';
import { type DbOrTx, type Tx, rowsOf } from '../../db/client';
import { departments, hotels, requestLines, requests, roomLinkKeys, rooms, serviceGroups, services, users, workers } from '../../db/schema';

/** The only place the requests area talks to the database (STYLE §3). */

const hotelName = (lang: Language) => (lang === 'ar' ? hotels.nameAr : hotels.name);
const serviceName = (lang: Language) => (lang === 'ar' ? services.nameAr : services.nameEn);

// ── Reference data checked by AddRequest ───────────────────────────────────
/**
 * In one round trip: whether the hotel exists, the hotel of the room, and the
 * hotel's room-link key version (AddRequest runs at guest rush hour; every query
 * counts twice, in the server and in the database).
 */
export async function placeOf(
  db: DbOrTx,
  hotelId: number,
  roomId: number,
): Promise<{ hotelExists: boolean; roomHotelId: number | null; linkVersion: number; roomNumber: string | null; hotelNames: string | null }> {
  const [row] = rowsOf<{ hotel_exists: boolean; room_hotel_id: number | null; link_version: number | null; room_number: string | null; hotel_names: string | null }>(
    await db.execute(sql`select
      exists (select 1 from ${hotels} where ${hotels.id} = ${hotelId}) as hotel_exists,
      (select ${rooms.hotelId} from ${rooms} where ${rooms.id} = ${roomId}) as room_hotel_id,
      (select ${roomLinkKeys.version} from ${roomLinkKeys} where ${roomLinkKeys.hotelId} = ${hotelId}) as link_version,
      (select ${rooms.number} from ${rooms} where ${rooms.id} = ${roomId}) as room_number,
      (select ${hotels.name} || ' ' || ${hotels.nameAr} from ${hotels} where ${hotels.id} = ${hotelId}) as hotel_names`),
  );
  return {
    hotelExists: row.hotel_exists,
    roomHotelId: row.room_hotel_id === null ? null : Number(row.room_hotel_id),
    linkVersion: row.link_version ?? 1,
    roomNumber: row.room_number,
    hotelNames: row.hotel_names,
  };
}

/** PostgreSQL's concat_ws(' ', …): the parts that are not null, joined by spaces. */
const joinText = (...parts: (string | null | undefined)[]) => parts.filter((p) => p !== null && p !== undefined).join(' ');

/**
 * The texts a new request and its lines are found by, exactly as the database's
 * hotel_request_search_text and hotel_line_search_text would build them (migration
 * 0002): code, guest, phone and its digits, room, hotel names, then the services' names.
 */
export function searchTextsOf(
  request: { requestCode: string; custName: string; custPhone: string; roomNumber: string | null; hotelNames: string | null },
  lineServices: { nameEn: string; nameAr: string }[],
): { request: string; lines: string[] } {
  const base = joinText(request.requestCode, request.custName, request.custPhone, request.custPhone.replace(/[^0-9]/g, ''), request.roomNumber, request.hotelNames);
  const names = lineServices.map((s) => `${s.nameEn} ${s.nameAr}`);
  return { request: joinText(base, names.length ? names.join(' ') : null), lines: names.map((n) => joinText(base, n)) };
}

/**
 * The services a guest asked for, with their names (for the request's search text)
 * and their targets in this hotel: the service's own, else its group's, else the
 * hotel's (issue 14).
 */
export async function servicesForRequest(db: DbOrTx, ids: number[], hotelId: number) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: services.id,
      departmentId: services.departmentId,
      isSpecial: services.isSpecial,
      nameEn: services.nameEn,
      nameAr: services.nameAr,
      service: { acknowledgeMinutes: services.acknowledgeMinutes, completeMinutes: services.completeMinutes },
      group: { acknowledgeMinutes: serviceGroups.acknowledgeMinutes, completeMinutes: serviceGroups.completeMinutes },
      hotel: { acknowledgeMinutes: hotels.acknowledgeMinutes, completeMinutes: hotels.completeMinutes },
    })
    .from(services)
    .innerJoin(serviceGroups, eq(serviceGroups.id, services.serviceGroupId))
    .leftJoin(hotels, eq(hotels.id, hotelId))
    .where(inArray(services.id, ids));
  return rows.map(({ service, group, hotel, ...rest }) => ({ ...rest, targets: resolveTargets(service, group, hotel) }));
}

export interface NewRequest {
  hotelId: number;
  roomId: number;
  custName: string;
  custEmail: string;
  custPhone: string;
  note: string;
  /** False without a valid room-link signature. */
  roomVerified: boolean;
  /** The language the guest used. */
  lang: Language;
  /** The room's number and the hotel's names, for the search texts. */
  roomNumber: string | null;
  hotelNames: string | null;
  lines: {
    serviceId: number;
    departmentId: number | null;
    note: string;
    /** The service's names, for the search texts. */
    names: { nameEn: string; nameAr: string };
    clockStartedAt?: Date;
    acknowledgeDueAt?: Date | null;
    completeDueAt?: Date | null;
  }[];
}

/** Inserts a request with its lines; the code comes from the sequence, so it is unique across processes. */
export async function insertRequest(tx: Tx, input: NewRequest, codeOf: (seq: number) => string) {
  // The search texts are written with the rows, so the triggers that would build them
  // (and check the request's again after its lines) stand aside for this transaction:
  // they were most of the database's work per guest request. Rows written any other
  // way (SQL, imports) still get their texts from the triggers (migration 0013).
  const [next] = rowsOf<{ seq: string }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('requests', 'seq'))::text as seq, set_config('hotel.search_text_given', 'on', true)`),
  );
  const seq = Number(next.seq);
  const { lines, roomNumber, hotelNames, ...header } = input;
  const requestCode = codeOf(seq);
  const texts = searchTextsOf({ ...header, requestCode, roomNumber, hotelNames }, lines.map((line) => line.names));
  const [row] = await tx
    .insert(requests)
    .values({ ...header, seq, requestCode, searchText: texts.request })
    .returning({ id: requests.id, requestCode: requests.requestCode, createdAt: requests.createdAt });
  await tx.insert(requestLines).values(lines.map(({ names: _names, ...line }, i) => ({ ...line, requestId: row.id, searchText: texts.lines[i] })));
  return row;
}

// ── One request with its lines ─────────────────────────────────────────────
export async function requestHeader(db: DbOrTx, id: string, lang: Language) {
  const [row] = await db
    .select({
      id: requests.id,
      requestCode: requests.requestCode,
      status: requests.status,
      custName: requests.custName,
      custEmail: requests.custEmail,
      custPhone: requests.custPhone,
      hotelId: requests.hotelId,
      roomId: requests.roomId,
      hotelName: hotelName(lang),
      roomNumber: rooms.number,
      note: requests.note,
      review: requests.review,
      rating: requests.rating,
      roomVerified: requests.roomVerified,
      lang: requests.lang,
      createdAt: requests.createdAt,
      updatedAt: requests.updatedAt,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(eq(requests.id, id));
  return row;
}

/** What a line's service-level clock is computed from (shared/service-levels.ts). */
export const lineClockColumns = {
  acknowledgedAt: requestLines.acknowledgedAt,
  clockStartedAt: requestLines.clockStartedAt,
  acknowledgeDueAt: requestLines.acknowledgeDueAt,
  completeDueAt: requestLines.completeDueAt,
};

const lineColumns = (lang: Language) => ({
  id: requestLines.id,
  requestId: requestLines.requestId,
  serviceId: requestLines.serviceId,
  serviceName: serviceName(lang),
  isSpecial: services.isSpecial,
  status: requestLines.status,
  note: requestLines.note,
  reply: requestLines.reply,
  departmentId: requestLines.departmentId,
  departmentName: departments.name,
  workerId: requestLines.workerId,
  workerName: workers.name,
  createdAt: requestLines.createdAt,
  updatedAt: requestLines.updatedAt,
  ...lineClockColumns,
});

export type LineRow = Awaited<ReturnType<typeof linesOfRequest>>[number];

export async function linesOfRequest(db: DbOrTx, requestId: string, lang: Language) {
  return db
    .select(lineColumns(lang))
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.id));
}

export async function lineById(db: DbOrTx, id: number, lang: Language) {
  const [row] = await db
    .select({ ...lineColumns(lang), hotelId: requests.hotelId })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .where(eq(requestLines.id, id));
  return row;
}

// ── Workflow writes ────────────────────────────────────────────────────────
/** Locks the line (SELECT … FOR UPDATE) so two clerks acting at once are served one after the other. */
export async function lockLine(tx: Tx, id: number) {
  const [line] = await tx
    .select({
      id: requestLines.id,
      requestId: requestLines.requestId,
      status: requestLines.status,
      departmentId: requestLines.departmentId,
      workerId: requestLines.workerId,
      serviceId: requestLines.serviceId,
      acknowledgedAt: requestLines.acknowledgedAt,
    })
    .from(requestLines)
    .where(eq(requestLines.id, id))
    .for('update');
  if (!line) return undefined;
  const [service] = await tx.select({ isSpecial: services.isSpecial }).from(services).where(eq(services.id, line.serviceId));
  const [request] = await tx
    .select({ hotelId: requests.hotelId, requestCode: requests.requestCode })
    .from(requests)
    .where(eq(requests.id, line.requestId));
  return { ...line, isSpecial: service.isSpecial, hotelId: request.hotelId, requestCode: request.requestCode };
}

export type LinePatch = Partial<typeof requestLines.$inferInsert>;

export async function updateLine(tx: Tx, id: number, patch: LinePatch, at: Date): Promise<void> {
  await tx
    .update(requestLines)
    .set({ ...patch, updatedAt: at })
    .where(eq(requestLines.id, id));
}

export async function lineStatuses(tx: Tx, requestId: string): Promise<LineStatus[]> {
  const rows = await tx.select({ status: requestLines.status }).from(requestLines).where(eq(requestLines.requestId, requestId));
  return rows.map((r) => r.status);
}

export async function touchRequest(tx: Tx, requestId: string, status: RequestStatus, at: Date): Promise<void> {
  await tx.update(requests).set({ status, updatedAt: at }).where(eq(requests.id, requestId));
}

/** Stores the review only if the request is Completed and has none yet; answers whether it did. */
export async function saveReview(db: DbOrTx, id: string, feedback: string, rating: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set({ review: feedback, rating, reviewedAt: at, updatedAt: at })
    .where(and(eq(requests.id, id), eq(requests.status, 'Completed'), isNull(requests.reviewedAt)))
    .returning({ id: requests.id });
  return rows.length > 0;
}

// ── Lookups for the staff screens ──────────────────────────────────────────
export async function departmentLookup(db: DbOrTx) {
  return db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name));
}

export async function departmentExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0;
}

/** The workers who may take a line: those of its department and those who belong to none. */
export async function workersFor(db: DbOrTx, departmentId: number | null) {
  const noDepartment = isNull(workers.departmentId);
  return db
    .select({ id: workers.id, name: workers.name })
    .from(workers)
    .where(departmentId === null ? noDepartment : or(eq(workers.departmentId, departmentId), noDepartment))
    .orderBy(asc(workers.name));
}

export const userName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** Who moved the line and when (SPEC §3 status history), with the users' names. */
export async function lineHistory(db: DbOrTx, id: number) {
  const [toDept, assigner, completer, rejecter] = ['u_dept', 'u_assign', 'u_complete', 'u_reject'].map((n) => alias(users, n));
  const [row] = await db
    .select({
      createdAt: requestLines.createdAt,
      user_AssignedToDepartment: userName(toDept),
      assignedToDepartment_Date: requestLines.assignedToDepartmentAt,
      departmentName: departments.name,
      user_Assigned: userName(assigner),
      assigned_Date: requestLines.assignedAt,
      workerName: workers.name,
      user_Completed: userName(completer),
      completed_Date: requestLines.completedAt,
      user_Rejected: userName(rejecter),
      rejected_Date: requestLines.rejectedAt,
      rejectReason: requestLines.rejectReason,
    })
    .from(requestLines)
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .leftJoin(toDept, eq(toDept.id, requestLines.assignedToDepartmentBy))
    .leftJoin(assigner, eq(assigner.id, requestLines.assignedBy))
    .leftJoin(completer, eq(completer.id, requestLines.completedBy))
    .leftJoin(rejecter, eq(rejecter.id, requestLines.rejectedBy))
    .where(eq(requestLines.id, id));
  return row;
}
