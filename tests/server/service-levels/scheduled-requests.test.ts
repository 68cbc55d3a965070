import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LiveEvent, endpoints, instantToZonedTime } from '@shared';
import type { Db } from '../../../server/src/db/client';
import { hotels, lineEscalations, requestLines, requests, services } from '../../../server/src/db/schema';
import { EscalationScheduler } from '../../../server/src/modules/service-levels/escalation-scheduler';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { testServerEntry } from '../../support/logged-server';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { type Received, openStream } from '../../support/sse';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { steerable, testClockFromEnv } from '../../../server/src/clock';
import { TestClock } from '../../support/test-clock';

/**
 * Scheduled lines ("wake-up call at 06:00"): quiet until the service's lead time before
 * the time asked for, then one alert (the new-request event) and the clock starts there.
 * The time is the hotel's wall-clock time; the server's clock is the test's.
 */
const ZONE = 'Asia/Riyadh';
const MIN = 60_000;

/**
 * Every event published before this call has reached each stream once it returns: a marker like
 * `like` (request 'marker') goes through the same bus, which keeps the order. What a test then
 * counts is all that will come.
 */
async function drained(t: TestServer, streams: Awaited<ReturnType<typeof openStream>>[], like: Received): Promise<void> {
  await t.server.app.ctx.events.publish({ ...like.data, requestId: 'marker' } as unknown as LiveEvent);
  for (const s of streams) await s.next((e) => e.event === like.event && e.data.requestId === 'marker', 'the marker event');
}
/** 2026-03-01 00:30 UTC = 03:30 in Riyadh. */
const NOW = new Date('2026-03-01T00:30:00.000Z');
const local = (at: Date) => instantToZonedTime(at, ZONE);
const after = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

async function lineOf(t: TestServer, requestId: string) {
  const view = await t.api.call(endpoints.userRequestDetails, { params: { id: requestId } });
  return view.body.requestDetails[0] as Record<string, unknown> & { id: number };
}

describe('scheduled requests', { timeout: 120_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  const db = () => t.server.app.ctx.database.db;
  const requestCount = async () => (await db().select({ id: requests.id }).from(requests)).length;

  beforeAll(async () => {
    // No timer: the test moves the clock and plays each tick itself. A steerable test clock, as
    // HOTEL_TEST_CLOCK gives the browser tests' servers: it has the test-only clock route.
    t = await startTestServer({ env: { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' }, clock: steerable(new TestClock()) });
    t.clock.set(NOW);
    fx = await seedFixture(db());
    await db().update(hotels).set({ timeZone: ZONE }).where(eq(hotels.id, fx.hotelA.id));
    await db().update(services).set({ acknowledgeMinutes: 5, completeMinutes: 30 }).where(eq(services.id, fx.services.towels));
    token = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  it('stays quiet and off the clock until its lead time, is listed under Scheduled, then alerts once and its clock starts there', async () => {
    t.clock.set(NOW);
    const stream = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${token}` });
    // A wake-up call at 06:00 Riyadh time (03:00 UTC), asked for at 03:30.
    const wakeUp = new Date('2026-03-01T03:00:00.000Z');
    expect(local(wakeUp)).toBe('2026-03-01T06:00');
    const added = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note: 'wake-up call', scheduledAt: '2026-03-01T06:00' }] }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const line = await lineOf(t, added.body.id);
    expect(line).toMatchObject({ scheduledFor: wakeUp.toISOString(), scheduledQuiet: true, clockStartedAt: null, dueAt: null, isOverdue: false });

    const scheduled = async () => (await t.api.call(endpoints.allServicesRequest, { token: await t.api.login(ADMIN_EMAIL, ADMIN_PASSWORD), query: { scheduled: 'true' } })).body.map((r: { id: number }) => r.id);
    const overdue = async () => { const r = await t.api.call(endpoints.allServicesRequest, { token: await t.api.login(ADMIN_EMAIL, ADMIN_PASSWORD), query: { overdue: 'true' } }); if (!Array.isArray(r.body)) throw new Error(JSON.stringify(r.body)); return r.body.map((row: { id: number }) => row.id); };
    expect(await scheduled()).toContain(line.id);

    // Long past the targets it would have had from creation, still before its lead time: quiet, not overdue, not escalated.
    t.clock.set(new Date(wakeUp.getTime() - 16 * MIN));
    await t.tick();
    expect(await lineOf(t, added.body.id)).toMatchObject({ scheduledQuiet: true, clockStartedAt: null, isOverdue: false });
    expect(await overdue()).not.toContain(line.id);
    expect(await db().select().from(lineEscalations).where(eq(lineEscalations.lineId, line.id))).toEqual([]);
    expect(stream.received.filter((e) => e.event === 'request-created' && e.data.requestId === added.body.id)).toEqual([]);

    // 15 minutes before (the default lead): the new-line alert, and the clock starts at that moment.
    const alertAt = new Date(wakeUp.getTime() - 15 * MIN);
    t.clock.set(alertAt);
    await t.tick();
    await stream.next((e) => e.event === 'request-created' && e.data.requestId === added.body.id, 'the alert');
    const fired = await lineOf(t, added.body.id);
    expect(fired).toMatchObject({
      scheduledQuiet: false,
      clockStartedAt: alertAt.toISOString(),
      acknowledgeDueAt: new Date(alertAt.getTime() + 5 * MIN).toISOString(),
      completeDueAt: new Date(alertAt.getTime() + 30 * MIN).toISOString(),
      isOverdue: false,
    });
    expect(await scheduled()).not.toContain(line.id);
    const event = stream.received.find((e) => e.event === 'request-created' && e.data.requestId === added.body.id)!;
    expect(event.data).toMatchObject({ lineId: line.id, summary: { services: [{ nameEn: expect.any(String) }], serviceCount: 1 } });

    // Once: later ticks say nothing more; its clock now runs like any line's.
    t.clock.set(new Date(alertAt.getTime() + 6 * MIN));
    await t.tick();
    await t.tick();
    expect(stream.received.filter((e) => e.event === 'request-created' && e.data.requestId === added.body.id)).toHaveLength(1);
    expect(await lineOf(t, added.body.id)).toMatchObject({ isOverdue: true });
    expect(await overdue()).toContain(line.id);
    stream.close();
  });

  it('the test-only clock route moves the server\'s clock and answers once the work due by then is done: the wake-up call alerts, the missed target escalates', async () => {
    // The browser tests' servers get the same kind of clock from HOTEL_TEST_CLOCK (NODE_ENV=test only).
    expect(testClockFromEnv({ NODE_ENV: 'test', HOTEL_TEST_CLOCK: `${NOW.toISOString()}@1` })).toMatchObject({ advance: expect.any(Function) });
    t.clock.set(NOW);
    const move = (advanceSeconds: unknown, lang?: 'ar') => t.api.raw<{ now: string; message?: string }>('POST', '/api/Test/Clock', { body: { advanceSeconds }, lang });
    const read = await move(0);
    expect(read.status).toBe(200);
    expect(Math.abs(Date.parse(read.body.now) - NOW.getTime())).toBeLessThan(5_000);

    const wakeUp = after(45);
    const added = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note: 'wake-up call', scheduledAt: local(wakeUp) }] }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const { id: lineId } = await lineOf(t, added.body.id);

    // Bad input moves nothing: 400 in the caller's language, the clock where it was.
    for (const bad of [-60, 1.5, 'soon', 100 * 86_400]) {
      const refused = await move(bad, 'ar');
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    expect(Date.parse((await move(0)).body.now) - NOW.getTime()).toBeLessThan(5 * MIN);

    // 29 minutes on (the lead is 15 minutes before 45): still quiet. No timer runs here: what changes, the route did.
    expect((await move(29 * 60)).status).toBe(200);
    expect(await lineOf(t, added.body.id)).toMatchObject({ scheduledQuiet: true, clockStartedAt: null });
    // Past the lead time: alerted, its clock started at the lead time, by the time the route answers.
    const moved = await move(60);
    expect(Date.parse(moved.body.now)).toBeGreaterThanOrEqual(after(30).getTime());
    expect(await lineOf(t, added.body.id)).toMatchObject({ scheduledQuiet: false, clockStartedAt: after(30).toISOString() });
    expect(await db().select().from(lineEscalations).where(eq(lineEscalations.lineId, lineId))).toEqual([]);
    // Past its 5-minute acknowledge target: escalated when the route answers.
    await move(5 * 60);
    expect(await lineOf(t, added.body.id)).toMatchObject({ isOverdue: true });
    expect(await db().select({ kind: lineEscalations.kind }).from(lineEscalations).where(eq(lineEscalations.lineId, lineId))).toEqual([{ kind: 'acknowledge' }]);
  });

  it("alerts at the service's own lead time", async () => {
    t.clock.set(NOW);
    await db().update(services).set({ scheduleLeadMinutes: 60 }).where(eq(services.id, fx.services.repair));
    const at = after(3 * 60);
    const added = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.repair], { services: [{ serviceId: fx.services.repair, note: '', scheduledAt: local(at) }] }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    t.clock.set(new Date(at.getTime() - 61 * MIN));
    await t.tick();
    expect(await lineOf(t, added.body.id)).toMatchObject({ scheduledQuiet: true });
    t.clock.set(new Date(at.getTime() - 60 * MIN));
    await t.tick();
    expect(await lineOf(t, added.body.id)).toMatchObject({ scheduledQuiet: false, clockStartedAt: new Date(at.getTime() - 60 * MIN).toISOString() });
  });

  it('refuses a time already past at the hotel, or beyond 30 days, in the guest\'s language, and stores nothing', async () => {
    t.clock.set(NOW);
    const before = await requestCount();
    const ask = (scheduledAt: string, lang?: 'ar') =>
      t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note: '', scheduledAt }] }), lang });
    // 03:29 at the hotel is a minute ago (the guest's device might be in UTC and think it is 00:29).
    const past = await ask('2026-03-01T03:29');
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: 'services.0.scheduledAt', message: 'This time has already passed at the hotel (03:30 now): choose a later time' }]);
    const pastAr = await ask('2026-03-01T03:29', 'ar');
    expect(pastAr.body.errors).toEqual([{ field: 'services.0.scheduledAt', message: 'هذا الوقت قد مضى في الفندق (الساعة الآن 03:30): اختر وقتًا لاحقًا' }]);
    const far = await ask(local(after(30 * 24 * 60 + 1)));
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual([{ field: 'services.0.scheduledAt', message: 'A time can be booked up to 30 days ahead: choose an earlier day' }]);
    const farAr = await ask(local(after(31 * 24 * 60)), 'ar');
    expect(farAr.body.errors[0].message).toBe('يمكن حجز وقت حتى 30 يومًا مقدمًا فقط: اختر يومًا أقرب');
    const garbled = await ask('tomorrow 6am');
    expect(garbled.status).toBe(400);
    expect(garbled.body.errors).toEqual([{ field: 'services.0.scheduledAt', message: 'Choose a day and a time' }]);
    expect(await requestCount()).toBe(before);
    // The edge that is allowed: exactly 30 days on.
    expect((await ask(local(after(30 * 24 * 60)))).status).toBe(200);
  });

  it('refuses a day or time the calendar has not (30 February, 24:00, minute 60, month 13), ten years on, and a 1 MB body; markup in a note stays text', async () => {
    t.clock.set(NOW);
    const before = await requestCount();
    const body = (scheduledAt: string, note = '') => guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note, scheduledAt }] });
    const ask = (scheduledAt: string, lang?: 'ar') => t.api.call(endpoints.addRequest, { body: body(scheduledAt), lang });
    // Each of these would roll over into a real time within the month (02:00 on 3 March, midnight the next day…).
    for (const impossible of ['2026-02-30T06:00', '2026-03-01T24:00', '2026-03-02T06:60', '2026-03-02T99:99', '2026-13-01T06:00', '2026-03-00T06:00']) {
      const res = await ask(impossible);
      expect(res.status, impossible).toBe(400);
      expect(res.body.errors, impossible).toEqual([{ field: 'services.0.scheduledAt', message: 'Choose a day and a time' }]);
    }
    expect((await ask('2026-02-31T06:00', 'ar')).body.errors).toEqual([{ field: 'services.0.scheduledAt', message: 'اختر يومًا ووقتًا' }]);
    const decade = await ask('2036-03-01T06:00', 'ar');
    expect(decade.status).toBe(400);
    expect(decade.body.errors[0].message).toBe('يمكن حجز وقت حتى 30 يومًا مقدمًا فقط: اختر يومًا أقرب');
    expect((await ask('9999-12-31T23:59')).body.errors[0].message).toMatch(/up to 30 days ahead/);
    expect((await ask('2000-01-01T00:00')).body.errors[0].message).toMatch(/already passed/);
    // A megabyte of note: refused before it is parsed, in the guest's language.
    const huge = await t.api.call(endpoints.addRequest, { body: body(local(after(60)), 'x'.repeat(1024 * 1024)), lang: 'ar' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBeTruthy();
    expect(huge.body.message).not.toMatch(/[a-z]{4}/i);
    expect(await requestCount()).toBe(before);

    // Markup is kept as the guest typed it and answered as text (JSON), never as a page.
    const markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const ok = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { note: markup, services: [{ serviceId: fx.services.towels, note: markup }] }) });
    expect(ok.status).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: ok.body.id } });
    expect(view.headers.get('content-type')).toMatch(/^application\/json/);
    expect(view.body.requestDetails[0].note).toBe(markup);
    expect(view.body.note).toBe(markup);
  });

  it('several schedulers racing over the same due lines alert each exactly once', async () => {
    t.clock.set(NOW);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.api.call(endpoints.addRequest, {
        body: guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note: '', scheduledAt: local(after(60 + i)) }] }),
      });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const stream = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${token}` });
    const schedulers = Array.from({ length: 3 }, () => new EscalationScheduler(t.server.app.ctx, t.server.app.log));
    const runs = await Promise.all(schedulers.map((s) => s.runOnce(after(2 * 60))));
    await Promise.all(schedulers.map((s) => s.stop()));
    expect(runs.reduce((sum, r) => sum + r.fired, 0)).toBe(30);
    const mine = (e: { event: string; data: Record<string, unknown> }) => e.event === 'request-created' && ids.includes(e.data.requestId as string);
    await stream.next(() => stream.received.filter(mine).length >= 30, '30 alerts');
    // The schedulers are stopped: nothing more fires. The marker: every event published is in.
    await drained(t, [stream], stream.received.find(mine)!);
    expect(stream.received.filter(mine)).toHaveLength(30);
    stream.close();
  });
});

/** Three server processes on one PostgreSQL, each with its own scheduler timer: a wake-up call alerts once. */
describe.runIf(testDbKind() === 'postgres')('a scheduled line with three server processes', { timeout: 240_000 }, () => {
  let a: TestServer;
  const others: ServerProcess[] = [];
  beforeAll(async () => {
    a = await startTestServer({ env: { HOTEL_SLA_TICK_MS: '50', HOTEL_RATE_LIMITS: 'off' } });
    for (let i = 0; i < 2; i++)
      others.push(
        await spawnServer({
          HOTEL_SLA_TICK_MS: '50',
          DATABASE_URL: a.config.databaseUrl!,
          HOTEL_JWT_SECRET: a.config.jwtSecret,
          HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
          HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
        }, { entry: testServerEntry() }),
      );
  }, 240_000);
  afterAll(async () => {
    for (const p of others) await p.stop();
    await a?.cleanup();
  });

  it('alerts every wake-up call exactly once: one event per line, each line fired once', async () => {
    const db: Db = a.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const token = await a.adminToken();
    // Listening on each process: an alert fired in any of them reaches every listener once.
    const streams = await Promise.all(
      [a.url, ...others.map((p) => p.url)].map((url) => openStream(new URL(endpoints.staffEvents.path, url).toString(), { authorization: `Bearer ${token}` })),
    );
    const zone = (await db.select({ z: hotels.timeZone }).from(hotels).where(eq(hotels.id, fx.hotelA.id)))[0].z ?? a.config.hotelTimeZone;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await a.api.call(endpoints.addRequest, {
        body: guestRequest(fx, [fx.services.towels], { services: [{ serviceId: fx.services.towels, note: '', scheduledAt: instantToZonedTime(new Date(Date.now() + 2 * 60 * MIN), zone) }] }),
      });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    const lineIds = (await db.select({ id: requestLines.id }).from(requestLines).where(inArray(requestLines.requestId, ids))).map((r) => r.id);
    // The other processes run on the real clock: their alert moment is moved to the past instead of waiting for it.
    await db.update(requestLines).set({ alertAt: new Date(Date.now() - MIN) }).where(inArray(requestLines.id, lineIds));
    const mine = (e: { event: string; data: Record<string, unknown> }) => e.event === 'request-created' && ids.includes(e.data.requestId as string);
    for (const s of streams) await s.next(() => s.received.filter(mine).length >= 20, '20 alerts');
    // Every line has fired (a line fires by the update that marks it, once): no process can fire one again.
    // The marker: every event published before it is in, on every process's stream.
    await vi.waitFor(async () => {
      const fired = await db.select({ alertedAt: requestLines.alertedAt }).from(requestLines).where(inArray(requestLines.id, lineIds));
      expect(fired.every((r) => r.alertedAt !== null)).toBe(true);
    });
    await drained(a, streams, streams[0].received.find(mine)!);
    for (const s of streams) {
      expect(s.received.filter(mine)).toHaveLength(20);
      expect(new Set(s.received.filter(mine).map((e) => e.data.lineId))).toEqual(new Set(lineIds));
      s.close();
    }
    const rows = await db.select({ alertedAt: requestLines.alertedAt, clockStartedAt: requestLines.clockStartedAt }).from(requestLines).where(inArray(requestLines.id, lineIds));
    expect(rows.every((r) => r.alertedAt !== null && r.clockStartedAt !== null)).toBe(true);
  });
});
