import type { AddRequestInput } from '@shared';
import { CUST_NAME_MAX, EMAIL_PATTERN } from '@shared/patterns';
import { DEFAULT_DIAL_CODE, composePhone, phoneProblem } from './phone';
import type { ScheduleValue } from './ScheduleTime';

export interface ServiceLineDraft {
  key: number;
  serviceId: number | null;
  note: string;
  /** At a time of the guest's choosing (a wake-up call at 06:00); absent: as soon as possible. */
  schedule?: ScheduleValue;
}

/** What the guest has typed so far; kept in sessionStorage so a failed submit or a reload loses nothing. */
export interface Draft {
  custName: string;
  custEmail: string;
  dialCode: string;
  phoneNumber: string;
  hotelId: number | null;
  roomId: number | null;
  lines: ServiceLineDraft[];
  /** The signed room link the guest scanned; it vouches for that hotel and room only. */
  link?: RoomLink | null;
}

export interface RoomLink {
  hotelId: number;
  roomId: number;
  sig: string;
}

export type FieldKey = 'custName' | 'custEmail' | 'custPhone' | 'hotelId' | 'roomId' | `service-${number}` | `service-${number}-note` | `service-${number}-time`;
export type FieldErrors = Partial<Record<FieldKey, string>>;

const STORAGE_KEY = 'guest-request-draft';

export function emptyDraft(): Draft {
  return { custName: '', custEmail: '', dialCode: DEFAULT_DIAL_CODE, phoneNumber: '', hotelId: null, roomId: null, lines: [{ key: 1, serviceId: null, note: '' }] };
}

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/** The saved draft, with the QR link's hotel and room taking precedence over it. */
export function loadDraft(query: URLSearchParams, storage: Pick<Storage, 'getItem'> = sessionStorage): Draft {
  let draft = emptyDraft();
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as Partial<Draft> | null;
    if (saved && Array.isArray(saved.lines) && saved.lines.length) draft = { ...draft, ...saved };
  } catch {
    // A damaged draft is dropped.
  }
  const hotelId = positiveInt(query.get('hotelId'));
  if (hotelId) {
    const roomId = positiveInt(query.get('roomId'));
    draft = { ...draft, hotelId, roomId: roomId ?? (hotelId === draft.hotelId ? draft.roomId : null) };
    const sig = query.get('sig');
    if (roomId && sig && /^[\w.-]{1,100}$/.test(sig)) draft.link = { hotelId, roomId, sig };
  }
  return draft;
}

/** The signature to send with AddRequest: only while the form is still on the linked hotel and room. */
export function linkSignature(draft: Draft): string | undefined {
  return draft.link && draft.link.hotelId === draft.hotelId && draft.link.roomId === draft.roomId ? draft.link.sig : undefined;
}

/** After a request is sent: who the guest is and where they stay are kept for the next one; the services start afresh. */
export function afterSubmit(draft: Draft): Draft {
  return { ...draft, lines: emptyDraft().lines };
}

export function saveDraft(draft: Draft, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, the draft just is not kept.
  }
}

export function clearDraft(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Translation keys of every problem, by field (SPEC §5). `specialIds` are the services
 * that mean nothing without the guest's details (the Special Request).
 */
export function validateDraft(draft: Draft, specialIds: ReadonlySet<number> = new Set()): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.custName.trim()) errors.custName = 'validation.nameRequired';
  else if (draft.custName.trim().length > CUST_NAME_MAX) errors.custName = 'validation.nameTooLong';
  if (!draft.custEmail.trim()) errors.custEmail = 'validation.emailRequired';
  else if (!EMAIL_PATTERN.test(draft.custEmail.trim())) errors.custEmail = 'validation.email';
  const phone = phoneProblem(draft.dialCode, draft.phoneNumber);
  if (phone) errors.custPhone = `validation.${phone}`;
  if (!draft.hotelId) errors.hotelId = 'validation.hotelRequired';
  if (!draft.roomId) errors.roomId = 'validation.roomRequired';
  const seen = new Set<number>();
  for (const line of draft.lines) {
    if (!line.serviceId) errors[`service-${line.key}`] = 'validation.serviceRequired';
    else if (seen.has(line.serviceId)) errors[`service-${line.key}`] = 'validation.serviceTwice';
    else if (specialIds.has(line.serviceId) && !line.note.trim()) errors[`service-${line.key}-note`] = 'validation.specialNeedsDetails';
    if (line.schedule?.scheduled && !/^\d{2}:\d{2}$/.test(line.schedule.time)) errors[`service-${line.key}-time`] = 'validation.scheduleTimeRequired';
    if (line.serviceId) seen.add(line.serviceId);
  }
  return errors;
}

/** The AddRequest body; the request's own note is always empty (SPEC §5). */
export function toRequestBody(draft: Draft): AddRequestInput {
  return {
    custName: draft.custName.trim(),
    custEmail: draft.custEmail.trim(),
    custPhone: composePhone(draft.dialCode, draft.phoneNumber),
    hotelId: draft.hotelId!,
    roomId: draft.roomId!,
    note: '',
    services: draft.lines.map((line) => ({
      serviceId: line.serviceId!,
      note: line.note,
      ...(line.schedule?.scheduled ? { scheduledAt: `${line.schedule.day}T${line.schedule.time}` } : {}),
    })),
  };
}
