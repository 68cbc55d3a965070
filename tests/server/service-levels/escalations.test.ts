import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveEvent, endpoints } from '@shared';
import type { Db } from '../../../server/src/db/client';
import type { EventBus } from '../../../server/src/live/event-bus';
import { departments, hotels, lineEscalations, requestLines, services, users } from '../../../server/src/db/schema';
import { EscalationScheduler, MAIL_CONCURRENCY, MAIL_HOLD_MS } from '../../../server/src/modules/service-levels/escalation-scheduler';
import { claimEscalation } from '../../../server/src/modules/service-levels/escalations.repository';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { testServerEntry } from '../../support/logged-server';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { type CaughtMail, type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { type Received, openStream } from '../../support/sse';
import { TestClock } from '../../support/test-clock';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';
import { untilWithin } from '../../support/until';

/** A target minute lasts this long (ms) here: the fast clock of these tests. */
const MINUTE_MS = 100;
const FAST = { HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '50', HOTEL_RATE_LIMITS: 'off' };
const RECEIVE = 'Service Management.Escalations.Receive';

const until = untilWithin(60_000);
/** Lines filed in the races below: enough that the work is shared and a double would show, few enough to be cheap. */
const RACE_LINES = 40;
type Stream = Awaited<ReturnType<typeof openStream>>;
/**
 * Every event published before this call has reached `stream` once it returns: a marker like `like`
 * (line 0, heard by the same users) goes through the same bus, which keeps the order (NOTIFY on
 * PostgreSQL, in process on PGlite). What a test then counts is all that will come.
 */
async function drained(t: TestServer, stream: Stream, like: Received): Promise<void> {
  await t.server.app.ctx.events.publish({ ...like.data, lineId: 0 } as unknown as LiveEvent);
  await stream.next((e) => e.event === like.event && e.data.lineId === 0, 'the marker event');
}
/** The line an escalation e-mail links to. */
const lineOfMail = (mail: CaughtMail) => Number(/\/Admin\/Service\/Details\/(\d+)/.exec(bodyOf(mail))?.[1]);
const escalationsOf = (db: Db, lineIds: number[]) => db.select().from(lineEscalations).where(inArray(lineEscalations.lineId, lineIds));
const setTargets = (db: Db, serviceId: number, acknowledgeMinutes: number | null, completeMinutes: number | null) =>
  db.update(services).set({ acknowledgeMinutes, completeMinutes }).where(eq(services.id, serviceId));

/**
 * Files `count` lines of one service, one request each (a request names a service once),
 * a few requests at a time; answers their ids in the order filed.
 */
async function fileLines(t: TestServer, fx: Fixture, serviceId: number, count: number, atOnce = 10): Promise<number[]> {
  const fileOne = async () => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [serviceId]) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
    return view.body.requestDetails[0].id as number;
  };
  const ids: number[] = [];
  while (ids.length < count) ids.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, count - ids.length) }, fileOne))));
  return ids;
}

describe('escalation when a line passes its target', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let clerk: string;
  let supervisorA: string;
  let supervisorAEmail: string;
  let supervisorBEmail: string;
  let supervisorB: string;
  const db = () => t.server.app.ctx.database.db;
  const stream = (token: string) => openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    smtp = await startSmtp();
    // No timer: the test moves the server's clock past each target and runs a tick itself.
    t = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' } });
    fx = await seedFixture(db());
    await useSmtp(t, smtp);
    const tokens = t.server.app.ctx.tokens;
    clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS.filter((c) => c !== RECEIVE), hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    // A supervisor of hotel A who reads Arabic; one of hotel B who must hear nothing of hotel A.
    const a = await createStaffUser(db(), { claims: [RECEIVE, 'Service Management.Service List.View'], hotelIds: [fx.hotelA.id], firstName: 'Mona' });
    await db().update(users).set({ language: 'ar' }).where(eq(users.id, a.userId));
    supervisorA = await tokenFor(tokens, a);
    supervisorAEmail = a.email;
    const b = await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelB.id] });
    supervisorBEmail = b.email;
    supervisorB = await tokenFor(tokens, b);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('a server on any clock but the test-only one has no clock route: 404, its clock unmoved', async () => {
    const before = t.clock.now().getTime();
    const res = await t.api.raw('POST', '/api/Test/Clock', { body: { advanceSeconds: 3600 } });
    expect(res.status).toBe(404);
    expect(t.clock.now().getTime() - before).toBeLessThan(60_000);
  });

  it('tells the hotel supervisors once per target, live and by e-mail in their language; never the clerk without the right or another hotel', async () => {
    await setTargets(db(), fx.services.towels, 20, 40);
    // An Arabic reader reads the department's Arabic name.
    await db().update(departments).set({ nameAr: 'التدبير المنزلي' }).where(eq(departments.id, fx.departments.housekeeping));
    try {
      const supervisorStream = await stream(supervisorA);
      const clerkStream = await stream(clerk);
      const otherHotelStream = await stream(supervisorB);
      const [late, taken] = await fileLines(t, fx, fx.services.towels, 2);
      // Acknowledged in time: no acknowledge escalation for this one.
      expect((await t.api.call(endpoints.acknowledgeService, { token: clerk, body: { id: taken } })).status).toBe(200);
      const [lateLine, takenLine] = await Promise.all([late, taken].map(async (id) => (await db().select().from(requestLines).where(eq(requestLines.id, id)))[0]));
      // Just short of the acknowledge target: nothing yet; just past it, the late line escalates.
      expect((await t.server.escalations.runOnce(new Date(lateLine.acknowledgeDueAt!.getTime() - 1))).sent).toBe(0);
      t.clock.set(lateLine.acknowledgeDueAt!.getTime() + 200);
      await t.tick();

      const event = await supervisorStream.next((e) => e.event === 'line-escalated' && e.data.lineId === late, 'escalation of the late line');
      expect(event.data).toMatchObject({
        hotelId: fx.hotelA.id,
        escalation: { kind: 'acknowledge', serviceNameEn: 'Extra towels', serviceNameAr: 'مناشف إضافية', roomNumber: '101' },
      });
      const mail = await smtp.waitFor((m) => m.to.includes(supervisorAEmail) && subjectOf(m).includes('لم يُستلم'));
      expect(subjectOf(mail)).toContain('مناشف إضافية');
      expect(bodyOf(mail)).toContain('مرحبًا Mona');
      // The room number and code are isolated left to right in the Arabic sentence; the department is named in Arabic.
      expect(subjectOf(mail)).toContain('الغرفة \u2066101\u2069');
      expect(bodyOf(mail)).toMatch(/الطلب \u2066RQ-\d{6}\u2069 في/);
      expect(bodyOf(mail)).toContain('(التدبير المنزلي)');
      expect(bodyOf(mail)).toContain(`/Admin/Service/Details/${late}`);

      // The completion target passes for both lines later: one more escalation each.
      t.clock.set(Math.max(lateLine.completeDueAt!.getTime(), takenLine.completeDueAt!.getTime()) + 200);
      await t.tick();
      expect(await escalationsOf(db(), [late, taken])).toHaveLength(3);
      await smtp.waitFor((m) => m.to.includes(supervisorAEmail) && subjectOf(m).includes('لم يكتمل') && bodyOf(m).includes(`/Details/${taken}`));
      const aboutBoth = (m: CaughtMail) => m.to.includes(supervisorAEmail) && [late, taken].includes(lineOfMail(m));
      await until(async () => smtp.messages.filter(aboutBoth).length >= 3, 'three e-mails to the supervisor');
      await until(async () => supervisorStream.received.filter((e) => e.event === 'line-escalated' && [late, taken].includes(e.data.lineId as number)).length >= 3, 'three live escalations');
      // More ticks, later still, change nothing: exactly once per line and target.
      t.clock.advance(60 * MINUTE_MS);
      await t.tick();
      expect((await t.server.escalations.runOnce(t.clock.now())).sent).toBe(0);
      const rows = await escalationsOf(db(), [late, taken]);
      expect(rows.map((r) => `${r.lineId}:${r.kind}`).sort()).toEqual([`${late}:acknowledge`, `${late}:complete`, `${taken}:complete`].sort());
      for (const row of rows) expect(row.escalatedAt.getTime()).toBeGreaterThanOrEqual(row.dueAt.getTime());
      const toSupervisorA = smtp.messages.filter(aboutBoth);
      expect(toSupervisorA).toHaveLength(3);
      expect(supervisorStream.received.filter((e) => e.event === 'line-escalated' && [late, taken].includes(e.data.lineId as number))).toHaveLength(3);

      // Hotel B's supervisor holds the right, but for another hotel: no e-mail, no live event.
      expect(smtp.messages.some((m) => m.to.includes(supervisorBEmail))).toBe(false);
      expect(otherHotelStream.received.some((e) => e.event === 'line-escalated')).toBe(false);
      otherHotelStream.close();
      // The admin holds every right, so hears it too, in English.
      expect(smtp.messages.some((m) => m.to.includes(ADMIN_EMAIL) && subjectOf(m).startsWith('Late: Extra towels'))).toBe(true);
      // The clerk sees the lines change but is not the one told about lateness.
      expect(clerkStream.received.some((e) => e.event === 'line-escalated')).toBe(false);
      expect(clerkStream.received.some((e) => e.event === 'line-acknowledged' && e.data.lineId === taken)).toBe(true);
      supervisorStream.close();
      clerkStream.close();
    } finally {
      await setTargets(db(), fx.services.towels, null, null);
    }
  });

  it('stops escalating a line once it is closed, and never tells the guest', async () => {
    await setTargets(db(), fx.services.repair, null, 50);
    try {
      const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair]) });
      const guest = await openStream(new URL(endpoints.guestEvents.path.replace(':id', res.body.id), t.url).toString());
      const [line] = (await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } })).body.requestDetails;
      await t.api.call(endpoints.updateServiceRequestStatus, { token: await t.adminToken(), body: { requestDetailsId: line.id, status: 'Rejected', note: 'Not today' } });
      const { completeDueAt } = (await t.api.call(endpoints.serviceDetails, { token: await t.adminToken(), params: { id: line.id } })).body.serviceDetails;
      t.clock.set(Date.parse(completeDueAt) + 500);
      await t.tick();
      expect((await t.server.escalations.runOnce(t.clock.now())).sent).toBe(0);
      expect(await escalationsOf(db(), [line.id])).toEqual([]);
      expect(guest.received.some((e) => e.event === 'line-escalated')).toBe(false);
      guest.close();
    } finally {
      await setTargets(db(), fx.services.repair, null, null);
    }
  });
});

describe('escalation catches up after a restart', { timeout: 120_000 }, () => {
  it('escalates on start a line that fell due while no server ran', async () => {
    const smtp = await startSmtp();
    // The scheduler is off: as if the server were down when the line fell due.
    // One clock across the restart, as the hotel's PC has.
    const clock = new TestClock();
    const first = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' }, clock });
    let second: TestServer | undefined;
    try {
      const fx = await seedFixture(first.server.app.ctx.database.db);
      await useSmtp(first, smtp);
      await setTargets(first.server.app.ctx.database.db, fx.services.towels, 1, null);
      const [line] = await fileLines(first, fx, fx.services.towels, 1);
      clock.advance(MINUTE_MS + 300);
      expect(await escalationsOf(first.server.app.ctx.database.db, [line])).toEqual([]);
      await first.close();

      second = await startTestServer({ env: FAST, reuse: { dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl }, clock });
      const db = second.server.app.ctx.database.db;
      await until(async () => (await escalationsOf(db, [line])).length === 1, 'the escalation after restart');
      await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL) && bodyOf(m).includes(`/Admin/Service/Details/${line}`));
    } finally {
      await second?.close();
      await first.cleanup();
      await smtp.close();
    }
  });
});

describe('escalation e-mails the mail server did not take', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let supervisor: { userId: number; email: string };
  const db = () => t.server.app.ctx.database.db;
  /** The escalation e-mails about `line` that reached `email`. */
  const mailsAbout = (line: number, email: string) => smtp.messages.filter((m) => m.to.includes(email) && lineOfMail(m) === line);
  const rowOf = async (line: number) => (await escalationsOf(db(), [line]))[0];

  beforeAll(async () => {
    smtp = await startSmtp();
    // No timer: the test runs the schedulers itself, with the clock it chooses.
    t = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' } });
    fx = await seedFixture(db());
    await useSmtp(t, smtp);
    supervisor = await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
    await setTargets(db(), fx.services.towels, 1, null);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('tries again, a minute later, only the receivers it did not reach, and stops once everyone has it', async () => {
    // The supervisor's mailbox refuses mail for now (550); the admin's takes it.
    smtp.refuse.add(supervisor.email.toLowerCase());
    const [line] = await fileLines(t, fx, fx.services.towels, 1);
    const first = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    expect((await first.runOnce(new Date(Date.now() + 5 * MINUTE_MS))).sent).toBe(1);
    await first.stop();
    expect(mailsAbout(line, ADMIN_EMAIL)).toHaveLength(1);
    expect(mailsAbout(line, supervisor.email)).toHaveLength(0);
    const failed = await rowOf(line);
    expect(failed.mailedUserIds).not.toContain(supervisor.userId);
    expect(failed.mailAttempts).toBe(1);
    expect(failed.nextMailAt!.getTime() - Date.now()).toBeGreaterThan(30_000);
    expect(failed.nextMailAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    smtp.refuse.clear();
    const retrier = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    // Not before its time.
    expect(await retrier.retryMails()).toBe(0);
    expect(mailsAbout(line, supervisor.email)).toHaveLength(0);
    // A minute on: the supervisor gets it, the admin does not get it twice.
    expect(await retrier.retryMails(new Date(Date.now() + 61_000))).toBe(1);
    expect(mailsAbout(line, supervisor.email)).toHaveLength(1);
    expect(subjectOf(mailsAbout(line, supervisor.email)[0])).toBe(`Late: Extra towels, room 101, ${fx.hotelA.name}: not acknowledged`);
    expect(mailsAbout(line, ADMIN_EMAIL)).toHaveLength(1);
    const done = await rowOf(line);
    expect(done).toMatchObject({ mailAttempts: 2, nextMailAt: null });
    expect(done.mailedUserIds).toContain(supervisor.userId);
    expect(done.mailedTo).toBe(failed.mailedTo! + 1);
    // Nothing is left to send, however late one asks.
    expect(await retrier.retryMails(new Date(Date.now() + 60 * 60_000))).toBe(0);
    await retrier.stop();
    expect(mailsAbout(line, supervisor.email)).toHaveLength(1);
  });

  it('sends, once its hold runs out, an escalation whose e-mail a stopped process never sent; not for a line acted on since', async () => {
    const [waiting, taken] = await fileLines(t, fx, fx.services.towels, 2);
    t.clock.advance(MINUTE_MS + 100);
    // Claimed as the scheduler claims, then nothing: the process stopped before its e-mails went.
    const lines = await db().select({ id: requestLines.id, dueAt: requestLines.acknowledgeDueAt }).from(requestLines).where(inArray(requestLines.id, [waiting, taken]));
    const hold = new Date(t.clock.now().getTime() + MAIL_HOLD_MS);
    for (const l of lines) expect(await claimEscalation(db(), { lineId: l.id, kind: 'acknowledge', dueAt: l.dueAt! }, t.clock.now(), hold)).toBeDefined();
    // Meanwhile a clerk takes one of the two lines: its escalation has nothing left to say.
    expect((await t.api.call(endpoints.acknowledgeService, { token: await t.adminToken(), body: { id: taken } })).status).toBe(200);

    const retrier = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    // While the hold lasts, the try may still be under way elsewhere: left alone.
    expect(await retrier.retryMails(new Date(hold.getTime() - 1_000))).toBe(0);
    expect(await retrier.retryMails(new Date(hold.getTime() + 1_000))).toBe(2);
    await retrier.stop();
    for (const email of [ADMIN_EMAIL, supervisor.email]) {
      expect(mailsAbout(waiting, email)).toHaveLength(1);
      expect(mailsAbout(taken, email)).toHaveLength(0);
    }
    expect(await rowOf(waiting)).toMatchObject({ nextMailAt: null, mailAttempts: 2 });
    expect((await rowOf(waiting)).mailedUserIds).toContain(supervisor.userId);
    expect(await rowOf(taken)).toMatchObject({ nextMailAt: null, mailedTo: null });
  });
});

describe('escalations that fell due before e-mail was set up', { timeout: 120_000 }, () => {
  it('warns while e-mail is not set up, then e-mails, once, those whose line is still open', async () => {
    const smtp = await startSmtp();
    // A fresh install: no e-mail settings; the test runs the scheduler itself.
    const t = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' } });
    try {
      const db = t.server.app.ctx.database.db;
      const fx = await seedFixture(db);
      const supervisor = await createStaffUser(db, { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
      const supervisorToken = await tokenFor(t.server.app.ctx.tokens, supervisor);
      await setTargets(db, fx.services.towels, 1, null);
      const [waiting, taken] = await fileLines(t, fx, fx.services.towels, 2);
      const mailsAbout = (line: number) => smtp.messages.filter((m) => lineOfMail(m) === line);

      const status = await t.api.call(endpoints.escalationMailStatus, { token: supervisorToken });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ ready: false });
      const first = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
      expect((await first.runOnce(new Date(Date.now() + 5 * MINUTE_MS))).sent).toBe(2);
      // Its e-mails' tries (which find no mail server) are over.
      await first.stop();
      const scheduler = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
      // Nothing to try while e-mail is not set up, however late.
      expect(await scheduler.retryMails(new Date(Date.now() + 60 * 60_000))).toBe(0);
      expect(smtp.messages).toHaveLength(0);
      // Meanwhile a clerk takes one line: its escalation has nothing left to say.
      expect((await t.api.call(endpoints.acknowledgeService, { token: await t.adminToken(), body: { id: taken } })).status).toBe(200);

      await useSmtp(t, smtp);
      expect((await t.api.call(endpoints.escalationMailStatus, { token: supervisorToken })).body).toEqual({ ready: true });
      // At the moment the escalations fell due, as the first run was: on the real clock a warm run can
      // get here within the line's 1-minute (100 ms) target, and the line would not be late yet.
      expect(await scheduler.retryMails(new Date(Date.now() + 5 * MINUTE_MS))).toBe(2);
      expect(mailsAbout(waiting).map((m) => m.to).flat().sort()).toEqual([ADMIN_EMAIL, supervisor.email].map((e) => e.toLowerCase()).sort());
      expect(mailsAbout(taken)).toHaveLength(0);
      // Once: later runs, in any process, send nothing more.
      expect(await scheduler.retryMails(new Date(Date.now() + 60 * 60_000))).toBe(0);
      await scheduler.stop();
      expect(mailsAbout(waiting)).toHaveLength(2);
    } finally {
      await t.cleanup();
      await smtp.close();
    }
  });
});

describe('escalation e-mails give times as the hotel\'s clocks show them', { timeout: 120_000 }, () => {
  it('in the hotel\'s own time zone, else HOTEL_TIME_ZONE, whatever zone the server runs in', async () => {
    const smtp = await startSmtp();
    const t = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0', HOTEL_TIME_ZONE: 'Asia/Riyadh' } });
    try {
      const db = t.server.app.ctx.database.db;
      const fx = await seedFixture(db);
      await useSmtp(t, smtp);
      await setTargets(db, fx.services.towels, 1, null);
      // Hotel B keeps its own zone; hotel A has none and follows HOTEL_TIME_ZONE.
      await db.update(hotels).set({ timeZone: 'America/New_York' }).where(eq(hotels.id, fx.hotelB.id));
      const [inA] = await fileLines(t, fx, fx.services.towels, 1);
      const inB = await (async () => {
        const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }) });
        return (await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } })).body.requestDetails[0].id as number;
      })();
      const scheduler = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
      await scheduler.runOnce(new Date(Date.now() + 5 * MINUTE_MS));
      await scheduler.stop();
      const due = async (line: number) => (await db.select({ at: requestLines.acknowledgeDueAt }).from(requestLines).where(eq(requestLines.id, line)))[0].at!;
      const shown = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
      const mailA = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL) && lineOfMail(m) === inA);
      expect(bodyOf(mailA)).toContain(`by ${shown(await due(inA), 'Asia/Riyadh')},`);
      const mailB = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL) && lineOfMail(m) === inB);
      expect(bodyOf(mailB)).toContain(`by ${shown(await due(inB), 'America/New_York')},`);
    } finally {
      await t.cleanup();
      await smtp.close();
    }
  });
});

describe.runIf(testDbKind() === 'postgres')('two server processes on one PostgreSQL', { timeout: 240_000 }, () => {
  let a: TestServer;
  let b: ServerProcess;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtp();
    // This process's relay runs only when its own commits wake it: what another process left is b's to publish.
    a = await startTestServer({ env: { ...FAST, HOTEL_EVENT_RELAY_TICK_MS: '0' } });
    b = await spawnServer({
      ...FAST,
      HOTEL_EVENT_RELAY_TICK_MS: '100',
      DATABASE_URL: a.config.databaseUrl!,
      HOTEL_JWT_SECRET: a.config.jwtSecret,
      HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
      HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    }, { entry: testServerEntry() });
    await useSmtp(a, smtp);
  }, 240_000);
  afterAll(async () => {
    await b?.stop();
    await a?.cleanup();
    await smtp?.close();
  });

  // First: the race below ends by stopping both processes.
  it('a process killed right after claiming an escalation: the other process announces its live alert, once', async () => {
    const db = a.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const supervisor = await createStaffUser(db, { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
    // The screen is on the other process.
    const listening = await openStream(new URL(endpoints.staffEvents.path, b.url).toString(), { authorization: `Bearer ${await tokenFor(a.server.app.ctx.tokens, supervisor)}` });
    // Due in 600 target minutes (a minute, real time): neither process's own scheduler claims it during the test.
    await setTargets(db, fx.services.repair, 600, null);
    try {
      const [line] = await fileLines(a, fx, fx.services.repair, 1);
      // A process that dies the moment its claim has committed: nothing after the commit runs (no publish, no relay, no e-mail).
      const dead = () => new Promise<never>(() => undefined);
      const dying = new EscalationScheduler({ ...a.server.app.ctx, events: { publish: dead } as unknown as EventBus, liveOutbox: { wake: dead } }, a.server.app.log);
      void dying.runOnce(new Date(Date.now() + 601 * MINUTE_MS));

      const alert = await listening.next((e) => e.event === 'line-escalated' && e.data.lineId === line, "the dead process's escalation alert");
      expect(alert.data).toMatchObject({ hotelId: fx.hotelA.id, lineId: line, escalation: { kind: 'acknowledge', serviceNameEn: 'AC repair' } });
      expect(await escalationsOf(db, [line])).toHaveLength(1);
      expect(listening.received.filter((e) => e.event === 'line-escalated' && e.data.lineId === line)).toHaveLength(1);
    } finally {
      listening.close();
      await setTargets(db, fx.services.repair, null, null);
    }
  });

  it(`sends ${RACE_LINES} lines’ escalations exactly once: 0 duplicates, 0 missed, events and e-mails alike`, async () => {
    const db = a.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const supervisor = await createStaffUser(db, { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
    const listening = await openStream(new URL(endpoints.staffEvents.path, a.url).toString(), { authorization: `Bearer ${await tokenFor(a.server.app.ctx.tokens, supervisor)}` });
    await setTargets(db, fx.services.towels, 3, null);
    const lines = await fileLines(a, fx, fx.services.towels, RACE_LINES);
    expect(new Set(lines).size).toBe(RACE_LINES);

    await until(async () => (await escalationsOf(db, lines)).length === RACE_LINES, `${RACE_LINES} escalations`, 120_000);
    // Both processes stop their schedulers, as a stop does: the e-mails under way are finished first. Nothing
    // more can then be sent, and the marker says every event published has reached the stream.
    await Promise.all([a.server.escalations.stop(), b.stop()]);
    await drained(a, listening, listening.received.find((e) => e.event === 'line-escalated')!);

    const rows = await escalationsOf(db, lines);
    expect(rows).toHaveLength(RACE_LINES);
    expect(new Set(rows.map((r) => r.lineId)).size).toBe(RACE_LINES);
    const mailed = smtp.messages.filter((m) => m.to.includes(supervisor.email)).map(lineOfMail);
    expect(mailed).toHaveLength(RACE_LINES);
    expect(new Set(mailed)).toEqual(new Set(lines));
    const heard = listening.received.filter((e) => e.event === 'line-escalated' && e.data.lineId !== 0).map((e) => e.data.lineId as number);
    expect(heard).toHaveLength(RACE_LINES);
    expect(new Set(heard)).toEqual(new Set(lines));
    listening.close();
  });
});

/**
 * The rule "exactly once per line and target, whatever the number of processes" on both
 * databases. PGlite is one process by nature (one server owns its folder), so there the
 * processes are stood in for by several schedulers in one server, each with its own
 * memory, racing over the same due lines: only the database's unique (line, kind) claim
 * can keep them apart, as it does between the two real processes on PostgreSQL above.
 */
describe('several schedulers racing on one database', { timeout: 180_000 }, () => {
  it(`${RACE_LINES} lines with both targets passed: ${2 * RACE_LINES} escalations, 0 duplicates, 0 missed, one event and one e-mail each`, async () => {
    // A mail server that, like real ones, refuses connections above a few at once: the burst must not lose e-mails.
    const smtp = await startSmtp({ maxClients: 4 * MAIL_CONCURRENCY + 2 });
    // No timer: the test runs the schedulers itself, with a clock past both targets.
    const t = await startTestServer({ env: { ...FAST, HOTEL_SLA_TICK_MS: '0' } });
    try {
      const db = t.server.app.ctx.database.db;
      const fx = await seedFixture(db);
      await useSmtp(t, smtp);
      const supervisor = await createStaffUser(db, { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
      const listening = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), {
        authorization: `Bearer ${await tokenFor(t.server.app.ctx.tokens, supervisor)}`,
      });
      await setTargets(db, fx.services.towels, 1, 2);
      const lines = await fileLines(t, fx, fx.services.towels, RACE_LINES);
      expect(await escalationsOf(db, lines)).toEqual([]);

      const schedulers = Array.from({ length: 4 }, () => new EscalationScheduler(t.server.app.ctx, t.server.app.log));
      const later = new Date(Date.now() + 10 * MINUTE_MS);
      const runs = await Promise.all(schedulers.map((s) => s.runOnce(later)));
      await Promise.all(schedulers.map((s) => s.stop()));

      // Between them they sent each escalation once, and they did race: the work was shared.
      expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2 * RACE_LINES);
      expect(runs.filter((r) => r.sent > 0).length).toBeGreaterThan(1);
      const rows = await escalationsOf(db, lines);
      expect(rows).toHaveLength(2 * RACE_LINES);
      expect(new Set(rows.map((r) => `${r.lineId}:${r.kind}`)).size).toBe(2 * RACE_LINES);
      for (const kind of ['acknowledge', 'complete'] as const) expect(new Set(rows.filter((r) => r.kind === kind).map((r) => r.lineId))).toEqual(new Set(lines));

      // A second pass finds nothing left to send.
      const again = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
      expect((await again.runOnce(later)).sent).toBe(0);
      await again.stop();

      // The schedulers' stops waited for their e-mails: every one is in. The marker: every event is in.
      await drained(t, listening, listening.received.find((e) => e.event === 'line-escalated')!);
      const mailed = smtp.messages.filter((m) => m.to.includes(supervisor.email));
      expect(mailed).toHaveLength(2 * RACE_LINES);
      const perKind = (word: string) => mailed.filter((m) => subjectOf(m).includes(word)).map(lineOfMail);
      expect(new Set(perKind('not acknowledged'))).toEqual(new Set(lines));
      expect(perKind('not acknowledged')).toHaveLength(RACE_LINES);
      expect(new Set(perKind('not completed'))).toEqual(new Set(lines));
      expect(perKind('not completed')).toHaveLength(RACE_LINES);
      const heard = listening.received.filter((e) => e.event === 'line-escalated' && e.data.lineId !== 0);
      expect(heard).toHaveLength(2 * RACE_LINES);
      expect(new Set(heard.map((e) => `${e.data.lineId}:${(e.data.escalation as { kind: string }).kind}`)).size).toBe(2 * RACE_LINES);
      // Four schedulers, each keeping to its few connections.
      expect(smtp.peakConnections()).toBeLessThanOrEqual(4 * MAIL_CONCURRENCY);
      listening.close();
    } finally {
      await t.cleanup();
      await smtp.close();
    }
  });
});
