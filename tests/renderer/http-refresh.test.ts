// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios, { type AxiosAdapter, AxiosError } from 'axios';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttp, SessionExpiredError } from '../../renderer/src/api/http';
import type { RefreshOutcome, StoredSession } from '../../shared/desktop/platform';

/**
 * A tiny real HTTP server on loopback: /protected answers 401 unless the bearer is
 * the current token; /refresh is not called over HTTP but counted through `refresh`.
 */
let server: Server;
let baseURL: string;
let validToken = 'fresh';
const seen: { url: string; auth?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    const ok = req.url?.startsWith('/public') || req.headers.authorization === `Bearer ${validToken}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { url: req.url } : { message: 'expired' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const session = (accessToken: string): StoredSession => ({ accessToken, permissions: [], claims: [], userRoles: [], userName: 'Desk', userEmail: 'desk@hotel.test' });

/**
 * A client whose refresh answers `refreshTo` (a new token) or expired; `unreachableFor`
 * first answers "unreachable" that many times (the server is down, then back). The refresh
 * is under way until the client has taken in the 401s of all `concurrent` calls.
 */
function client(options: { refreshTo?: string; lang?: string; unreachableFor?: number; concurrent?: number } = {}) {
  let token = 'stale';
  let refreshes = 0;
  let expired = 0;
  const reachability: boolean[] = [];
  let refused = 0;
  let allRefused = () => {};
  const everyCallRefused = new Promise<void>((resolve) => (allRefused = resolve));
  const transport = axios.getAdapter(axios.defaults.adapter);
  // The real transport, counting the 401s as the client gets them.
  const adapter: AxiosAdapter = async (config) => {
    try {
      return await transport(config);
    } catch (error) {
      if (error instanceof AxiosError && error.response?.status === 401 && ++refused >= (options.concurrent ?? 1)) allRefused();
      throw error;
    }
  };
  const http = createHttp({
    baseURL,
    adapter,
    lang: () => options.lang ?? 'ar',
    accessToken: () => token,
    async refresh(): Promise<RefreshOutcome> {
      refreshes++;
      // Every concurrent call has had its 401; a turn of the event loop later each has been through
      // the client's 401 handling (promise callbacks all), so each has joined this refresh or started its own.
      await everyCallRefused;
      await new Promise((resolve) => setImmediate(resolve));
      if (refreshes <= (options.unreachableFor ?? 0)) return { kind: 'unreachable' };
      if (!options.refreshTo) return { kind: 'expired' };
      token = options.refreshTo;
      return { kind: 'session', session: session(token) };
    },
    onExpired: () => expired++,
    onReachable: (reachable) => reachability.push(reachable),
    retryDelay: (attempt) => 20 * (attempt + 1),
  });
  return { http, counts: () => ({ refreshes, expired }), reachability };
}

describe('the HTTP client', () => {
  it('adds lang and the bearer header', async () => {
    validToken = 'stale';
    const { http } = client({ lang: 'en' });
    const res = await http.get('/protected/a', { params: { x: 1 } });
    expect(res.data.url).toBe('/protected/a?lang=en&x=1');
    expect(seen[0].auth).toBe('Bearer stale');
  });

  it('refreshes once for several concurrent 401s and retries each call with the new token', async () => {
    validToken = 'fresh';
    const { http, counts } = client({ refreshTo: 'fresh', concurrent: 3 });
    const answers = await Promise.all([http.get('/protected/1'), http.get('/protected/2'), http.get('/protected/3')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(counts()).toEqual({ refreshes: 1, expired: 0 });
    const retried = seen.filter((s) => s.auth === 'Bearer fresh').map((s) => s.url.split('?')[0]);
    expect(retried.sort()).toEqual(['/protected/1', '/protected/2', '/protected/3']);
  });

  it('a 401 that comes after the renewal goes again with the new token: no second renewal', async () => {
    validToken = 'fresh';
    let token = 'stale';
    let refreshes = 0;
    let releaseLate = () => {};
    const lateHeld = new Promise<void>((resolve) => (releaseLate = resolve));
    const transport = axios.getAdapter(axios.defaults.adapter);
    // The call to /protected/late is answered (401, sent with the old token) only after the renewal is done.
    const adapter: AxiosAdapter = async (config) => {
      if (config.url?.includes('late') && config.headers.Authorization === 'Bearer stale') {
        try {
          return await transport(config);
        } catch (error) {
          await lateHeld;
          throw error;
        }
      }
      return transport(config);
    };
    const http = createHttp({
      baseURL,
      adapter,
      lang: () => 'en',
      accessToken: () => token,
      async refresh(): Promise<RefreshOutcome> {
        refreshes++;
        token = `fresh${refreshes > 1 ? refreshes : ''}`;
        return { kind: 'session', session: session(token) };
      },
      onExpired: () => undefined,
    });
    const late = http.get('/protected/late');
    expect((await http.get('/protected/first')).status).toBe(200);
    releaseLate();
    expect((await late).status).toBe(200);
    expect(refreshes).toBe(1);
    expect(seen.filter((s) => s.url.startsWith('/protected/late')).map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('gives up after one retry: a second 401 is final and does not refresh again', async () => {
    validToken = 'never';
    const { http, counts } = client({ refreshTo: 'fresh' });
    await expect(http.get('/protected/x')).rejects.toMatchObject({ response: { status: 401 } });
    expect(counts().refreshes).toBe(1);
    expect(seen.length).toBe(2);
  });

  it('reports the expiry once when the refresh fails, for every waiting call', async () => {
    validToken = 'fresh';
    const { http, counts } = client({ concurrent: 2 });
    const results = await Promise.allSettled([http.get('/protected/1'), http.get('/protected/2')]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof SessionExpiredError)).toBe(true);
    expect(counts()).toEqual({ refreshes: 1, expired: 1 });
  });

  it('says the session expired once: calls failing later with the same token, or with none after sign-out, say nothing more', async () => {
    // The client's clock (Date, timers) is the test's: "later" is a second and more, at once.
    vi.useFakeTimers();
    validToken = 'fresh';
    let token: string | undefined = 'stale';
    let expired = 0;
    const http = createHttp({
      baseURL,
      lang: () => 'en',
      accessToken: () => token,
      refresh: async (): Promise<RefreshOutcome> => ({ kind: 'expired' }),
      onExpired: () => expired++,
    });
    await expect(http.get('/protected/1')).rejects.toBeInstanceOf(SessionExpiredError);
    await vi.advanceTimersByTimeAsync(1_100);
    // A background read still holding the old token, more than a second later.
    await expect(http.get('/protected/2')).rejects.toBeInstanceOf(SessionExpiredError);
    // Signed out: the next call carries no token.
    token = undefined;
    await expect(http.get('/protected/3')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(expired).toBe(1);
    // A new session that expires in turn is told again.
    token = 'another';
    await expect(http.get('/protected/4')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(expired).toBe(2);
  });

  it('keeps the session while the server cannot be reached: says so once, retries the refresh, then every waiting call goes on', async () => {
    validToken = 'fresh';
    const { http, counts, reachability } = client({ refreshTo: 'fresh', unreachableFor: 3, concurrent: 2 });
    const answers = await Promise.all([http.get('/protected/1'), http.get('/protected/2')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(counts()).toEqual({ refreshes: 4, expired: 0 });
    expect(reachability).toEqual([false, true]);
  });

  it('a refresh that throws (no answer at all) is unreachable too, never an expiry', async () => {
    validToken = 'fresh';
    let calls = 0;
    let expired = 0;
    let token = 'stale';
    const http = createHttp({
      baseURL,
      lang: () => 'en',
      accessToken: () => token,
      async refresh(): Promise<RefreshOutcome> {
        if (++calls < 3) throw new TypeError('Failed to fetch');
        token = 'fresh';
        return { kind: 'session', session: session(token) };
      },
      onExpired: () => expired++,
      retryDelay: () => 10,
    });
    expect((await http.get('/protected/z')).status).toBe(200);
    expect({ calls, expired }).toEqual({ calls: 3, expired: 0 });
  });

  it('signs out only when the server refuses the refresh, also after an outage', async () => {
    validToken = 'fresh';
    const { http, counts, reachability } = client({ unreachableFor: 2 });
    await expect(http.get('/protected/1')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(counts()).toEqual({ refreshes: 3, expired: 1 });
    expect(reachability).toEqual([false, true]);
  });

  it('sends public calls without a bearer and never refreshes them', async () => {
    validToken = 'fresh';
    const { http, counts } = client({ refreshTo: 'fresh' });
    await http.post('/public/login', {}, { public: true });
    expect(seen[0].auth).toBeUndefined();
    await expect(http.get('/protected/y', { public: true })).rejects.toMatchObject({ response: { status: 401 } });
    expect(counts().refreshes).toBe(0);
  });
});
