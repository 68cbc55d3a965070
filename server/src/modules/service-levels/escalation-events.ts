import type { Escalation } from '@shared';
import type { DueEscalation, EscalationSubject } from './escalations.repository';

/** The live events of a line's service level: it escalated, or its scheduled moment came. */

const iso = (d: Date) => d.toISOString();

export function escalationEvent(subject: EscalationSubject, due: DueEscalation, now: Date) {
  const escalation: Escalation = {
    kind: due.kind,
    dueAt: iso(due.dueAt),
    serviceNameEn: subject.serviceNameEn,
    serviceNameAr: subject.serviceNameAr,
    hotelNameEn: subject.hotelNameEn,
    hotelNameAr: subject.hotelNameAr,
    roomNumber: subject.roomNumber,
    departmentName: subject.departmentName,
    departmentNameAr: subject.departmentNameAr,
  };
  return {
    type: 'line-escalated' as const,
    requestId: subject.requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [subject.departmentId],
    lineId: subject.lineId,
    statusName: subject.status,
    at: iso(now),
    escalation,
  };
}

/** A scheduled line's alert: the same event, toast and bell as a new request's, naming that line. */
export function scheduledAlertEvent(subject: EscalationSubject, now: Date) {
  return {
    type: 'request-created' as const,
    requestId: subject.requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [subject.departmentId],
    lineId: subject.lineId,
    statusName: 'Open' as const,
    at: iso(now),
    summary: {
      roomNumber: subject.roomNumber,
      hotelNameEn: subject.hotelNameEn,
      hotelNameAr: subject.hotelNameAr,
      services: [{ nameEn: subject.serviceNameEn, nameAr: subject.serviceNameAr }],
      serviceCount: 1,
      notePreview: '',
    },
  };
}
