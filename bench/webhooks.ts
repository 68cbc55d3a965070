/**
 * Outgoing webhooks: how many events per second the outbox delivers to a local receiver,
 * and how long after a change its signed event reaches the receiver (p50, p99), with the
 * dispatcher as it runs in production (1 s tick, a nudge after each recorded change).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { endpoints, pathOf } from '../shared';
import { loadConfig } from '../server/src/config';
import { rooms, services } from '../server/src/db/schema';
import { WebhookDispatcher } from '../server/src/modules/integrations/webhooks/dispatcher';
import { startServer } from '../server/src/server';
import { ms, percentile } from './lib/load';

const LATENCY_REQUESTS = 200;
/** Changes per second while latency is measured: a busy hotel's desk, many times over. */
const LATENCY_RATE = 10;
const BACKLOG_REQUESTS = 500;

interface Receiver {
  url: string;
  /** Arrival time (ms) of each event, by webhook-id, with the change's time from its payload. */
  arrivals: { id: string; at: number; changedAt: number }[];
  badSignatures: number;
  close(): Promise<void>;
}

function startReceiver(secret: () => string): Promise<Receiver> {
  const arrivals: Receiver['arrivals'] = [];
  const state = { bad: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const payload = new Webhook(secret()).verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as { timestamp: string };
        arrivals.push({ id: String(req.headers['webhook-id']), at: Date.now(), changedAt: Date.parse(payload.timestamp) });
        res.writeHead(204).end();
      } catch {
        state.bad++;
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        arrivals,
        get badSignatures() {
          return state.bad;
        },
        close: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
      }),
    ),
  );
}

async function benchOne(db: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-hooks-'));
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      HOTEL_DATA_DIR: dataDir,
      HOTEL_ADMIN_EMAIL: 'admin@bench.hotel',
      HOTEL_ADMIN_PASSWORD: 'Bench-Passw0rd!x',
      HOTEL_RATE_LIMITS: 'off',
      HOTEL_WEBHOOK_ALLOW_PRIVATE: '1',
      HOTEL_WEBHOOK_ALLOW_HTTP: '1',
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    ['--demo'],
  );
  const server = await startServer(config, { logger: false });
  let secret = '';
  const receiver = await startReceiver(() => secret);
  const call = async (endpoint: { method: string; path: string }, options: { token?: string; body?: unknown; params?: Record<string, string | number> } = {}) => {
    const res = await fetch(new URL(pathOf(endpoint, options.params), server.url), {
      method: endpoint.method,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: await res.json() };
  };
  try {
    const token = (await call(endpoints.login, { body: { email: 'admin@bench.hotel', password: 'Bench-Passw0rd!x' } })).body.accessToken as string;
    const sub = await call(endpoints.addWebhook, { token, body: { url: receiver.url, eventTypes: ['request.created', 'line.changed'], hotelId: null } });
    secret = sub.body.secret;
    const ctx = server.app.ctx;
    const offered = (await ctx.database.db.select({ id: services.id, isSpecial: services.isSpecial }).from(services)).filter((s) => !s.isSpecial);
    const roomRows = await ctx.database.db.select({ id: rooms.id, hotelId: rooms.hotelId }).from(rooms);
    let n = 0;
    /** A guest's request and the desk's acknowledge: two events of one request. */
    const change = async () => {
      const i = n++;
      const room = roomRows[i % roomRows.length];
      const added = await call(endpoints.addRequest, {
        body: { custName: 'Bench Guest', custEmail: 'guest@bench.test', custPhone: '+966 55 123 4567', hotelId: room.hotelId, roomId: room.id, note: '', services: [{ serviceId: offered[i % offered.length].id, note: '' }] },
      });
      const view = await call(endpoints.userRequestDetails, { params: { id: added.body.id } });
      await call(endpoints.acknowledgeService, { token, body: { id: view.body.requestDetails[0].id } });
    };

    // Change → delivery, the receiver up, changes arriving at a steady rate.
    const pacing: Promise<void>[] = [];
    const started = Date.now();
    for (let i = 0; i < LATENCY_REQUESTS; i++) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + (i * 1000) / LATENCY_RATE - Date.now())));
      pacing.push(change());
    }
    await Promise.all(pacing);
    const expected = LATENCY_REQUESTS * 2;
    for (let waited = 0; receiver.arrivals.length < expected && waited < 30_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const latencies = receiver.arrivals.map((a) => a.at - a.changedAt).sort((a, b) => a - b);

    // Throughput: a backlog built while no process delivers, then one process drains it.
    await server.webhooks.stop();
    receiver.arrivals.length = 0;
    for (let i = 0; i < BACKLOG_REQUESTS; i += 10) await Promise.all(Array.from({ length: 10 }, () => change()));
    const backlog = BACKLOG_REQUESTS * 2;
    const drainer = new WebhookDispatcher(ctx, server.app.log);
    const t0 = performance.now();
    while (receiver.arrivals.length < backlog && performance.now() - t0 < 120_000) if ((await drainer.runOnce()) === 0) await new Promise((r) => setTimeout(r, 10));
    const drainMs = performance.now() - t0;
    const unique = new Set(receiver.arrivals.map((a) => a.id)).size;
    return {
      db,
      latency: { n: latencies.length, expected, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.at(-1) ?? NaN },
      drain: { events: receiver.arrivals.length, unique, perSecond: Math.round((receiver.arrivals.length / drainMs) * 1000), ms: drainMs },
      badSignatures: receiver.badSignatures,
    };
  } finally {
    await receiver.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchWebhooks({ pgUrl }: { pgUrl: () => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const runs = [await benchOne('PGlite')];
  const url = await pgUrl();
  if (url) runs.push(await benchOne('PostgreSQL', url));
  const lines = [
    `A receiver on loopback verifying every signature (standardwebhooks). Latency: ${LATENCY_REQUESTS} requests filed and acknowledged at ${LATENCY_RATE}/s (${LATENCY_REQUESTS * 2} events), from the change's time to the receiver's; throughput: a backlog of ${BACKLOG_REQUESTS * 2} events (${BACKLOG_REQUESTS} requests, two events each, in order) drained by one process.`,
    '',
    '| database | change → delivery p50 | p99 | max | delivered | backlog events/s | bad signatures |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      (r) =>
        `| ${r.db} | ${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${r.latency.n}/${r.latency.expected}, backlog ${r.drain.unique}/${BACKLOG_REQUESTS * 2} unique | ${r.drain.perSecond} | ${r.badSignatures} |`,
    ),
  ];
  return { title: 'Outgoing webhooks', lines };
}
