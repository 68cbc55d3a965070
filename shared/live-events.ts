import type { LiveEvent } from './api/requests';

/*
 * The live event streams' contract: the names on the wire and what each carries, for
 * the staff stream and the guest's. Free of zod on purpose: the admin shell listens on
 * every screen and must not load the schemas for it.
 */

/** Something happened to a request; the payload is a LiveEvent (shared/api/requests.ts). */
export const LIVE_EVENT_TYPES = ['request-created', 'line-changed', 'review-added', 'message-added', 'line-acknowledged', 'line-escalated', 'guest-message', 'low-rating'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/**
 * What the stream says about itself rather than about a request.
 * `resync`: events may have been missed (the server lost its event feed for a while, or one could not be sent); anything may have changed, re-read.
 * `reconnect`: the server is ending this stream (idle, token expiry, shutdown); open a new one.
 */
export const StreamSignal = { resync: 'resync', reconnect: 'reconnect' } as const;
export type StreamSignal = (typeof StreamSignal)[keyof typeof StreamSignal];

export interface ResyncPayload {
  at: string;
}
export type ReconnectPayload = Record<string, never>;

/** Staff business only: a guest's stream never carries these. */
const STAFF_ONLY_TYPES = ['line-escalated', 'low-rating'] as const satisfies readonly LiveEventType[];
export type GuestLiveEventType = Exclude<LiveEventType, (typeof STAFF_ONLY_TYPES)[number]>;
export const GUEST_LIVE_EVENT_TYPES = LIVE_EVENT_TYPES.filter((t): t is GuestLiveEventType => !(STAFF_ONLY_TYPES as readonly string[]).includes(t));

/** The guest's projection of an event: no hotel, department, code or other scoping data. */
export interface GuestLiveEvent {
  type: GuestLiveEventType;
  requestId: string;
  lineId?: number;
  statusName?: string;
  at: string;
}

/**
 * What the guest following request `requestId` hears of `event`: nothing of another
 * request, of an internal note or of a staff-only event; of the rest, the projection.
 */
export function guestProjection(event: LiveEvent, requestId: string): GuestLiveEvent | undefined {
  if (event.requestId !== requestId || event.internal) return undefined;
  const type = event.type;
  if ((STAFF_ONLY_TYPES as readonly string[]).includes(type)) return undefined;
  return { type: type as GuestLiveEventType, requestId: event.requestId, lineId: event.lineId, statusName: event.statusName, at: event.at };
}

/** Every event name a staff stream sends, with its payload. */
export type StaffStreamEvents = { [K in LiveEventType]: LiveEvent } & { resync: ResyncPayload; reconnect: ReconnectPayload };
/** Every event name a guest stream sends, with its payload. */
/** A worker's phone stream: which line changed (`task`: the worker's own, `pool`: the department's pool); the phone reads its tasks again. */
export interface WorkEventPayload {
  lineId?: number;
  at: string;
}
export type WorkStreamEvents = { task: WorkEventPayload; pool: WorkEventPayload } & { resync: ResyncPayload; reconnect: ReconnectPayload };

export type GuestStreamEvents = { [K in GuestLiveEventType]: GuestLiveEvent } & { resync: ResyncPayload; reconnect: ReconnectPayload };
