import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineEscalations, lineRoutingLog, requestLines, rooms, routingRules, shiftRoster, workers } from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, guestRequest, seedFixture, serveHotels, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/** No timers: each routing run is played at the test clock's time. */
const ENV = { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent', HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_TIME_ZONE: 'UTC' };

describe('routing lines to workers on shift', { timeout: 120_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let crew: number[];
  const db = () => t.server.app.ctx.database.db;
  const route = () => t.server.routing.runOnce(t.clock.now());

  beforeAll(async () => {
    t = await startTestServer({ env: ENV });
    fx = await seedFixture(db());
    admin = await t.adminToken();
    // Housekeeping: Huda (the fixture's) and two more.
    const more = await db()
      .insert(workers)
      .values(['Mona', 'Nora'].map((name, i) => ({ workerCode: `RT-${i}-${fx.companyId}`, name, phoneNumber: '+966 55 000 0000', departmentId: fx.departments.housekeeping })))
      .returning({ id: workers.id });
    await serveHotels(db(), more.map((w) => w.id), [fx.hotelA.id, fx.hotelB.id]);
    crew = [fx.workers.housekeeper, ...more.map((w) => w.id)];
  });
  afterAll(() => t.cleanup());

  const file = async (serviceId = fx.services.towels, roomId = fx.hotelA.roomIds[0]) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [serviceId], { roomId }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
  };
  const line = async (id: number) => (await db().select().from(requestLines).where(eq(requestLines.id, id)))[0];
  const shift = async (workerId: number, value: 'on' | 'off' | 'roster') =>
    expect((await t.api.call(endpoints.setWorkerShift, { token: admin, params: { id: workerId }, body: { shift: value } })).status).toBe(200);
  const rule = async (body: Record<string, unknown>) => t.api.call(endpoints.saveRoutingRule, { token: admin, body: { hotelId: fx.hotelA.id, ...body } });
  const history = async (id: number, lang: 'en' | 'ar' = 'en') => (await t.api.call(endpoints.serviceAssignmentDetails, { token: admin, params: { id }, lang })).body;
  /** Files lines as if no routing ran in this process meanwhile: a new line nudges routing at once otherwise. */
  const fileUnrouted = async (count: number) => {
    const release = t.server.routing.hold();
    try {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(await file());
      return ids;
    } finally {
      release();
    }
  };
  /** Closes every open line of the crew, so each test starts with empty hands. */
  const clearHands = async () => {
    await db().update(requestLines).set({ status: 'Completed' }).where(and(inArray(requestLines.workerId, crew), inArray(requestLines.status, ['Open', 'Assigned'])));
    await db().update(requestLines).set({ status: 'Completed' }).where(and(eq(requestLines.departmentId, fx.departments.housekeeping), eq(requestLines.status, 'Open')));
  };

  it('is off until the hotel has a rule: a new line stays with the desk', async () => {
    for (const w of crew) await shift(w, 'on');
    const id = await file();
    await route();
    expect(await line(id)).toMatchObject({ status: 'Open', workerId: null });
    expect(await db().select().from(lineRoutingLog).where(eq(lineRoutingLog.lineId, id))).toHaveLength(0);
    await clearHands();
  });

  it('gives a new line to the on-shift worker with the fewest open tasks, and writes why in its history (en, ar)', async () => {
    expect((await rule({ scope: 'department', scopeId: fx.departments.housekeeping })).status).toBe(200);
    await shift(crew[2], 'off');
    const first = await file();
    const second = await file();
    const third = await file();
    await route();
    const owners = await Promise.all([first, second, third].map(async (id) => (await line(id)).workerId));
    // Oldest first, each to the least busy of the two on shift; never to the one off shift.
    expect(owners.slice(0, 2).sort()).toEqual([crew[0], crew[1]].sort());
    expect(owners).not.toContain(crew[2]);
    expect((await line(first)).status).toBe('Assigned');

    const en = await history(first);
    expect(en.routing).toHaveLength(1);
    expect(en.routing[0]).toMatchObject({ outcome: 'assigned', reason: 'load' });
    expect(en.routing[0].text).toMatch(/fewest open tasks \(0\)/);
    const ar = await history(first, 'ar');
    expect(ar.routing[0].text).toMatch(/أقل عدد من المهام المفتوحة/);
    // A second run changes nothing: each line is routed once.
    expect((await route()).assigned).toBe(0);
    await clearHands();
  });

  it('prefers the worker covering the room’s zone', async () => {
    await db().update(rooms).set({ floor: '2', zone: 'East' }).where(eq(rooms.id, fx.hotelA.roomIds[1]));
    expect((await t.api.call(endpoints.setWorkerZones, { token: admin, params: { id: crew[1] }, body: { zones: ['East'] } })).status).toBe(200);
    const id = await file(fx.services.towels, fx.hotelA.roomIds[1]);
    await route();
    expect((await line(id)).workerId).toBe(crew[1]);
    expect((await history(id)).routing[0]).toMatchObject({ reason: 'zone' });
    expect((await history(id)).routing[0].text).toMatch(/covers zone East/);
    await clearHands();
  });

  it('a line nobody can take waits, says why once, and is routed when a worker comes on shift', async () => {
    for (const w of crew) await shift(w, 'off');
    const id = await file();
    await route();
    await route();
    expect(await line(id)).toMatchObject({ status: 'Open', workerId: null });
    const steps = (await history(id)).routing;
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ outcome: 'waiting', reason: 'nobody-on-shift' });

    // The worker’s own switch on the phone.
    const code = await t.api.call(endpoints.workerPairingCode, { token: admin, params: { workerId: crew[0] } });
    const phone = (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Huda phone' } })).body.accessToken as string;
    expect((await t.api.call(endpoints.setWorkShift, { token: phone, body: { onShift: true } })).body).toEqual({ onShift: true });
    expect((await t.api.call(endpoints.workShift, { token: phone })).body).toEqual({ onShift: true });
    await route();
    expect(await line(id)).toMatchObject({ status: 'Assigned', workerId: crew[0] });
    const tasks = await t.api.call(endpoints.workTasks, { token: phone });
    expect(tasks.body.map((task: { lineId: number }) => task.lineId)).toContain(id);
    await clearHands();
  });

  it('passes by workers at the cap; the waiting line goes as soon as one falls below it', async () => {
    for (const w of crew) await shift(w, w === crew[0] ? 'on' : 'off');
    expect((await rule({ scope: 'department', scopeId: fx.departments.housekeeping, maxOpenTasks: 1 })).status).toBe(200);
    const a = await file();
    const b = await file();
    await route();
    expect((await line(a)).workerId).toBe(crew[0]);
    expect(await line(b)).toMatchObject({ status: 'Open', workerId: null });
    expect((await history(b)).routing.at(-1)).toMatchObject({ outcome: 'waiting', reason: 'all-at-cap' });
    // The line card names the cap the workers are at (as it was when the line waited).
    expect((await history(b)).routing.at(-1).text).toMatch(/^Waiting: every worker on shift in Housekeeping.* has 1 open tasks$/);
    expect((await history(b, 'ar')).routing.at(-1).text).toMatch(/لديه 1 مهام مفتوحة/);
    await db().update(requestLines).set({ status: 'Completed' }).where(eq(requestLines.id, a));
    await route();
    expect((await line(b)).workerId).toBe(crew[0]);
    await clearHands();
  });

  it('a worker at the cap who finishes on the phone gets the waiting line at once, with no tick', async () => {
    for (const w of crew) await shift(w, w === crew[0] ? 'on' : 'off');
    expect((await rule({ scope: 'department', scopeId: fx.departments.housekeeping, maxOpenTasks: 1 })).status).toBe(200);
    const code = await t.api.call(endpoints.workerPairingCode, { token: admin, params: { workerId: crew[0] } });
    const phone = (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Huda second phone' } })).body.accessToken as string;
    // Filing is enough: the scheduler's tick is off here, and nobody calls a routing run.
    const a = await file();
    await t.server.routing.settled();
    expect(await line(a)).toMatchObject({ status: 'Assigned', workerId: crew[0] });
    const b = await file();
    await t.server.routing.settled();
    expect(await line(b)).toMatchObject({ status: 'Open', workerId: null });
    expect((await t.api.call(endpoints.workAccept, { token: phone, params: { lineId: a }, body: {} })).status).toBe(200);
    expect((await t.api.call(endpoints.workDone, { token: phone, params: { lineId: a }, body: { note: 'Done' } })).status).toBe(200);
    await t.server.routing.settled();
    expect(await line(b)).toMatchObject({ status: 'Assigned', workerId: crew[0] });
    await clearHands();
  });

  it('a line not accepted in time goes to the next worker, at most k times, then to the desk', async () => {
    for (const w of crew) await shift(w, 'on');
    expect((await rule({ scope: 'service', scopeId: fx.services.towels, acceptMinutes: 3, maxReoffers: 1 })).status).toBe(200);
    const id = await file();
    await route();
    const firstWorker = (await line(id)).workerId;
    expect(firstWorker).not.toBeNull();
    t.clock.advance(2 * 60_000);
    await route();
    expect((await line(id)).workerId).toBe(firstWorker);
    t.clock.advance(61_000);
    await route();
    const secondWorker = (await line(id)).workerId;
    expect(secondWorker).not.toBeNull();
    expect(secondWorker).not.toBe(firstWorker);
    t.clock.advance(3 * 60_000 + 1000);
    await route();
    expect(await line(id)).toMatchObject({ status: 'Open', workerId: null });
    const escalations = await db().select().from(lineEscalations).where(eq(lineEscalations.lineId, id));
    expect(escalations.map((e) => e.kind)).toEqual(['acknowledge']);
    const steps = (await history(id)).routing.map((s: { outcome: string }) => s.outcome);
    expect(steps).toEqual(['assigned', 'reoffered', 'escalated']);
    // The desk has it now: routing leaves it alone.
    await route();
    expect((await line(id)).workerId).toBeNull();
    await db().delete(routingRules).where(eq(routingRules.scope, 'service'));
    await clearHands();
  });

  it('a Special Request goes to the department its rule names, then to a worker', async () => {
    for (const w of crew) await shift(w, 'on');
    const id = await file(fx.services.special);
    await route();
    // The department's rule covers the service but names no department for it: a person routes it.
    expect((await line(id)).departmentId).toBeNull();
    expect((await history(id)).routing[0]).toMatchObject({ outcome: 'waiting', reason: 'special-needs-person' });
    expect((await rule({ scope: 'service', scopeId: fx.services.special, departmentId: fx.departments.housekeeping })).status).toBe(200);
    await route();
    const routed = await line(id);
    expect(routed).toMatchObject({ departmentId: fx.departments.housekeeping, status: 'Assigned' });
    expect(crew).toContain(routed.workerId);
    expect((await history(id)).routing.map((s: { outcome: string }) => s.outcome)).toEqual(['waiting', 'department', 'assigned']);
    await db().delete(routingRules).where(eq(routingRules.scope, 'service'));
    await clearHands();
  });

  it('previews who would get a new line now, without assigning anything', async () => {
    await shift(crew[0], 'on');
    await shift(crew[1], 'off');
    await shift(crew[2], 'off');
    const p = await t.api.call(endpoints.routingPreview, { token: admin, query: { hotelId: fx.hotelA.id, serviceId: fx.services.towels } });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ routed: true, workerId: crew[0], departmentId: fx.departments.housekeeping });
    expect(p.body.reason).toMatch(/fewest open tasks/);
    // The rules screen reads the worker's name in the user's language, like the reason.
    await db().update(workers).set({ nameAr: 'هدى' }).where(eq(workers.id, crew[0]));
    const ar = await t.api.call(endpoints.routingPreview, { token: admin, query: { hotelId: fx.hotelA.id, serviceId: fx.services.towels }, lang: 'ar' });
    expect(ar.body).toMatchObject({ workerId: crew[0], workerName: 'هدى' });
    expect(ar.body.reason).toContain('هدى');
    await db().update(workers).set({ nameAr: null }).where(eq(workers.id, crew[0]));
    const none = await t.api.call(endpoints.routingPreview, { token: admin, query: { hotelId: fx.hotelA.id, serviceId: fx.services.repair }, lang: 'ar' });
    expect(none.body).toMatchObject({ routed: false, workerId: null });
    expect(none.body.reason).toMatch(/لا توجد قاعدة توجيه/);
  });

  it('lists open lines held by an off-shift worker; they stay with the worker', async () => {
    await shift(crew[0], 'on');
    const id = await file();
    await route();
    expect((await line(id)).workerId).toBe(crew[0]);
    await shift(crew[0], 'off');
    const held = await t.api.call(endpoints.heldOffShift, { token: admin });
    expect(held.body.map((h: { lineId: number }) => h.lineId)).toContain(id);
    expect((await line(id)).workerId).toBe(crew[0]);
    await clearHands();
  });

  it('a weekly roster puts workers on shift in the hotel’s time zone', async () => {
    for (const w of crew) await shift(w, 'roster');
    const now = t.clock.now();
    const save = await t.api.call(endpoints.saveRoutingRoster, {
      token: admin,
      body: { hotelId: fx.hotelA.id, departmentId: fx.departments.housekeeping, rows: [{ workerId: crew[2], weekday: now.getUTCDay(), start: '00:00', end: '24:00' }] },
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const read = await t.api.call(endpoints.routingRoster, { token: admin, query: { hotelId: fx.hotelA.id, departmentId: fx.departments.housekeeping } });
    expect(read.body).toEqual([expect.objectContaining({ workerId: crew[2], start: '00:00', end: '24:00' })]);
    const list = await t.api.call(endpoints.routingWorkers, { token: admin, query: { hotelId: fx.hotelA.id, departmentId: fx.departments.housekeeping } });
    expect(list.body.filter((w: { onShift: boolean }) => w.onShift).map((w: { workerId: number }) => w.workerId)).toEqual([crew[2]]);
    const id = await file();
    await route();
    expect((await line(id)).workerId).toBe(crew[2]);
    await clearHands();
  });

  it('a run cut off half-way leaves nothing half done; the next run routes every line once', async () => {
    for (const w of crew) await shift(w, 'on');
    expect((await rule({ scope: 'department', scopeId: fx.departments.housekeeping, maxOpenTasks: 5 })).status).toBe(200);
    // The runs these changes started are over before the lines are filed.
    await route();
    const ids = await fileUnrouted(3);
    // The process "dies" at the third decision: the database refuses its write.
    await db().execute(sql`create or replace function routing_crash() returns trigger language plpgsql as $$
      begin if (select count(*) from line_routing_log where line_id in (${sql.raw(ids.join(','))})) >= 2 then raise exception 'crash'; end if; return new; end $$`);
    await db().execute(sql`create trigger routing_crash before insert on line_routing_log for each row execute function routing_crash()`);
    await expect(route()).rejects.toThrow();
    for (const id of ids) expect(await line(id), 'nothing of the cut-off run stays').toMatchObject({ status: 'Open', workerId: null });
    await db().execute(sql`drop trigger routing_crash on line_routing_log`);
    await route();
    for (const id of ids) expect((await line(id)).status).toBe('Assigned');
    const log = await db().select().from(lineRoutingLog).where(inArray(lineRoutingLog.lineId, ids));
    expect(log.map((l) => l.outcome)).toEqual(['assigned', 'assigned', 'assigned']);
    expect(new Set((await Promise.all(ids.map(line))).map((l) => l.workerId)).size).toBe(3);
    await clearHands();
  });

  it.runIf(testDbKind() === 'postgres')('a line filed while a run is under way is stamped routed after it was filed, and its offer runs its full minutes', async () => {
    for (const w of crew) await shift(w, 'on');
    expect((await rule({ scope: 'department', scopeId: fx.departments.housekeeping, maxOpenTasks: 5, acceptMinutes: 3 })).status).toBe(200);
    await route();
    // Another process holds the rules table: the run starts (its clock read) and waits on it.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const taken = new Promise<void>((r) => (locked = r));
    const holder = db().transaction(async (tx) => {
      await tx.execute(sql`lock table routing_rules in access exclusive mode`);
      locked();
      await held;
    });
    // The lock is held before the run starts, and the run is seen waiting on that very table (other test
    // files share the PostgreSQL cluster and wait on locks of their own).
    await taken;
    const run = t.server.routing.runOnce();
    const waiting = async () =>
      (
        (await db().execute(
          sql`select count(*)::int as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database()) and relation = 'routing_rules'::regclass`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    await expect.poll(waiting, { timeout: 20_000 }).toBeGreaterThan(0);
    // Meanwhile, ten minutes on, a guest files a line.
    t.clock.advance(10 * 60_000);
    const [id] = await fileUnrouted(1);
    release();
    await holder;
    await run;
    const filed = (await line(id)).clockStartedAt!;
    const [step] = await db().select().from(lineRoutingLog).where(eq(lineRoutingLog.lineId, id));
    expect(step.outcome).toBe('assigned');
    expect(step.at.getTime(), 'routed after it was filed').toBeGreaterThanOrEqual(filed.getTime());
    // Two minutes later the worker still has time to accept: nothing is re-offered.
    t.clock.advance(2 * 60_000);
    await route();
    expect(await db().select().from(lineRoutingLog).where(eq(lineRoutingLog.lineId, id))).toHaveLength(1);
    await clearHands();
    // Back twelve minutes: the tests after this one keep their sign-in.
    t.clock.advance(-12 * 60_000);
  });

  describe('bad input: a clear message, nothing saved', () => {
    it('refuses a cap of 0 or 10,000, a department outside the caller’s, an unknown department', async () => {
      const before = await db().select().from(routingRules);
      for (const maxOpenTasks of [0, 10_000]) {
        const en = await rule({ scope: 'service', scopeId: fx.services.repair, maxOpenTasks });
        expect(en.status).toBe(400);
        expect(en.body.message).toBe('The open tasks per worker must be between 1 and 100');
        const ar = await t.api.call(endpoints.saveRoutingRule, { token: admin, lang: 'ar', body: { hotelId: fx.hotelA.id, scope: 'service', scopeId: fx.services.repair, maxOpenTasks } });
        expect(ar.body.message).toBe('يجب أن يكون عدد المهام المفتوحة لكل عامل بين 1 و100');
      }
      const unknown = await rule({ scope: 'service', scopeId: fx.services.special, departmentId: 2_000_000 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/department of this rule was not found/);
      // A manager of hotel A's housekeeping only names a department that is not theirs.
      const manager = await tokenFor(
        t.server.app.ctx.tokens,
        await createStaffUser(db(), { claims: ['Basic Data.Routing.Read', 'Basic Data.Routing.Edit'], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }),
      );
      const other = await t.api.call(endpoints.saveRoutingRule, {
        token: manager,
        lang: 'ar',
        body: { hotelId: fx.hotelA.id, scope: 'service', scopeId: fx.services.special, departmentId: fx.departments.maintenance },
      });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('قسم هذه القاعدة غير موجود ضمن الأقسام التي تديرها');
      // Another hotel's rules are not theirs to write at all.
      const hotelB = await t.api.call(endpoints.saveRoutingRule, { token: manager, body: { hotelId: fx.hotelB.id, scope: 'department', scopeId: fx.departments.housekeeping } });
      expect(hotelB.status).toBe(404);
      expect(await db().select().from(routingRules)).toEqual(before);
    });

    it('refuses a roster with an unknown worker, naming the row, and keeps the roster as it was', async () => {
      const before = await db().select().from(shiftRoster);
      const res = await t.api.call(endpoints.saveRoutingRoster, {
        token: admin,
        lang: 'ar',
        body: {
          hotelId: fx.hotelA.id,
          departmentId: fx.departments.housekeeping,
          rows: [
            { workerId: crew[0], weekday: 1, start: '07:00', end: '15:00' },
            { workerId: fx.workers.technician, weekday: 1, start: '07:00', end: '15:00' },
            { workerId: crew[1], weekday: 9, start: '07:00', end: '15:00' },
          ],
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`الصف 2: العامل ${fx.workers.technician} ليس من عمال هذا القسم`);
      expect(res.body.rowErrors).toHaveLength(2);
      expect(await db().select().from(shiftRoster)).toEqual(before);
    });
  });
});
