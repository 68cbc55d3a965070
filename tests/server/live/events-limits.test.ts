import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { streamHub } from '../../../server/src/live/stream-hub';
import { type TestServer, startTestServer } from '../../support/test-server';

interface Connection {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  close(): void;
}

/**
 * One real connection to `url` from a chosen loopback address (Linux answers on all
 * of 127/8), resolved once the answer's head and first bytes are in.
 */
function connect(url: string, options: { from?: string; headers?: Record<string, string> } = {}): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { localAddress: options.from ?? '127.0.0.1', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.once('data', (chunk: string) => {
        body += chunk;
        resolve({ status: res.statusCode!, headers: res.headers, body, close: () => req.destroy() });
      });
      res.on('data', (chunk: string) => void (body += chunk));
    });
    req.on('error', reject);
  });
}

describe('event streams are capped per address, request, user and in all', () => {
  let t: TestServer;
  let fx: Fixture;
  let requestIds: string[];
  const open: Connection[] = [];
  const guest = async (id: string, from = '127.0.0.1', lang = 'en') => {
    const c = await connect(new URL(`${pathOf(endpoints.guestEvents, { id })}?lang=${lang}`, t.url).toString(), { from });
    open.push(c);
    return c;
  };
  const staff = async (token: string, from = '127.0.0.1') => {
    const c = await connect(new URL(pathOf(endpoints.staffEvents), t.url).toString(), { from, headers: { authorization: `Bearer ${token}` } });
    open.push(c);
    return c;
  };
  /** The server counts a stream as gone once it sees the close. */
  const closeAll = async () => {
    open.splice(0).forEach((c) => c.close());
    await expect.poll(() => streamHub(t.server.app).size).toBe(0);
  };

  beforeAll(async () => {
    t = await startTestServer({
      // Guests may take every stream here: the staff's reserve has its own test below.
      env: { HOTEL_STREAMS_PER_ADDRESS: '3', HOTEL_STREAMS_PER_REQUEST: '2', HOTEL_STREAMS_PER_USER: '2', HOTEL_STREAMS_TOTAL: '5', HOTEL_STREAMS_GUEST_SHARE: '100' },
    });
    fx = await seedFixture(t.server.app.ctx.database.db);
    requestIds = [];
    for (let i = 0; i < 3; i++) requestIds.push((await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id);
  });
  afterEach(closeAll);
  afterAll(() => t.cleanup());

  it('per guest request: the third stream of one request is refused (429, in the caller\'s language), another request is not', async () => {
    const [a, b] = requestIds;
    expect((await guest(a, '127.0.0.2')).status).toBe(200);
    expect((await guest(a, '127.0.0.3')).status).toBe(200);
    const refused = await guest(a, '127.0.0.4');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body).message).toMatch(/^Too many live connections are open from here/);
    const arabic = await guest(a, '127.0.0.4', 'ar');
    expect(JSON.parse(arabic.body).message).toMatch(/^هناك اتصالات مباشرة كثيرة/);
    expect((await guest(b, '127.0.0.4')).status).toBe(200);
  });

  it('per address: the fourth stream from one address is refused, another address is served', async () => {
    for (const id of requestIds) expect((await guest(id, '127.0.0.5')).status).toBe(200);
    expect((await guest(requestIds[0], '127.0.0.5')).status).toBe(429);
    expect((await guest(requestIds[0], '127.0.0.6')).status).toBe(200);
  });

  it('per user: a staff member\'s third stream is refused, from any address', async () => {
    const token = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { claims: SERVICE_CLAIMS }));
    expect((await staff(token, '127.0.0.7')).status).toBe(200);
    expect((await staff(token, '127.0.0.8')).status).toBe(200);
    expect((await staff(token, '127.0.0.9')).status).toBe(429);
  });

  it('in all: past the server\'s cap every newcomer gets 503, and a closed stream frees its place', async () => {
    const addresses = ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4', '127.0.1.5'];
    for (const [i, from] of addresses.entries()) expect((await guest(requestIds[i % 3], from)).status).toBe(200);
    const busy = await guest(requestIds[0], '127.0.1.6');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body).message).toMatch(/^The server has too many live connections/);
    // Ordinary calls are still answered.
    expect((await fetch(new URL('/api/health', t.url))).status).toBe(200);
    open[0].close();
    await expect.poll(async () => (await guest(requestIds[2], '127.0.1.7')).status, { timeout: 5_000 }).toBe(200);
  });
});

describe('guests cannot take the staff\'s streams', () => {
  let t: TestServer;
  let fx: Fixture;
  const open: Connection[] = [];
  const newRequest = async () => (await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id as string;
  const guest = async (id: string, options: { from?: string; forwardedFor?: string; lang?: string } = {}) => {
    const url = new URL(`${pathOf(endpoints.guestEvents, { id })}?lang=${options.lang ?? 'en'}`, t.url).toString();
    const c = await connect(url, { from: options.from, headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : undefined });
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    // Behind a proxy, so the test can speak for IPv6 clients through X-Forwarded-For.
    t = await startTestServer({
      env: { HOTEL_TRUST_PROXY: 'true', HOTEL_STREAMS_TOTAL: '8', HOTEL_STREAMS_GUEST_SHARE: '50', HOTEL_STREAMS_PER_ADDRESS: '2', HOTEL_STREAMS_PER_REQUEST: '100' },
    });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterEach(async () => {
    open.splice(0).forEach((c) => c.close());
    await expect.poll(() => streamHub(t.server.app).size).toBe(0);
  });
  afterAll(() => t.cleanup());

  it('guests from many addresses fill only their share of the streams; the admin\'s alerts still connect', async () => {
    const id = await newRequest();
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push((await guest(id, { forwardedFor: `192.0.2.${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503]);
    const admin = await connect(new URL(pathOf(endpoints.staffEvents), t.url).toString(), { headers: { authorization: `Bearer ${await t.adminToken()}` } });
    open.push(admin);
    expect(admin.status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const id = await newRequest();
    expect((await guest(id, { forwardedFor: '2001:db8:7:1::1' })).status).toBe(200);
    expect((await guest(id, { forwardedFor: '2001:db8:7:1::2' })).status).toBe(200);
    expect((await guest(id, { forwardedFor: '2001:db8:7:1:ffff:1:2:3' })).status).toBe(429);
    expect((await guest(id, { forwardedFor: '2001:db8:7:2::1' })).status).toBe(200);
  });

  it('a request finished more than a day ago gets no stream (410, in the caller\'s language); one finished an hour ago does', async () => {
    const db = t.server.app.ctx.database.db;
    const [old, recent, open] = [await newRequest(), await newRequest(), await newRequest()];
    await db.execute(sql`update requests set status = 'Completed', updated_at = now() - interval '25 hours' where id = ${old}`);
    await db.execute(sql`update requests set status = 'Rejected', updated_at = now() - interval '1 hour' where id = ${recent}`);
    await db.execute(sql`update requests set updated_at = now() - interval '30 days' where id = ${open}`);
    const refused = await guest(old, { forwardedFor: '192.0.2.50' });
    expect(refused.status).toBe(410);
    expect(JSON.parse(refused.body).message).toMatch(/^This request was finished more than a day ago/);
    expect(JSON.parse((await guest(old, { forwardedFor: '192.0.2.51', lang: 'ar' })).body).message).toMatch(/^انتهى هذا الطلب/);
    expect((await guest(recent, { forwardedFor: '192.0.2.52' })).status).toBe(200);
    expect((await guest(open, { forwardedFor: '192.0.2.53' })).status).toBe(200);
  });
});

describe('a flood of streams from one address', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Above the 300 sockets this test opens at once: the stream cap is under test, not the connection cap.
    t = await startTestServer({ env: { HOTEL_STREAMS_PER_REQUEST: '1000', HOTEL_MAX_CONNECTIONS_PER_ADDRESS: '1000' } });
  });
  afterAll(() => t.cleanup());

  it('is cut at the per-address cap, and the server keeps answering', async () => {
    const fx = await seedFixture(t.server.app.ctx.database.db);
    const id = (await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id;
    const other = (await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id;
    const url = (rid: string) => new URL(pathOf(endpoints.guestEvents, { id: rid }), t.url).toString();
    // 300 at once from one address (the outside test opened 19,807).
    const attempts = await Promise.all(Array.from({ length: 300 }, (_, i) => connect(url(i % 2 ? id : other), { from: '127.0.2.1' })));
    try {
      const served = attempts.filter((c) => c.status === 200).length;
      expect(served).toBe(t.config.streams.perAddress);
      expect(attempts.filter((c) => c.status === 429).length).toBe(300 - served);
      const health = await fetch(new URL('/api/health', t.url));
      expect(health.status).toBe(200);
    } finally {
      attempts.forEach((c) => c.close());
    }
  });
});

describe('idle streams end', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_STREAM_IDLE_SECONDS: '2' } });
  });
  afterAll(() => t.cleanup());

  it('a stream that carried no event for the idle time ends with a reconnect hint', async () => {
    const fx = await seedFixture(t.server.app.ctx.database.db);
    const id = (await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id;
    const started = Date.now();
    const stream = await openStream(new URL(pathOf(endpoints.guestEvents, { id }), t.url).toString());
    expect(stream.res.status).toBe(200);
    await stream.closed();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    // On PostgreSQL the request's own 'request-created' comes back through LISTEN/NOTIFY and may reach the stream
    // opened after it (an event all the same: the idle time counts from it).
    const events = stream.received.map((e) => e.event);
    expect(events.at(-1)).toBe('reconnect');
    expect(events.filter((e) => e !== 'request-created')).toEqual(['reconnect']);
  });
});
