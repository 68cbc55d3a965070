import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookPayload, endpoints } from '@shared';
import { services, webhookDeliveries, webhookSubscriptions } from '../../../server/src/db/schema';
import { GIVE_UP_AFTER_MS } from '../../../server/src/modules/integrations/webhooks/dispatcher';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

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
  const state = {
    mode: 'ok' as 'ok' | '500',
    port: 0,
    /** Answers 500 to the tries this picks (one path, one request), whatever `mode` says. */
    refuse: undefined as ((path: string, body: string) => boolean) | undefined,
    /** Runs as the answer is about to go (a test moves the server's clock here: the receiver "took" that long). */
    beforeAnswer: undefined as (() => void) | undefined,
  };
  const waiting: { match: (r: Received) => boolean; resolve: () => void }[] = [];
  const take = (r: Received) => {
    received.push(r);
    for (const w of waiting.filter((x) => x.match(r))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
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
          const body = Buffer.concat(chunks).toString('utf8');
          state.beforeAnswer?.();
          if (state.mode === '500' || state.refuse?.(url, body)) {
            res.writeHead(500).end('receiver is having a bad day');
            return;
          }
          const secret = secrets().get(url);
          try {
            const payload = new Webhook(secret ?? 'whsec_AAAA').verify(body, req.headers as Record<string, string>) as WebhookPayload;
            res.writeHead(204).end();
            take({ path: url, id: String(req.headers['webhook-id']), headers: req.headers, payload });
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
    /** Resolves once an event that `match` picks has been taken (at once if it already was). */
    waitFor: (match: (r: Received) => boolean) =>
      new Promise<void>((resolve) => (received.some(match) ? resolve() : waiting.push({ match, resolve }))),
    down: () => new Promise<void>((resolve) => (server!.closeAllConnections(), server!.close(() => resolve()))),
    up: listen,
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A receiver that hangs: it takes each try and answers none until the test lets go (then it
 * answers 204 at once). It notes which request each try was for, how many it held at once,
 * and which ended (answered, or cut off by the sender) while it held them.
 */
async function startHungReceiver() {
  const got: string[] = [];
  const ended: string[] = [];
  const held: ServerResponse[] = [];
  const arrivals: { n: number; resolve: () => void }[] = [];
  let open = 0;
  let mostAtOnce = 0;
  let released = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestId = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookPayload & { data: { requestId: string } }).data.requestId);
      got.push(requestId);
      open += 1;
      mostAtOnce = Math.max(mostAtOnce, open);
      res.on('close', () => {
        open -= 1;
        ended.push(requestId);
      });
      if (released) res.writeHead(204).end();
      else held.push(res);
      for (const a of arrivals.filter((x) => got.length >= x.n)) a.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    ended,
    mostAtOnce: () => mostAtOnce,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    /** Resolves once `n` tries have come in. */
    arrived: (n: number) => new Promise<void>((resolve) => (got.length >= n ? resolve() : arrivals.push({ n, resolve }))),
    release() {
      released = true;
      for (const res of held.splice(0)) res.writeHead(204).end();
    },
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

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

  const run = () => t.server.webhooks.runOnce();
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

  /** A request in hotel B, whose subscriptions are this part's own. */
  const requestInB = async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return added.body.id as string;
  };
  const requestOf = (r: Received) => (r.payload.data as { requestId?: string }).requestId;
  /** A sign-in at the clock's time (earlier tests moved it days on, past the first token's life). */
  const signIn = () => t.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);

  it('a receiver that answers again gets its backlog at once: a try in its 30 min backoff, and the later event of that request behind it, in order', async () => {
    const token = await signIn();
    const sub = await subscribe(t, token, { url: receiver.url('/back'), eventTypes: ['request.created', 'line.changed'], hotelId: fx.hotelB.id });
    secrets.set('/back', sub.secret);
    receiver.state.refuse = (url) => url === '/back';
    const early = await requestInB();
    const detail = await t.api.call(endpoints.userRequestDetails, { token, params: { id: early } });
    expect((await t.api.call(endpoints.acknowledgeService, { token, body: { id: detail.body.requestDetails[0].id as number } })).status).toBe(200);
    // Four failed tries (now, +5 s, +1 min, +5 min): the next would be in 30 min.
    for (const wait of [0, 5_500, 61_000, 301_000]) {
      t.clock.advance(wait);
      await run();
    }
    const [waiting] = (await deliveriesOf(sub.id)).filter((d) => d.attempts > 0);
    expect(waiting).toMatchObject({ state: 'pending', attempts: 4, lastStatus: 500 });
    expect(waiting.nextAttemptAt.getTime() - t.clock.now().getTime()).toBeGreaterThan(29 * 60_000);

    receiver.state.refuse = undefined;
    const later = await requestInB();
    await run();
    const got = receiver.received.filter((r) => r.path === '/back');
    // The later request's event went first; its success brought the backlog forward, in the request's order.
    expect(got.map((r) => `${requestOf(r) === later ? 'later' : 'early'} ${story([r], requestOf(r)!)[0]}`)).toEqual([
      'later request.created',
      'early request.created',
      'early line.changed/acknowledge',
    ]);
    expect((await deliveriesOf(sub.id)).every((d) => d.state === 'delivered')).toBe(true);
    await t.api.call(endpoints.setWebhookEnabled, { token, params: { id: sub.id }, body: { enabled: false } });
  });

  it('a delivery its receiver refuses while taking others keeps its own backoff: brought forward once per comeback, not after every success', async () => {
    const token = await signIn();
    const sub = await subscribe(t, token, { url: receiver.url('/picky'), eventTypes: ['request.created'], hotelId: fx.hotelB.id });
    secrets.set('/picky', sub.secret);
    const refused = await requestInB();
    receiver.state.refuse = (url, body) => url === '/picky' && body.includes(refused);
    // (The refusal is for this path alone: a failure here leaves no other test a refusing receiver.)
    await run(); // the receiver was fine: its own backoff (5 s)
    t.clock.advance(5_500);
    await run(); // refused again while failing: it waits for the receiver
    const later = await requestInB();
    await run(); // taken: the waiting one is brought forward, refused once more, now on its own backoff
    const another = await requestInB();
    await run(); // taken: the refused one is not tried again for it
    const row = (await deliveriesOf(sub.id)).find((d) => d.state === 'pending')!;
    expect(row).toMatchObject({ attempts: 3, lastStatus: 500 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 4 * 60_000);
    expect(receiver.received.filter((r) => r.path === '/picky').map(requestOf)).toEqual([later, another]);
    receiver.state.refuse = undefined;
    // Switched off and on again: the owner says it is fixed, so it is due at once.
    for (const enabled of [false, true]) await t.api.call(endpoints.setWebhookEnabled, { token, params: { id: sub.id }, body: { enabled } });
    await run();
    expect(receiver.received.filter((r) => r.path === '/picky').map(requestOf)).toEqual([later, another, refused]);
    await t.api.call(endpoints.setWebhookEnabled, { token, params: { id: sub.id }, body: { enabled: false } });
  });

  it('delivered_at is when the receiver answered, not when the dispatcher run started', async () => {
    const token = await signIn();
    const sub = await subscribe(t, token, { url: receiver.url('/answered'), eventTypes: ['request.created'], hotelId: fx.hotelB.id });
    secrets.set('/answered', sub.secret);
    await requestInB();
    const started = t.clock.now().getTime();
    // The receiver takes 7 s (on the server's clock) to answer.
    receiver.state.beforeAnswer = () => t.clock.advance(7_000);
    try {
      await run();
    } finally {
      receiver.state.beforeAnswer = undefined;
    }
    const [delivery] = await deliveriesOf(sub.id);
    expect(delivery.state).toBe('delivered');
    expect(delivery.lastAttemptAt!.getTime(), 'the try started at the run').toBeLessThan(started + 7_000);
    expect(delivery.deliveredAt!.getTime(), 'taken when the answer came').toBeGreaterThanOrEqual(started + 7_000);
    await t.api.call(endpoints.setWebhookEnabled, { token, params: { id: sub.id }, body: { enabled: false } });
  });

  it('a receiver that hangs delays no other: the healthy one gets each event while the hung one still holds its first', async () => {
    const token = await signIn();
    const hung = await startHungReceiver();
    const config = t.server.app.ctx.config.webhooks;
    const subs: number[] = [];
    try {
      subs.push((await subscribe(t, token, { url: hung.url('/hung'), eventTypes: ['request.created'], hotelId: fx.hotelB.id })).id);
      const healthy = await subscribe(t, token, { url: receiver.url('/healthy'), eventTypes: ['request.created'], hotelId: fx.hotelB.id });
      subs.push(healthy.id);
      secrets.set('/healthy', healthy.secret);
      // Each change wakes this process's dispatcher, as in production (the timer stays off).
      config.tickMs = 60_000;
      const first = await requestInB();
      await hung.arrived(1);
      await receiver.waitFor((r) => r.path === '/healthy' && requestOf(r) === first);
      const second = await requestInB();
      await receiver.waitFor((r) => r.path === '/healthy' && requestOf(r) === second);
      expect(hung.ended, 'the hung receiver still holds the first event, its 10 s not up').toEqual([]);
      expect(hung.got).toEqual([first]);
      hung.release();
      await hung.arrived(2);
      expect(hung.got, 'the hung receiver gets its events in order once it answers').toEqual([first, second]);
      expect(hung.mostAtOnce(), 'one try at a time to a receiver').toBe(1);
    } finally {
      config.tickMs = 0;
      hung.release();
      await run();
      for (const id of subs) await t.api.call(endpoints.setWebhookEnabled, { token, params: { id }, body: { enabled: false } });
      await hung.close();
    }
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
    await t.server.webhooks.runOnce();
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
    // Each process is asked three times at once (the asks join its one run); the two processes claim side by side.
    const runs = () => servers.flatMap((s) => [0, 1, 2].map(() => s.server.webhooks.runOnce()));
    for (let round = 0; round < 4; round++) await Promise.all(runs());
    const got = receiver.received.filter((r) => r.path === '/race');
    expect(receiver.badSignatures).toEqual([]);
    expect(got).toHaveLength(12 * LIFE.length);
    expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
    for (const { requestId } of lives) expect(story(got, requestId)).toEqual(LIFE);
  });
});
