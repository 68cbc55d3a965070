import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { eq } from 'drizzle-orm';
import { services } from '../../../server/src/db/schema';
import type { EventBus } from '../../../server/src/live/event-bus';
import { EscalationScheduler } from '../../../server/src/modules/service-levels/escalation-scheduler';
import { endStreamsDue } from '../../../server/src/live/stream-hub';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

describe('live events on one server', () => {
  let t: TestServer;
  let fx: Fixture;
  let clerkToken: string;
  const streams: { close(): void }[] = [];
  const open = async (...args: Parameters<typeof openStream>) => {
    const s = await openStream(...args);
    streams.push(s);
    return s;
  };
  const url = (endpoint: { method: string; path: string }, params?: Record<string, string>) => new URL(pathOf(endpoint, params), t.url).toString();
  const submit = async (over: Record<string, unknown> = {}, serviceIds = [fx.services.towels]) => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds, over) });
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
    return { id: res.body.id as string, lineId: view.body.requestDetails[0].id as number };
  };

  beforeAll(async () => {
    // The live-event relay looks for what a dead process left every 100 ms.
    t = await startTestServer({ env: { HOTEL_EVENT_RELAY_TICK_MS: '100' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
    const user = await createStaffUser(t.server.app.ctx.database.db, {
      claims: SERVICE_CLAIMS,
      hotelIds: [fx.hotelA.id],
      departmentIds: [fx.departments.housekeeping],
    });
    clerkToken = await tokenFor(t.server.app.ctx.tokens, user);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.cleanup();
  });

  it('streams new requests of the staff member\'s hotels only', async () => {
    const stream = await open(url(endpoints.staffEvents), { authorization: `Bearer ${clerkToken}` });
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.raw()).toMatch(/^retry: \d+/);
    const b = await submit({ hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] });
    const a = await submit();
    const created = await stream.next((e) => e.event === 'request-created' && e.data.requestId === a.id, 'request-created of A');
    expect(created.data).toMatchObject({ type: 'request-created', hotelId: fx.hotelA.id, statusName: 'Open' });
    expect(created.data.requestCode).toMatch(/^RQ-\d{6}$/);
    // Events arrive in order: B's was published first, so it would be here by now.
    expect(stream.received.some((e) => e.data.requestId === b.id)).toBe(false);
  });

  it('names room, hotel, services and the first words of the note in a new request\'s event, and marks whether it is the clerk\'s own department\'s', async () => {
    const stream = await open(url(endpoints.staffEvents), { authorization: `Bearer ${clerkToken}` });
    const long = 'Please bring two extra towels and a bathrobe for my daughter, she arrives late tonight after the wedding';
    const towels = await submit({ note: `  ${long}  ` }, [fx.services.towels, fx.services.repair]);
    const created = await stream.next((e) => e.event === 'request-created' && e.data.requestId === towels.id, 'the towels request');
    expect(created.data.mine).toBe(true);
    expect(created.data.summary).toEqual({
      roomNumber: '101',
      hotelNameEn: fx.hotelA.name,
      hotelNameAr: expect.any(String),
      services: [
        { nameEn: 'Extra towels', nameAr: 'مناشف إضافية' },
        { nameEn: 'AC repair', nameAr: 'إصلاح التكييف' },
      ],
      serviceCount: 2,
      notePreview: 'Please bring two extra towels and a bathrobe for my…',
    });
    // A plumbing-only request still keeps the clerk's Request List live, but it is not the clerk's to be alerted to.
    const repair = await submit({}, [fx.services.repair]);
    const other = await stream.next((e) => e.event === 'request-created' && e.data.requestId === repair.id, 'the repair request');
    expect(other.data.mine).toBe(false);
  });

  it('refuses a token in the URL, on the stream and on any other route', async () => {
    const inUrl = await fetch(`${url(endpoints.staffEvents)}?access_token=${encodeURIComponent(clerkToken)}`);
    expect(inUrl.status).toBe(401);
    expect((await inUrl.json()).message).toBe('Please sign in');
    const list = await fetch(`${url(endpoints.allRequests)}?access_token=${encodeURIComponent(clerkToken)}`);
    expect(list.status).toBe(401);
    const ticket = await fetch(`${url(endpoints.eventsTicket)}?access_token=${encodeURIComponent(clerkToken)}`, { method: 'POST' });
    expect(ticket.status).toBe(401);
  });

  it('opens a stream with a ticket got with the header, once only', async () => {
    const got = await t.api.call(endpoints.eventsTicket, { token: clerkToken });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ticket: expect.any(String), expiresInSeconds: 30 });
    const withTicket = `${url(endpoints.staffEvents)}?ticket=${encodeURIComponent(got.body.ticket)}`;
    const stream = await open(withTicket);
    expect(stream.res.status).toBe(200);
    const a = await submit();
    await stream.next((e) => e.data.requestId === a.id, 'request-created');
    // Used: the same ticket opens nothing again.
    const again = await fetch(withTicket);
    expect(again.status).toBe(401);
    expect((await again.json()).message).toBeTruthy();
    expect((await fetch(`${url(endpoints.staffEvents)}?ticket=not-a-ticket`)).status).toBe(401);
    expect((await fetch(`${url(endpoints.staffEvents)}?ticket=${'x'.repeat(10_000)}`)).status).toBe(401);
    expect((await fetch(url(endpoints.staffEvents))).status).toBe(401);
  });

  it('ends an open stream at once when its user signs out everywhere', async () => {
    const db = t.server.app.ctx.database.db;
    const user = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] });
    const token = await t.api.login(user.email, user.password);
    const other = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] });
    const otherToken = await t.api.login(other.email, other.password);
    const mine = await open(url(endpoints.staffEvents), { authorization: `Bearer ${token}` });
    const theirs = await open(url(endpoints.staffEvents), { authorization: `Bearer ${otherToken}` });
    const started = Date.now();
    expect((await t.api.call(endpoints.logout, { token, body: {} })).status).toBe(200);
    await mine.closed();
    // Not at the token's expiry (15 minutes): within moments of the logout.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mine.received.map((e) => e.event)).toEqual(['reconnect']);
    // Another user's stream goes on hearing events.
    await submit();
    await theirs.next((e) => e.event === 'request-created', 'request-created');
  });

  it('gives a ticket only to a user who may hear events', async () => {
    const db = t.server.app.ctx.database.db;
    const nobody = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: ['Basic Data.Hotel.View'] }));
    const refused = await t.api.call(endpoints.eventsTicket, { token: nobody });
    expect(refused.status).toBe(403);
    expect((await t.api.call(endpoints.eventsTicket, {})).status).toBe(401);
  });

  it('gives a guest the changes of their own request only, with nothing but what the page needs', async () => {
    const mine = await submit();
    const other = await submit();
    const stream = await open(url(endpoints.guestEvents, { id: mine.id }));
    expect(stream.res.status).toBe(200);
    const change = (lineId: number) =>
      t.api.call(endpoints.updateServiceRequestStatus, {
        token: clerkToken,
        body: { requestDetailsId: lineId, status: 'Assigned', workerId: fx.workers.housekeeper, note: 'On the way' },
      });
    expect((await change(other.lineId)).status).toBe(200);
    expect((await change(mine.lineId)).status).toBe(200);
    const changed = await stream.next((e) => e.event === 'line-changed', 'line-changed');
    expect(changed.data).toEqual({ type: 'line-changed', requestId: mine.id, lineId: mine.lineId, statusName: 'Assigned', at: expect.any(String) });
    expect(stream.received.every((e) => e.data.requestId === mine.id)).toBe(true);
  });

  it('staff see line changes and reviews as they happen', async () => {
    const stream = await open(url(endpoints.staffEvents), { authorization: `Bearer ${clerkToken}` });
    const a = await submit();
    const step = (body: object) => t.api.call(endpoints.updateServiceRequestStatus, { token: clerkToken, body: { requestDetailsId: a.lineId, ...body } });
    expect((await step({ status: 'Assigned', workerId: fx.workers.housekeeper, note: '' })).status).toBe(200);
    expect((await step({ status: 'Completed', note: 'Here you are' })).status).toBe(200);
    const completed = await stream.next((e) => e.event === 'line-changed' && e.data.statusName === 'Completed', 'line-changed');
    expect(completed.data).toMatchObject({ requestId: a.id, lineId: a.lineId, departmentIds: [fx.departments.housekeeping] });
    expect((await t.api.call(endpoints.addReview, { body: { id: a.id, feedback: 'Great', rating: 10 } })).status).toBe(200);
    const review = await stream.next((e) => e.event === 'review-added', 'review-added');
    expect(review.data).toMatchObject({ requestId: a.id, hotelId: fx.hotelA.id });
  });

  /**
   * On PGlite one process owns the folder, so the dead process is stood in for by a scheduler with its
   * own memory that stops for good once its claim commits (escalations.test.ts kills one of two real
   * processes on PostgreSQL): what it committed is published by the server's relay on its tick.
   */
  it('an escalation claimed by a process that died before announcing it: the relay announces it, once', async () => {
    const db = t.server.app.ctx.database.db;
    const stream = await open(url(endpoints.staffEvents), { authorization: `Bearer ${clerkToken}` });
    // Due in a target minute (a real minute): the server's own scheduler does not claim it during the test.
    await db.update(services).set({ acknowledgeMinutes: 1 }).where(eq(services.id, fx.services.repair));
    try {
      const { lineId } = await submit({}, [fx.services.repair]);
      const dead = () => new Promise<never>(() => undefined);
      const dying = new EscalationScheduler({ ...t.server.app.ctx, events: { publish: dead } as unknown as EventBus, liveOutbox: { wake: dead } }, t.server.app.log);
      void dying.runOnce(new Date(t.clock.now().getTime() + 2 * 60_000));
      const alert = await stream.next((e) => e.event === 'line-escalated' && e.data.lineId === lineId, "the dead scheduler's escalation alert");
      expect(alert.data).toMatchObject({ hotelId: fx.hotelA.id, escalation: { kind: 'acknowledge' } });
      expect(stream.received.filter((e) => e.event === 'line-escalated' && e.data.lineId === lineId)).toHaveLength(1);
    } finally {
      await db.update(services).set({ acknowledgeMinutes: null }).where(eq(services.id, fx.services.repair));
    }
  });

  // Last here: it ends the streams the tests above left open too (their tokens expire first).
  it("ends a stream at once when a test's clock moves past its token's expiry (timed work: its own timer waits the real time)", async () => {
    const db = t.server.app.ctx.database.db;
    const user = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] });
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const expiry = decodeJwt(token).exp! * 1000;
    const stream = await open(url(endpoints.staffEvents), { authorization: `Bearer ${token}` });
    // What POST /api/Test/Clock runs once it moved the clock: short of the expiry the stream goes on.
    endStreamsDue(t.server.app, new Date(expiry - 1_000));
    const { id } = await submit();
    await stream.next((e) => e.event === 'request-created' && e.data.requestId === id, 'request-created');
    endStreamsDue(t.server.app, new Date(expiry));
    await stream.closed();
    expect(stream.received.at(-1)?.event).toBe('reconnect');
  });
});

describe('stream lifetime: token expiry and shutdown', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_ACCESS_TOKEN_TTL: '5', HOTEL_STREAM_TICKET_SECONDS: '1' } });
  });
  afterAll(() => t.cleanup());

  it('ends when the access token expires, so the client must come back with a valid one', async () => {
    const user = await createStaffUser(t.server.app.ctx.database.db, { claims: SERVICE_CLAIMS });
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const started = Date.now();
    const { ticket } = (await t.api.call(endpoints.eventsTicket, { token })).body;
    const stream = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${token}` });
    // A stream opened with a ticket lasts no longer than the token the ticket was got with.
    const byTicket = await openStream(new URL(`${endpoints.staffEvents.path}?ticket=${encodeURIComponent(ticket)}`, t.url).toString());
    await stream.closed();
    await byTicket.closed();
    expect(Date.now() - started).toBeGreaterThan(3_000);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(byTicket.received.map((e) => e.event)).toEqual(['reconnect']);
    const again = await fetch(new URL(endpoints.staffEvents.path, t.url), { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
  });

  it('a ticket not used within its time opens nothing', async () => {
    const user = await createStaffUser(t.server.app.ctx.database.db, { claims: SERVICE_CLAIMS });
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const got = await t.api.call(endpoints.eventsTicket, { token });
    expect(got.body.expiresInSeconds).toBe(1);
    // Past its second on the server's clock (the ticket's expiry is read from it), not on the wall clock.
    t.clock.advance(1_500);
    const late = await fetch(new URL(`${endpoints.staffEvents.path}?ticket=${encodeURIComponent(got.body.ticket)}`, t.url));
    expect(late.status).toBe(401);
  });

  it('does not hold server shutdown up: open streams are ended at once', async () => {
    const fx = await seedFixture(t.server.app.ctx.database.db);
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const stream = await openStream(new URL(pathOf(endpoints.guestEvents, { id: added.body.id }), t.url).toString());
    expect(stream.res.status).toBe(200);
    const started = Date.now();
    await t.close();
    await stream.closed();
    expect(Date.now() - started).toBeLessThan(3_000);
    // Told to come back (to this process after a restart, or to another one), once and last. On PostgreSQL the
    // request's own 'request-created' comes back through LISTEN/NOTIFY and may reach the stream opened after it.
    const events = stream.received.map((e) => e.event);
    expect(events.at(-1)).toBe('reconnect');
    expect(events.filter((e) => e !== 'request-created')).toEqual(['reconnect']);
  });
});

describe.skipIf(testDbKind() !== 'postgres')('live events across two server processes on one PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  let secondDir: string;
  beforeAll(async () => {
    first = await startTestServer();
    secondDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-test-'));
    second = await startTestServer({ reuse: { dataDir: secondDir, databaseUrl: first.config.databaseUrl } });
  });
  afterAll(async () => {
    await second.cleanup();
    await first.cleanup();
    rmSync(secondDir, { recursive: true, force: true });
  });

  it('a request made through one process reaches a staff stream on the other, and shutdown ends the stream', async () => {
    const db = first.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const user = await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [] });
    const token = await tokenFor(second.server.app.ctx.tokens, user);
    const stream = await openStream(new URL(endpoints.staffEvents.path, second.url).toString(), { authorization: `Bearer ${token}` });
    const added = await first.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(added.status).toBe(200);
    const created = await stream.next((e) => e.data.requestId === added.body.id, 'request-created from the other process');
    expect(created.event).toBe('request-created');

    // An open stream must not hold shutdown up.
    const started = Date.now();
    await second.close();
    await stream.closed();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
