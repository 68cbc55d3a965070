import { type LineClock, type LineMessage, type LineStatus, type RequestDetail, type RequestLine, clockOf, expectedBy, isScheduledQuiet } from '@shared';
import type { MessageRow } from './messages.repository';
import type { LineRow, requestHeader } from './requests.repository';
import { iso, isoOrNull } from '../../http/iso';

/** Rows to contract DTOs: dates become ISO strings, statuses take the contract's names. */

export { iso, isoOrNull };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A guest link carries the request's UUID; anything else cannot name a request (404, not a database error). */
export const isUuid = (id: string) => UUID.test(id);

interface ClockRow {
  status: LineStatus;
  acknowledgedAt: Date | null;
  clockStartedAt: Date | null;
  acknowledgeDueAt: Date | null;
  completeDueAt: Date | null;
  scheduledFor?: Date | null;
  alertAt?: Date | null;
  alertedAt?: Date | null;
}

/** A line's service-level clock as of `now`. */
export function toClock(row: ClockRow, now: Date): LineClock {
  const clock = clockOf(row, now);
  return {
    acknowledgedAt: isoOrNull(row.acknowledgedAt),
    clockStartedAt: isoOrNull(row.clockStartedAt),
    acknowledgeDueAt: isoOrNull(row.acknowledgeDueAt),
    completeDueAt: isoOrNull(row.completeDueAt),
    dueAt: isoOrNull(clock.dueAt),
    dueKind: clock.dueKind,
    isOverdue: clock.isOverdue,
    scheduledFor: isoOrNull(row.scheduledFor ?? null),
    scheduledQuiet: isScheduledQuiet({ status: row.status, alertAt: row.alertAt ?? null, alertedAt: row.alertedAt ?? null }),
  };
}

/** A line's messages, oldest first (they come ordered from the repository). */
function messagesOf(lineId: number, messages: MessageRow[]): LineMessage[] {
  return messages
    .filter((m) => m.lineId === lineId)
    .map((m) => ({ id: m.id, kind: m.kind, text: m.text, createdAt: iso(m.createdAt), authorName: m.authorName }));
}

/** `messages`: the line's conversation as its reader may see it (the repository filtered it for a guest). */
export function toLine(row: LineRow, messages: MessageRow[], now: Date, audience: 'staff' | 'guest' = 'guest'): RequestLine {
  return {
    // Whether the desk has read the guest's message is staff business.
    ...(audience === 'staff' ? { guestUnread: row.guestUnreadAt !== null } : {}),
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
    messages: messagesOf(row.id, messages),
    ...toClock(row, now),
    expectedBy: isoOrNull(expectedBy(row)),
  };
}

type Header = NonNullable<Awaited<ReturnType<typeof requestHeader>>>;

export function toDetail(header: Header, lines: LineRow[], messages: MessageRow[], now: Date, audience: 'staff' | 'guest' = 'guest'): RequestDetail {
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
    requestDetails: lines.map((line) => toLine(line, messages, now, audience)),
    review: header.review,
    rating: header.rating,
  };
}
