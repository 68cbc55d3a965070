import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredSession } from '../../shared/desktop/platform';
import { createWebPlatform } from '../../renderer/src/platform/web-platform';

/*
 * The browser platform's refresh against a real loopback server that rotates refresh
 * tokens like ours: a token used twice revokes the login (every later refresh is 401).
 */
let server: Server;
let baseUrl: string;
let mode: 'ok' | 'down' | 'refuse' = 'ok';
let generation = 0;
let revoked = false;
const used = new Set<string>();

const EXP = Math.floor(Date.now() / 1000) + 600;
const jwt = (n: number) => `h.${btoa(JSON.stringify({ exp: EXP, n })).replace(/=+$/, '')}.s`;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
      if (mode === 'down') return void res.writeHead(503, headers).end('{"message":"restarting"}');
      const { refreshToken } = JSON.parse(body) as { refreshToken: string };
      if (mode === 'refuse' || revoked || used.has(refreshToken) || refreshToken !== `r${generation}`) {
        if (used.has(refreshToken)) revoked = true;
        return void res.writeHead(401, headers).end('{"message":"expired"}');
      }
      used.add(refreshToken);
      generation++;
      setTimeout(() => res.writeHead(200, headers).end(JSON.stringify({ accessToken: jwt(generation), refreshToken: `r${generation}` })), 30);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  mode = 'ok';
  vi.unstubAllGlobals();
  localStorage.clear();
});

const session = (accessToken: string): StoredSession => ({ accessToken, permissions: [], claims: [], userRoles: [], userName: 'Desk', userEmail: 'desk@hotel.test' });

async function signedIn() {
  generation = 0;
  revoked = false;
  used.clear();
  const tab = createWebPlatform(baseUrl);
  await tab.saveSession(session('expired-access'), 'r0');
  return tab;
}

describe('the browser platform refresh', () => {
  it('answers session, expired or unreachable, and keeps the stored session unless refused', async () => {
    const tab = await signedIn();
    mode = 'down';
    expect(await tab.refreshSession()).toEqual({ kind: 'unreachable' });
    expect(await tab.loadSession()).toEqual(session('expired-access'));
    mode = 'ok';
    expect(await tab.refreshSession()).toEqual({ kind: 'session', session: session(jwt(1)) });
    mode = 'refuse';
    expect(await tab.refreshSession()).toEqual({ kind: 'expired' });
  });

  it('no answer at all (connection refused) is unreachable', async () => {
    const tab = createWebPlatform('http://127.0.0.1:9');
    await tab.saveSession(session('a'), 'r0');
    expect(await tab.refreshSession()).toEqual({ kind: 'unreachable' });
  });

  it('two tabs refreshing at once under the Web Lock use the refresh token once and both keep the login', async () => {
    // happy-dom has no Web Locks: an exclusive, first-come lock as browsers have it.
    let queue = Promise.resolve();
    const requested: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request<T>(name: string, task: () => Promise<T>): Promise<T> {
          requested.push(name);
          const run = queue.then(task);
          queue = run.then(() => undefined, () => undefined);
          return run;
        },
      },
    });
    const first = await signedIn();
    const second = createWebPlatform(baseUrl);
    await second.loadSession();
    const [a, b] = await Promise.all([first.refreshSession(), second.refreshSession()]);
    expect(a).toEqual({ kind: 'session', session: session(jwt(1)) });
    expect(b).toEqual(a);
    expect(requested).toEqual(['hotel.session.refresh', 'hotel.session.refresh']);
    expect(revoked).toBe(false);
    // Later refreshes still work for either tab.
    expect(await second.refreshSession()).toMatchObject({ kind: 'session' });
    expect(await first.refreshSession()).toMatchObject({ kind: 'session' });
    expect(revoked).toBe(false);
  });
});
