import type { AddRequestInput } from '@shared';
import { EMAIL_PATTERN } from '@shared/patterns';
import { DEFAULT_DIAL_CODE, composePhone, phoneProblem } from './phone';

export interface ServiceLineDraft {
  key: number;
  serviceId: number | null;
  note: string;
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
}

export type FieldKey = 'custName' | 'custEmail' | 'custPhone' | 'hotelId' | 'roomId' | `service-${number}`;
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
  }
  return draft;
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

/** Translation keys of every problem, by field (SPEC §5). */
export function validateDraft(draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.custName.trim()) errors.custName = 'validation.nameRequired';
  if (!draft.custEmail.trim()) errors.custEmail = 'validation.emailRequired';
  else if (!EMAIL_PATTERN.test(draft.custEmail.trim())) errors.custEmail = 'validation.email';
  const phone = phoneProblem(draft.dialCode, draft.phoneNumber);
  if (phone) errors.custPhone = `validation.${phone}`;
  if (!draft.hotelId) errors.hotelId = 'validation.hotelRequired';
  if (!draft.roomId) errors.roomId = 'validation.roomRequired';
  for (const line of draft.lines) if (!line.serviceId) errors[`service-${line.key}`] = 'validation.serviceRequired';
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
    services: draft.lines.map((line) => ({ serviceId: line.serviceId!, note: line.note })),
  };
}
