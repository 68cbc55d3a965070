import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookPayload, endpoints } from '@shared';
import { services, webhookDeliveries, webhookSubscriptions } from '../../server/src/db/schema';
import { GIVE_UP_AFTER_MS } from '../../server/src/modules/integrations/webhooks/dispatcher';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp } from '../support/smtp';
import { type TestServer, startTestServer, testDbKind } from '../support/test-server';
import { useSmtp } from './administration.fixtures';

/** Loopback receivers are allowed here only through the operator's switches; no timers: the test runs the dispatcher. */
const ENV = { HOTEL_WEBHOOK_ALLOW_PRIVATE: '1', HOTEL_WEBHOOK_ALLOW_HTTP: '1', HOTEL_WEBHOOK_TICK_MS: '0', HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' };
const ALL_EVENTS = ['request.created', 'line.changed', 'line.overdue', 'message.added', 'review.added'] as const;

interface Received {
  path: string;
  id: string;
  headers: IncomingHttpHeaders;
  payload: WebhookPayload;
}

/**
 * A webhook receiver on loopback: it checks every signature with the library's verifier
 * (a bad one is recorded, never taken), answers as `mode` says, and can be taken down and
 * brought back on the same port.
 */
async function startReceiver(secrets: () => Map<string, string>) {
  const received: Received[] = [];
  const badSignatures: string[] = [];
  const state = { mode: 'ok' as 'ok' | '500', port: 0 };
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const url = req.url ?? '';
          if (url.startsWith('/redirect')) {
            res.writeHead(302, { location: `http://127.0.0.1:${state.port}/redirected` }).end();
            return;
          }
          if (url.startsWith('/redirected')) received.push({ path: url, id: String(req.headers['webhook-id']), headers: req.headers, payload: JSON.parse('{}') });
          if (state.mode === '500') {
            res.writeHead(500).end('receiver is having a bad day');
            return;
          }
          const body = Buffer.concat(chunks).toString('utf8');
          const secret = secrets().get(url);
          try {
            const payload = new Webhook(secret ?? 'whsec_AAAA').verify(body, req.headers as Record<string, string>) as WebhookPayload;
            received.push({ path: url, id: String(req.headers['webhook-id']), headers: req.headers, payload });
            res.writeHead(204).end();
          } catch (error) {
            badSignatures.push(`${url}: ${String(error)}`);
            res.writeHead(400).end('bad signature');
          }
        });
      });
      server.listen(state.port, '127.0.0.1', () => {
        state.port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    state,
    received,
    badSignatures,
    url: (p: string) => `http://127.0.0.1:${state.port}${p}`,
    down: () => new Promise<void>((resolve) => (server!.closeAllConnections(), server!.close(() => resolve()))),
    up: listen,
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function subscribe(t: TestServer, token: string, body: { url: string; eventTypes: readonly string[]; hotelId: number | null; includeInternalNotes?: boolean }) {
  const res = await t.api.call(endpoints.addWebhook, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  return res.body as { id: number; secret: string };
}

/** One request's life: filed, acknowledged, answered, noted, assigned, completed, reviewed. */
async function liveRequest(t: TestServer, token: string, fx: Fixture) {
  const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const requestId = added.body.id as string;
  const detail = await t.api.call(endpoints.userRequestDetails, { token, params: { id: requestId } });
  const lineId = detail.body.requestDetails[0].id as number;
  const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
  ok(await t.api.call(endpoints.acknowledgeService, { token, body: { id: lineId } }));
  ok(await t.api.call(endpoints.addServiceMessage, { token, body: { requestDetailsId: lineId, kind: 'reply', text: 'On the way' } }));
  ok(await t.api.call(endpoints.addServiceMessage, { token, body: { requestDetailsId: lineId, kind: 'note', text: 'Guest asked twice' } }));
  ok(await t.api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status: 'Assigned', workerId: fx.workers.housekeeper, note: '' } }));
  ok(await t.api.call(endpoints.updateServiceRequestStatus, { token, body: { requestDetailsId: lineId, status: 'Completed', note: '' } }));
  ok(await t.api.call(endpoints.addReview, { body: { id: requestId, rating: 5, feedback: 'Thanks' } }));
  return { requestId, lineId };
}

/** What a receiver got for one request, in arrival order, as "type/change" words. */
function story(received: Received[], requestId: string): string[] {
  return received
    .filter((r) => 'requestId' in r.payload.data && r.payload.data.requestId === requestId)
    .map((r) => (r.payload.type === 'line.changed' ? `${r.payload.type}/${r.payload.data.change}` : r.payload.type === 'message.added' ? `${r.payload.type}/${r.payload.data.kind}` : r.payload.type));
}

const LIFE = ['request.created', 'line.changed/acknowledge', 'message.added/reply', 'line.changed/assignment', 'line.changed/status', 'review.added'];

describe('outgoing webhooks', { timeout: 120_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  let receiver: Receiver;
  let smtp: SmtpCatcher;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = await startReceiver(() => secrets);
    smtp = await startSmtp();
    t = await startTestServer({ env: ENV });
    fx = await seedFixture(t.server.app.ctx.database.db);
    token = await t.adminToken();
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.cleanup();
    await receiver?.down().catch(() => undefined);
    await smtp?.close();
  });

  const run = () => t.server.webhooks.runOnce(t.clock.now());
  const deliveriesOf = (subscriptionId: number) =>
    t.server.app.ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId));

  it('receiver down, then answering 500, then back: every event arrives once by id, signed, in order per request; notes only where asked', async () => {
    const chain = await subscribe(t, token, { url: receiver.url('/all'), eventTypes: ALL_EVENTS, hotelId: null });
    secrets.set('/all', chain.secret);
    const notes = await subscribe(t, token, { url: receiver.url('/notes'), eventTypes: ['message.added'], hotelId: fx.hotelA.id, includeInternalNotes: true });
    secrets.set('/notes', notes.secret);
    // The secret is shown once: the list never carries it.
    const list = await t.api.call(endpoints.webhooks, { token });
    expect(JSON.stringify(list.body)).not.toContain(chain.secret);
    expect(list.body.find((s: { id: number }) => s.id === chain.id)).toMatchObject({ url: receiver.url('/all'), hotelId: null, enabled: true });

    await receiver.down();
    const lives = [];
    for (let i = 0; i < 3; i++) lives.push(await liveRequest(t, token, fx));

    // Down: each request's first event is tried, the rest wait behind it.
    expect(await run()).toBe(3 + 3);
    expect(await run()).toBe(0);
    t.clock.advance(4_000);
    expect(await run(), 'not before the 5 s backoff').toBe(0);
    t.clock.advance(1_500);
    expect(await run()).toBe(6);

    // Back, but failing.
    await receiver.up();
    receiver.state.mode = '500';
    t.clock.advance(61_000);
    expect(await run()).toBe(6);
    const failing = await deliveriesOf(chain.id);
    const tried = failing.filter((d) => d.attempts > 0);
    expect(tried).toHaveLength(3);
    for (const d of tried) expect(d).toMatchObject({ state: 'pending', attempts: 3, lastStatus: 500, lastResponse: 'receiver is having a bad day' });

    receiver.state.mode = 'ok';
    t.clock.advance(301_000);
    await run();
    expect(receiver.badSignatures).toEqual([]);
    const all = receiver.received.filter((r) => r.path === '/all');
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size, 'none twice by webhook-id').toBe(ids.length);
    for (const { requestId } of lives) expect(story(all, requestId)).toEqual(LIFE);
    // One webhook-id however often tried: the ids received are the ids of the first tries.
    const rows = await deliveriesOf(chain.id);
    expect(rows.every((d) => d.state === 'delivered')).toBe(true);
    expect(new Set(ids)).toEqual(new Set(rows.map((d) => d.messageId)));
    const payload = all[0].payload;
    expect(payload).toMatchObject({ type: 'request.created', version: 1 });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();

    // The notes subscription got the note; the chain one never did.
    const noted = receiver.received.filter((r) => r.path === '/notes').map((r) => (r.payload.data as { kind: string }).kind);
    expect(noted.filter((k) => k === 'note')).toHaveLength(3);
    expect(all.some((r) => r.payload.type === 'message.added' && r.payload.data.kind === 'note')).toBe(false);

    // The delivery log: status, latency, response code.
    const log = await t.api.call(endpoints.webhookDeliveries, { token, params: { id: chain.id }, query: { page: 1, pageSize: 100 } });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(18);
    expect(log.body.items[0]).toMatchObject({ state: 'delivered', responseStatus: 204 });
    expect(typeof log.body.items[0].latencyMs).toBe('number');
  });

  it('send again: the delivery goes once more with its own webhook-id', async () => {
    const sub = await subscribe(t, token, { url: receiver.url('/again'), eventTypes: ['request.created'], hotelId: fx.hotelA.id });
    secrets.set('/again', sub.secret);
    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    await run();
    const [delivery] = await deliveriesOf(sub.id);
    expect(delivery.state).toBe('delivered');
    const res = await t.api.call(endpoints.resendWebhookDelivery, { token, params: { id: sub.id, deliveryId: delivery.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await run();
    const got = receiver.received.filter((r) => r.path === '/again');
    expect(got.map((r) => r.id)).toEqual([delivery.messageId, delivery.messageId]);
    const missing = await t.api.call(endpoints.resendWebhookDelivery, { token, params: { id: sub.id, deliveryId: 999_999_999 } });
    expect(missing.status).toBe(404);
  });

  it('a line past its target is reported overdue once, in the escalation transaction', async () => {
    const sub = await subscribe(t, token, { url: receiver.url('/late'), eventTypes: ['line.overdue'], hotelId: fx.hotelA.id });
    secrets.set('/late', sub.secret);
    const db = t.server.app.ctx.database.db;
    await db.update(services).set({ acknowledgeMinutes: 1 }).where(eq(services.id, fx.services.towels));
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    await db.update(services).set({ acknowledgeMinutes: null }).where(eq(services.id, fx.services.towels));
    t.clock.advance(2 * 60_000);
    await t.tick();
    await t.tick();
    await run();
    const late = receiver.received.filter((r) => r.path === '/late');
    expect(late.length).toBeGreaterThanOrEqual(1);
    expect(new Set(late.map((r) => (r.payload.data as { target: string }).target)).size).toBe(late.length);
    expect(late[0].payload).toMatchObject({ type: 'line.overdue', data: { requestId: added.body.id, hotelId: fx.hotelA.id } });
  });

  it('a redirect is not followed: the try fails with its 302 and the other address gets nothing', async () => {
    const sub = await subscribe(t, token, { url: receiver.url('/redirect'), eventTypes: ['request.created'], hotelId: fx.hotelA.id });
    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    await run();
    const [delivery] = await deliveriesOf(sub.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 302 });
    expect(receiver.received.filter((r) => r.path.startsWith('/redirected'))).toEqual([]);
    // Still being tried: "send again" would race its own retry.
    const early = await t.api.call(endpoints.resendWebhookDelivery, { token, params: { id: sub.id, deliveryId: delivery.id } });
    expect(early.status).toBe(409);
    await t.api.call(endpoints.setWebhookEnabled, { token, params: { id: sub.id }, body: { enabled: false } });
  });

  it('a subscription failing for three days is switched off and its creator e-mailed; its events wait', async () => {
    const db = t.server.app.ctx.database.db;
    const owner = await createStaffUser(db, { claims: ['Administration.Integrations.View', 'Administration.Integrations.Edit'], hotelIds: [fx.hotelB.id], firstName: 'Nadia' });
    const ownerToken = await tokenFor(t.server.app.ctx.tokens, owner);
    const sub = await subscribe(t, ownerToken, { url: receiver.url('/broken'), eventTypes: ['request.created'], hotelId: fx.hotelB.id });
    secrets.set('/broken', 'whsec_' + Buffer.alloc(32).toString('base64'));
    // A chain subscription needs an administrator; another hotel's is not this user's.
    const chainTry = await t.api.call(endpoints.addWebhook, { token: ownerToken, body: { url: receiver.url('/x'), eventTypes: ['request.created'], hotelId: null } });
    expect(chainTry.status).toBe(400);
    const otherHotel = await t.api.call(endpoints.addWebhook, { token: ownerToken, body: { url: receiver.url('/x'), eventTypes: ['request.created'], hotelId: fx.hotelA.id } });
    expect(otherHotel.status).toBe(400);

    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }) });
    // The wrong secret makes the receiver answer 400 to every try.
    const schedule: number[] = [];
    let last = t.clock.now().getTime();
    for (let i = 0; i < 30; i++) {
      await run();
      const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
      if (!row.enabled) break;
      const [delivery] = await deliveriesOf(sub.id);
      schedule.push(Math.round((delivery.nextAttemptAt.getTime() - last) / 1000));
      t.clock.set(delivery.nextAttemptAt.getTime() + 10);
      last = t.clock.now().getTime();
    }
    expect(schedule.slice(0, 6)).toEqual([5, 60, 300, 1800, 7200, 21600]);
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, sub.id));
    expect(row.enabled).toBe(false);
    expect(t.clock.now().getTime() - row.failingSince!.getTime()).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS - 6 * 3_600_000);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email));
    expect(bodyOf(mail)).toContain(receiver.url('/broken'));
  });
});

describe('webhook targets (no operator switch)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver(() => new Map());
    t = await startTestServer({ env: { HOTEL_WEBHOOK_TICK_MS: '0', HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
    token = await t.adminToken();
  });
  afterAll(async () => {
    await t?.cleanup();
    await receiver?.down().catch(() => undefined);
  });

  it('a URL whose host resolves to 127.0.0.1 is refused, and nothing is stored', async () => {
    for (const url of ['https://localhost/hook', 'https://127.0.0.1:8443/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest']) {
      const res = await t.api.call(endpoints.addWebhook, { token, body: { url, eventTypes: ['request.created'], hotelId: null } });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/private or local network/);
    }
    const ar = await t.api.call(endpoints.addWebhook, { token, query: { lang: 'ar' }, body: { url: 'https://localhost/hook', eventTypes: ['request.created'], hotelId: null } });
    expect(ar.body.message).toMatch(/شبكة خاصة/);
    expect(await t.server.app.ctx.database.db.select().from(webhookSubscriptions)).toEqual([]);
  });

  it('documents every payload and the signature headers under webhooks in the OpenAPI document', async () => {
    type Doc = {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
      paths: Record<string, unknown>;
    };
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Doc;
    expect(Object.keys(doc.webhooks).sort()).toEqual([...ALL_EVENTS].sort());
    const changed = doc.webhooks['line.changed'].post;
    expect(changed.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(Object.keys(changed.requestBody.content['application/json'].schema.properties)).toEqual(['type', 'version', 'timestamp', 'data']);
    expect(doc.paths).toHaveProperty(['/api/Integrations/Webhooks']);
  });

  it('a non-https URL is refused', async () => {
    const res = await t.api.call(endpoints.addWebhook, { token, body: { url: 'http://example.com/hook', eventTypes: ['request.created'], hotelId: null } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/https/);
    const junk = await t.api.call(endpoints.addWebhook, { token, body: { url: 'not a url', eventTypes: ['request.created'], hotelId: null } });
    expect(junk.status).toBe(400);
  });

  it('a stored target that now resolves to loopback is refused when the event is sent', async () => {
    const db = t.server.app.ctx.database.db;
    const box = t.server.app.ctx.box;
    // As if the name had resolved to a public address when it was saved.
    const [sub] = await db
      .insert(webhookSubscriptions)
      .values({ url: `https://localhost:${receiver.state.port}/hook`, eventTypes: ['request.created'], hotelId: null, secretEnc: box.seal('whsec_' + Buffer.alloc(32).toString('base64')) })
      .returning();
    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    await t.server.webhooks.runOnce(t.clock.now());
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub.id));
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: null });
    expect(delivery.lastResponse).toMatch(/private or local network/);
    expect(receiver.received).toEqual([]);
  });
});

describe.runIf(testDbKind() === 'postgres')('webhooks from two server processes', { timeout: 120_000 }, () => {
  const servers: TestServer[] = [];
  let dir: string;
  let receiver: Receiver;
  let fx: Fixture;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = await startReceiver(() => secrets);
    const first = await startTestServer({ env: ENV });
    servers.push(first);
    dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-hooks-'));
    servers.push(await startTestServer({ reuse: { dataDir: dir, databaseUrl: first.config.databaseUrl }, env: { ...ENV, HOTEL_JWT_SECRET: first.config.jwtSecret } }));
    fx = await seedFixture(first.server.app.ctx.database.db);
  });
  afterAll(async () => {
    await servers[1]?.close();
    await servers[0]?.cleanup();
    rmSync(dir, { recursive: true, force: true });
    await receiver?.down().catch(() => undefined);
  });

  it('both deliver at once: each event arrives exactly once, in order per request', async () => {
    const [a] = servers;
    const token = await a.adminToken();
    const sub = await subscribe(a, token, { url: receiver.url('/race'), eventTypes: ALL_EVENTS, hotelId: null });
    secrets.set('/race', sub.secret);
    const lives = await Promise.all(Array.from({ length: 12 }, (_, i) => liveRequest(servers[i % 2], token, fx)));
    // Each process runs three claimers at once, so claims overlap inside a process too.
    const runs = () => servers.flatMap((s) => [0, 1, 2].map(() => s.server.webhooks.runOnce(s.clock.now())));
    for (let round = 0; round < 4; round++) await Promise.all(runs());
    const got = receiver.received.filter((r) => r.path === '/race');
    expect(receiver.badSignatures).toEqual([]);
    expect(got).toHaveLength(12 * LIFE.length);
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    for (const { requestId } of lives) expect(story(got, requestId)).toEqual(LIFE);
  });
});
