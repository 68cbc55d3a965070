import type { LiveEvent, RequestDetail, RequestLine } from '@shared';
import type { LineRow, requestHeader } from './requests.repository';

/** Rows to contract DTOs: dates become ISO strings, statuses take the contract's names. */

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A guest link carries the request's UUID; anything else cannot name a request (404, not a database error). */
export const isUuid = (id: string) => UUID.test(id);

export function toLine(row: LineRow): RequestLine {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    statusName: row.status,
    note: row.note,
    reply: row.reply,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    isSpecial: row.isSpecial,
    // SPEC names the special line's department this way; for other lines it stays null.
    specialRequest_DepartmentId: row.isSpecial ? row.departmentId : null,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    workerId: row.workerId,
    workerName: row.workerName,
  };
}

type Header = NonNullable<Awaited<ReturnType<typeof requestHeader>>>;

export function toDetail(header: Header, lines: LineRow[]): RequestDetail {
  return {
    id: header.id,
    requestCode: header.requestCode,
    statusName: header.status,
    custName: header.custName,
    custEmail: header.custEmail,
    custPhone: header.custPhone,
    hotelId: header.hotelId,
    roomId: header.roomId,
    hotelName: header.hotelName,
    roomNumber: header.roomNumber,
    note: header.note,
    createdAt: iso(header.createdAt),
    updatedAt: iso(header.updatedAt),
    requestDetails: lines.map(toLine),
    review: header.review,
    rating: header.rating,
  };
}

/** What a guest's stream may carry: no hotel, department or other scoping data. */
export function guestPayload(event: LiveEvent) {
  return { type: event.type, requestId: event.requestId, lineId: event.lineId, statusName: event.statusName, at: event.at };
}
