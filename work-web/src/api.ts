import type { DeviceSession, WorkActionResponse, WorkTask } from '@shared';
import { apiPaths, fillPath } from '@shared/api/paths';
import { currentLanguage } from './i18n';
import { type OutboxAction, type StoredSession, store } from './store';

/** Why a call failed: no network (the tap waits in the outbox), a refusal (said to the worker), or the server's trouble (retried). */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'client' | 'server' | 'unpaired',
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? kind);
  }
}

const withLang = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${currentLanguage()}`;

async function send(method: string, path: string, init: { body?: unknown; form?: FormData; token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(withLang(path), { method, headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
  } catch {
    throw new ApiError('network', 0);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  if (response.ok) return data as T;
  const message = typeof data?.message === 'string' ? data.message : undefined;
  throw new ApiError(response.status >= 500 ? 'server' : 'client', response.status, message);
}

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
    const response = await send('POST', apiPaths.workRefresh, { body: { deviceCredential: stored.deviceCredential } });
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
async function authed<T>(method: string, path: string, init: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<T> {
  let session = await activeSession();
  if (!session) throw new ApiError('unpaired', 401);
  let response = await send(method, path, { ...init, token: session.accessToken });
  if (response.status === 401) {
    session = await activeSession(true);
    if (!session) throw new ApiError('unpaired', 401);
    response = await send(method, path, { ...init, token: session.accessToken });
  }
  return answer<T>(response);
}

const actionPaths: Record<OutboxAction, string> = {
  accept: apiPaths.workAccept,
  start: apiPaths.workStart,
  done: apiPaths.workDone,
  cantDo: apiPaths.workCantDo,
  take: apiPaths.workTake,
};

export const api = {
  async pair(code: string, deviceName: string): Promise<StoredSession> {
    const session = toStored(await answer<DeviceSession>(await send('POST', apiPaths.workPair, { body: { code, deviceName } })));
    await store.saveSession(session);
    return session;
  },
  async unlock(pin: string): Promise<StoredSession> {
    const previous = await activeSession();
    const session = toStored(await authed<DeviceSession>('POST', apiPaths.workUnlock, { body: { pin } }), previous);
    await store.saveSession(session);
    return session;
  },
  tasks: () => authed<WorkTask[]>('GET', apiPaths.workTasks),
  pool: () => authed<WorkTask[]>('GET', apiPaths.workPool),
  act: (action: OutboxAction, lineId: number, key: string, body: Record<string, string | undefined>) =>
    authed<WorkActionResponse>('POST', fillPath(actionPaths[action], { lineId }), { body, headers: { 'idempotency-key': key } }),
  streamTicket: () => authed<{ ticket: string; expiresInSeconds: number }>('POST', apiPaths.workStreamTicket),
  eventsUrl: (ticket: string) => withLang(`${apiPaths.workEvents}?ticket=${encodeURIComponent(ticket)}`),
  /** The photo's id, or undefined when this server takes no photos (404). */
  async uploadPhoto(lineId: number, photo: Blob): Promise<string | undefined> {
    const form = new FormData();
    form.append('photo', photo, 'photo.jpg');
    try {
      return (await authed<{ photoId: string }>('POST', fillPath(apiPaths.workPhoto, { lineId }), { form })).photoId;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  },
  /** The server's VAPID public key, or undefined when it sends no push (404). */
  async pushKey(): Promise<string | undefined> {
    try {
      return (await authed<{ publicKey: string }>('GET', apiPaths.workPushKey)).publicKey;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return undefined;
      throw error;
    }
  },
  saveSubscription: (subscription: PushSubscriptionJSON) =>
    authed<unknown>('PUT', apiPaths.workPushSubscribe, { body: { endpoint: subscription.endpoint, keys: subscription.keys } }),
  dropSubscription: () => authed<unknown>('DELETE', apiPaths.workPushSubscribe),
};
