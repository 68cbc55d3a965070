import type { DeviceSession } from '@shared';
import * as calls from '@shared/api/calls';
import { ApiError, type SendInit, answer, callUrl, request, send } from '../../clients-kit/api';
import { type OutboxAction, type StoredSession, store } from './store';

// One error for both phone pages (clients-kit/api.ts): no network (the tap waits in the outbox), a refusal
// (said to the worker), the server's trouble (retried), or a phone no longer paired.
export { ApiError };

const toStored = (s: DeviceSession, previous?: StoredSession): StoredSession => ({
  deviceId: s.deviceId,
  workerId: s.workerId,
  workerName: s.workerName,
  // Unlock answers an empty credential: the phone keeps the one it has.
  deviceCredential: s.deviceCredential || previous?.deviceCredential || '',
  accessToken: s.accessToken,
  accessExpiresAt: Date.now() + s.expiresInSeconds * 1000,
  locked: s.locked,
});

/** One tab at a time refreshes: the credential is single use, and a second use unpairs the phone. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request('work-session', work) : work();
}

const FRESH_MS = 30_000;

/** The stored session with an access token good for a while, refreshed (and rotated) when not. */
export async function activeSession(force = false): Promise<StoredSession | undefined> {
  return exclusively(async () => {
    const stored = await store.session();
    if (!stored) return undefined;
    if (!force && stored.accessExpiresAt - Date.now() > FRESH_MS) return stored;
    const response = await send(calls.workRefresh, { body: { deviceCredential: stored.deviceCredential } });
    if (response.status === 401) {
      await store.forget();
      throw new ApiError('unpaired', 401, (await answer<never>(response).catch((e: ApiError) => e)).serverMessage);
    }
    const next = toStored(await answer<DeviceSession>(response), stored);
    await store.saveSession(next);
    return next;
  });
}

/** A call with the phone's access token; a 401 refreshes once (the token may have just run out). */
async function authed<C extends calls.ApiCall>(call: C, init: Omit<SendInit<C>, 'token'> = {}) {
  let session = await activeSession();
  if (!session) throw new ApiError('unpaired', 401);
  let response = await send(call, { ...init, token: session.accessToken });
  if (response.status === 401) {
    session = await activeSession(true);
    if (!session) throw new ApiError('unpaired', 401);
    response = await send(call, { ...init, token: session.accessToken });
  }
  return answer<calls.CallResponse<C>>(response);
}

const actionCalls = {
  accept: calls.workAccept,
  start: calls.workStart,
  done: calls.workDone,
  cantDo: calls.workCantDo,
  take: calls.workTake,
} satisfies Record<OutboxAction, calls.ApiCall>;
type ActionBody = calls.CallBody<(typeof actionCalls)[OutboxAction]>;

export const api = {
  async pair(code: string, deviceName: string): Promise<StoredSession> {
    const session = toStored(await request(calls.workPair, { body: { code, deviceName } }));
    await store.saveSession(session);
    return session;
  },
  async unlock(pin: string): Promise<StoredSession> {
    const previous = await activeSession();
    const session = toStored(await authed(calls.workUnlock, { body: { pin } }), previous);
    await store.saveSession(session);
    return session;
  },
  tasks: () => authed(calls.workTasks),
  pool: () => authed(calls.workPool),
  act: (action: OutboxAction, lineId: number, key: string, body: Record<string, string | undefined>) =>
    authed(actionCalls[action], { params: { lineId }, body: body as ActionBody, headers: { 'idempotency-key': key } }),
  streamTicket: () => authed(calls.workStreamTicket),
  eventsUrl: (ticket: string) => callUrl(`${calls.workEvents.path}?ticket=${encodeURIComponent(ticket)}`),
  /** The photo's id, or undefined when this server takes no photos (404). */
  async uploadPhoto(lineId: number, photo: Blob): Promise<string | undefined> {
    const form = new FormData();
    form.append('photo', photo, 'photo.jpg');
    try {
      return (await authed(calls.workPhoto, { params: { lineId }, form })).photoId;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  },
  /** The server's VAPID public key, or undefined when it sends no push (404). */
  async pushKey(): Promise<string | undefined> {
    try {
      return (await authed(calls.workPushKey)).publicKey;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  },
  // A browser's subscription (PushSubscription.toJSON) always has both, though its type says "maybe"; the server checks them.
  saveSubscription: (subscription: PushSubscriptionJSON) =>
    authed(calls.workPushSubscribe, { body: { endpoint: subscription.endpoint, keys: subscription.keys } as calls.CallBody<typeof calls.workPushSubscribe> }),
  dropSubscription: () => authed(calls.workPushUnsubscribe),
};
