import { z } from 'zod';
import { Id, Timestamp, optionalText, text } from './common';
import { LineStatusName } from './requests';

/**
 * Workers' phones (a worker has no login): a supervisor shows a pairing code, the
 * phone redeems it for a device credential, and the phone's calls go to /api/Work/*.
 */

/** The pairing code's letters: no 0/O, 1/I/L, no vowels that spell words. */
export const PAIRING_ALPHABET = '23456789BCDFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 8;

/** Spaces and dashes a person types between groups are ignored; case too. */
export const PairingCodeText = z
  .string()
  .max(40, { abort: true })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase());

export const PairingCodeResponse = z.object({
  /** Shown to the supervisor and in a QR code; single use. */
  code: z.string(),
  expiresAt: Timestamp,
});

export const PairInput = z.object({ code: PairingCodeText, deviceName: text(80) });
export const RefreshDeviceInput = z.object({ deviceCredential: z.string().min(1).max(200) });
export const DeviceSession = z.object({
  deviceId: z.string(),
  workerId: z.number(),
  workerName: z.string(),
  /** Long-lived, single use: Refresh answers a new one; a reused one revokes the device. */
  deviceCredential: z.string(),
  /** Short-lived bearer token for /api/Work/*. */
  accessToken: z.string(),
  expiresInSeconds: z.number(),
  /** The worker has a PIN and this device has not given it yet: only Unlock and Refresh answer. */
  locked: z.boolean(),
});

export const PIN_PATTERN = /^[0-9]{4,6}$/;
export const Pin = z.string().max(6, { abort: true }).regex(PIN_PATTERN, { message: 'pin' });
export const UnlockInput = z.object({ pin: Pin });
/** null removes the PIN. */
export const WorkerPinInput = z.object({ pin: Pin.nullable() });

export const WorkerDevice = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: Timestamp,
  lastSeenAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
});
export const WorkerDeviceParams = z.object({ workerId: Id, deviceId: z.string().max(64) });
export const WorkerParams = z.object({ workerId: Id });
export const LineParams = z.object({ lineId: Id });

export const WorkMessage = z.object({
  kind: z.enum(['reply', 'note', 'guest']),
  /** An internal note: staff-only words, never read to the guest. */
  internal: z.boolean(),
  text: z.string(),
  authorName: z.string().nullable(),
  createdAt: Timestamp,
});

/** A line as the worker's phone shows it: no guest e-mail or phone. */
export const WorkTask = z.object({
  lineId: z.number(),
  requestCode: z.string(),
  roomNumber: z.string(),
  hotelName: z.string(),
  serviceNameEn: z.string(),
  serviceNameAr: z.string(),
  guestName: z.string(),
  guestNote: z.string(),
  status: LineStatusName,
  createdAt: Timestamp,
  ageMinutes: z.number(),
  dueAt: Timestamp.nullable(),
  isOverdue: z.boolean(),
  acceptedAt: Timestamp.nullable(),
  startedAt: Timestamp.nullable(),
  /** The line's last change: an action may send it back as `version` to be refused (409) if the line changed since. */
  version: Timestamp,
  messages: z.array(WorkMessage),
});

/** Every action carries the phone's own key (or the Idempotency-Key header): a retried tap answers the first result. */
const actionKey = z.string().trim().min(8).max(100, { abort: true }).regex(/^[A-Za-z0-9._:-]+$/);
const ActionBase = z.object({ clientActionId: actionKey.optional(), version: Timestamp.max(40).optional() });
export const WorkActionInput = ActionBase;
/** `photoId`: a photo the phone uploaded for this line first (Tasks/:lineId/Photo). */
export const WorkDoneInput = ActionBase.extend({ note: optionalText(2000).default(''), photoId: z.string().max(64).optional() });
export const WorkCantDoInput = ActionBase.extend({ reason: text(500) });
/**
 * `version`: the line as the action left it, which the phone's next tap on the same line is
 * checked against (absent only in a retry's answer stored before answers carried it).
 */
export const WorkActionResponse = z.object({ message: z.string(), lineId: z.number(), status: LineStatusName, version: z.string().optional() });

// ── Web Push to the worker's phone ──
export const PushKeyResponse = z.object({ publicKey: z.string() });
/** The browser's PushSubscription.toJSON(); only an https endpoint is kept. */
export const PushSubscriptionInput = z.object({
  endpoint: z.string().max(1000, { abort: true }).url(),
  keys: z.object({
    p256dh: z.string().max(200, { abort: true }).regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z.string().max(64, { abort: true }).regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});
/** What a push carries: the room and the service only, never the guest's name, note, e-mail or phone. */
export const PushPayload = z.object({ kind: z.literal('task'), lineId: z.number(), title: z.string(), body: z.string() });
export const WorkPhotoResponse = z.object({ photoId: z.string() });

export type PushKeyResponse = z.infer<typeof PushKeyResponse>;
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
export type PushPayload = z.infer<typeof PushPayload>;
export type WorkPhotoResponse = z.infer<typeof WorkPhotoResponse>;

/**
 * What the phone's event stream says (event names `task` and `pool`): which line changed,
 * nothing more; the phone reads its tasks again. `task`: a line of this worker's, or one
 * that just left it. `pool`: a line of the department's pool.
 */
export const WORK_EVENT_TYPES = ['task', 'pool'] as const;
export const WorkEvent = z.object({ lineId: z.number().optional(), at: Timestamp });

export type WorkEvent = z.infer<typeof WorkEvent>;
export type PairingCodeResponse = z.infer<typeof PairingCodeResponse>;
export type PairInput = z.infer<typeof PairInput>;
export type DeviceSession = z.infer<typeof DeviceSession>;
export type WorkerDevice = z.infer<typeof WorkerDevice>;
export type WorkTask = z.infer<typeof WorkTask>;
export type WorkMessage = z.infer<typeof WorkMessage>;
export type WorkActionInput = z.infer<typeof WorkActionInput>;
export type WorkDoneInput = z.infer<typeof WorkDoneInput>;
export type WorkCantDoInput = z.infer<typeof WorkCantDoInput>;
export type WorkActionResponse = z.infer<typeof WorkActionResponse>;
