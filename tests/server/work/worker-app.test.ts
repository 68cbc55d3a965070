import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { departments, requestLines, workers } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, serveHotels, tokenFor } from '../../support/fixtures';
import { clientAddressKey } from '../../../server/src/http/client-address';
import { type TestServer, startTestServer } from '../../support/test-server';

/** Workers' phones: pairing without e-mail, the worker's own tasks and actions, the pool, and who may call what. */
describe("workers' phones (server API)", () => {
  let t: TestServer;
  let fx: Fixture;
  let supervisor: string;
  let clerk: string;
  let outsider: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    const tokens = t.server.app.ctx.tokens;
    supervisor = await tokenFor(tokens, await createStaffUser(db, { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], ...scope }));
    clerk = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] }));
    // Pair, but only in another department: the housekeeper is out of reach.
    const [elsewhere] = await db.insert(departments).values({ departmentCode: `FO-${Date.now()}`, name: 'Front office' }).returning();
    outsider = await tokenFor(tokens, await createStaffUser(db, { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], hotelIds: [fx.hotelA.id], departmentIds: [elsewhere.id] }));
  });
  afterAll(() => t.cleanup());

  const codeFor = async (workerId: number, token = supervisor) => t.api.call(endpoints.workerPairingCode, { token, params: { workerId } });
  const pairWorker = async (workerId: number, deviceName = 'Huda phone') => {
    const code = await codeFor(workerId);
    expect(code.status, JSON.stringify(code.body)).toBe(200);
    const paired = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName } });
    expect(paired.status, JSON.stringify(paired.body)).toBe(200);
    return paired.body as { accessToken: string; deviceCredential: string; deviceId: string; locked: boolean };
  };
  const submit = async (serviceIds = [fx.services.towels]) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return view.body.requestDetails.map((l: { id: number }) => l.id) as number[];
  };
  const assign = async (lineId: number, workerId: number) => {
    const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: lineId, status: 'Assigned', workerId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const lineRow = async (id: number) => (await t.server.app.ctx.database.db.select().from(requestLines).where(eq(requestLines.id, id)))[0];
  const act = (name: 'workAccept' | 'workStart' | 'workDone' | 'workCantDo' | 'workTake', token: string, lineId: number, body: object = {}, lang?: 'en' | 'ar') =>
    t.api.call(endpoints[name], { token, lang, params: { lineId }, body });

  describe('pairing', () => {
    it('gives a short single-use code from an unambiguous alphabet that expires in 10 minutes', async () => {
      const res = await codeFor(fx.workers.housekeeper);
      expect(res.body.code).toMatch(/^[23456789BCDFGHJKMNPQRSTVWXYZ]{8}$/);
      const ttl = Date.parse(res.body.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
      const first = await t.api.call(endpoints.workPair, { body: { code: res.body.code.toLowerCase().replace(/(....)/, '$1-'), deviceName: 'Phone' } });
      expect(first.status).toBe(200);
      expect(first.body.locked).toBe(false);
      const again = await t.api.call(endpoints.workPair, { body: { code: res.body.code, deviceName: 'Phone 2' }, lang: 'ar' });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('رمز الاقتران هذا غير صالح أو منتهي الصلاحية. اطلب من مشرفك رمزًا جديدًا');
    });

    it('burns a code after 5 wrong tries against it', async () => {
      const { body } = await codeFor(fx.workers.housekeeper);
      const wrong = body.code.slice(0, 3) + (body.code.slice(3) === 'BBBBB' ? 'CCCCC' : 'BBBBB');
      for (let i = 0; i < 5; i++) expect((await t.api.call(endpoints.workPair, { body: { code: wrong, deviceName: 'x' } })).status).toBe(400);
      const right = await t.api.call(endpoints.workPair, { body: { code: body.code, deviceName: 'x' } });
      expect(right.status).toBe(400);
      expect(right.body.message).toMatch(/not valid or has expired/);
    });

    it('refuses an expired code', async () => {
      const { body } = await codeFor(fx.workers.housekeeper);
      const db = t.server.app.ctx.database.db;
      await db.execute(`update worker_pairing_codes set expires_at = now() - interval '1 second' where ended_at is null` as never);
      expect((await t.api.call(endpoints.workPair, { body: { code: body.code, deviceName: 'x' } })).status).toBe(400);
    });

    it('reaches only workers in the supervisor’s departments; needs the Pair claim', async () => {
      expect((await codeFor(fx.workers.housekeeper, outsider)).status).toBe(404);
      expect((await t.api.call(endpoints.workerDevices, { token: outsider, params: { workerId: fx.workers.housekeeper } })).status).toBe(404);
      expect((await codeFor(fx.workers.housekeeper, clerk)).status).toBe(403);
      expect((await codeFor(999_999)).status).toBe(404);
    });

    const workRefresh = (deviceCredential: string) => t.api.call(endpoints.workRefresh, { body: { deviceCredential } });
    /** The credential's first use moved back past the reuse grace (30 s): its reuse can no longer be a lost answer. */
    const ageUse = async (deviceCredential: string) => {
      const { workerDeviceCredentials } = await import('../../../server/src/db/schema');
      const { hashToken } = await import('../../../server/src/security/tokens');
      await t.server.app.ctx.database.db
        .update(workerDeviceCredentials)
        .set({ replacedAt: new Date(t.clock.now().getTime() - 31_000) })
        .where(eq(workerDeviceCredentials.tokenHash, hashToken(deviceCredential)));
    };
    const liveCredentials = async (deviceId: string) => {
      const { workerDeviceCredentials } = await import('../../../server/src/db/schema');
      const { and, isNull } = await import('drizzle-orm');
      const db = t.server.app.ctx.database.db;
      return (await db.select().from(workerDeviceCredentials).where(and(eq(workerDeviceCredentials.deviceId, deviceId), isNull(workerDeviceCredentials.replacedAt)))).length;
    };

    it('rotates the device credential; a reused one (past the grace) unpairs the phone at once', async () => {
      const paired = await pairWorker(fx.workers.housekeeper);
      const next = await workRefresh(paired.deviceCredential);
      expect(next.status).toBe(200);
      expect(next.body.deviceCredential).not.toBe(paired.deviceCredential);
      expect((await t.api.call(endpoints.workTasks, { token: next.body.accessToken })).status).toBe(200);
      await ageUse(paired.deviceCredential);
      const reuse = await workRefresh(paired.deviceCredential);
      expect(reuse.status).toBe(401);
      expect((await t.api.call(endpoints.workTasks, { token: next.body.accessToken })).status).toBe(401);
      expect((await workRefresh(next.body.deviceCredential)).status).toBe(401);
    });

    it('a lost answer keeps the phone paired: the spent credential, again within the grace, gets a successor', async () => {
      const paired = await pairWorker(fx.workers.housekeeper);
      const lost = await workRefresh(paired.deviceCredential);
      expect(lost.status).toBe(200);
      t.clock.advance(20_000);
      const again = await workRefresh(paired.deviceCredential);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.deviceCredential).not.toBe(lost.body.deviceCredential);
      expect((await t.api.call(endpoints.workTasks, { token: again.body.accessToken })).status).toBe(200);
      // The successor nobody received no longer works, and does not unpair the phone.
      expect((await workRefresh(lost.body.deviceCredential)).status).toBe(401);
      expect(await liveCredentials(paired.deviceId)).toBe(1);
      const next = await workRefresh(again.body.deviceCredential);
      expect(next.status).toBe(200);
      expect((await t.api.call(endpoints.workTasks, { token: next.body.accessToken })).status).toBe(200);
    });

    it('a reuse once the successor was used unpairs the phone, even within the grace', async () => {
      const paired = await pairWorker(fx.workers.housekeeper);
      const n1 = await workRefresh(paired.deviceCredential);
      const n2 = await workRefresh(n1.body.deviceCredential);
      expect(n2.status).toBe(200);
      expect((await workRefresh(paired.deviceCredential)).status).toBe(401);
      expect((await t.api.call(endpoints.workTasks, { token: n2.body.accessToken })).status).toBe(401);
      expect((await workRefresh(n2.body.deviceCredential)).status).toBe(401);
    });

    it('two uses of one credential at once, fresh or spent: no 500, the phone stays paired with one live credential', async () => {
      for (const spent of [false, true]) {
        const paired = await pairWorker(fx.workers.housekeeper);
        if (spent) expect((await workRefresh(paired.deviceCredential)).status).toBe(200);
        const answers = await Promise.all([workRefresh(paired.deviceCredential), workRefresh(paired.deviceCredential)]);
        for (const a of answers) expect([200, 401], JSON.stringify(a.body)).toContain(a.status);
        const ok = answers.filter((a) => a.status === 200);
        expect(ok.length, `spent: ${spent}`).toBeGreaterThan(0);
        expect(await liveCredentials(paired.deviceId)).toBe(1);
        const uses = [];
        for (const a of ok.reverse()) uses.push((await workRefresh(a.body.deviceCredential)).status);
        expect(uses.filter((s) => s === 200).length, `spent: ${spent}`).toBe(1);
      }
    });

    it('lists a worker’s phones and revokes one at once', async () => {
      const a = await pairWorker(fx.workers.housekeeper, 'Phone A');
      const b = await pairWorker(fx.workers.housekeeper, 'Phone B');
      const list = await t.api.call(endpoints.workerDevices, { token: supervisor, params: { workerId: fx.workers.housekeeper } });
      expect(list.body.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(['Phone A', 'Phone B']));
      const shown = list.body.find((d: { id: string }) => d.id === a.deviceId);
      expect(shown.createdAt).toBeTruthy();
      const revoked = await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: a.deviceId } });
      expect(revoked.status).toBe(200);
      const after = await t.api.call(endpoints.workTasks, { token: a.accessToken, lang: 'ar' });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('لم يعد هذا الهاتف مقترنًا. اطلب من مشرفك رمز اقتران جديدًا');
      expect((await t.api.call(endpoints.workRefresh, { body: { deviceCredential: a.deviceCredential } })).status).toBe(401);
      expect((await t.api.call(endpoints.workTasks, { token: b.accessToken })).status).toBe(200);
      // Another worker's path cannot revoke it.
      const wrongWorker = await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.floater, deviceId: b.deviceId } });
      expect(wrongWorker.status).toBe(404);
      expect((await t.api.call(endpoints.workTasks, { token: b.accessToken })).status).toBe(200);
    });

    it('with a PIN set, a new phone answers only Unlock until the PIN is given; 5 wrong PINs unpair it', async () => {
      const pin = await t.api.call(endpoints.setWorkerPin, { token: supervisor, params: { workerId: fx.workers.floater }, body: { pin: '4821' } });
      expect(pin.status).toBe(200);
      const phone = await pairWorker(fx.workers.floater);
      expect(phone.locked).toBe(true);
      const locked = await t.api.call(endpoints.workTasks, { token: phone.accessToken });
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe('Enter your PIN to unlock this phone');
      expect((await t.api.call(endpoints.workUnlock, { token: phone.accessToken, body: { pin: '0000' } })).status).toBe(400);
      const ok = await t.api.call(endpoints.workUnlock, { token: phone.accessToken, body: { pin: '4821' } });
      expect(ok.status).toBe(200);
      expect((await t.api.call(endpoints.workTasks, { token: phone.accessToken })).status).toBe(200);

      const other = await pairWorker(fx.workers.floater);
      for (let i = 0; i < 4; i++) expect((await t.api.call(endpoints.workUnlock, { token: other.accessToken, body: { pin: '1111' } })).status).toBe(400);
      expect((await t.api.call(endpoints.workUnlock, { token: other.accessToken, body: { pin: '1111' } })).status).toBe(401);
      expect((await t.api.call(endpoints.workUnlock, { token: other.accessToken, body: { pin: '4821' } })).status).toBe(401);
      expect((await t.api.call(endpoints.setWorkerPin, { token: supervisor, params: { workerId: fx.workers.floater }, body: { pin: '12a4' } })).status).toBe(400);
      await t.api.call(endpoints.setWorkerPin, { token: supervisor, params: { workerId: fx.workers.floater }, body: { pin: null } });
    });

    it('never answers 500 to bad input; strings are capped', async () => {
      expect((await t.api.call(endpoints.workPair, { body: { code: 'X'.repeat(10_000), deviceName: 'x' } })).status).toBe(400);
      expect((await t.api.call(endpoints.workPair, { body: { code: 'ABCDEFGH', deviceName: 'x'.repeat(81) } })).status).toBe(400);
      expect((await t.api.call(endpoints.workRefresh, { body: { deviceCredential: 'x'.repeat(201) } })).status).toBe(400);
      expect((await t.api.call(endpoints.workRefresh, { body: { deviceCredential: 'nope' } })).status).toBe(401);
      const bad = await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: 'not-a-uuid' } });
      expect(bad.status).toBe(404);
    });
  });

  describe('tasks and actions', () => {
    it('lists the worker’s open lines with the guest’s name but no contact, notes marked internal, most urgent first', async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      await t.api.call(endpoints.addServiceMessage, { token: clerk, body: { requestDetailsId: line, text: 'Bring two', kind: 'note' } });
      const res = await t.api.call(endpoints.workTasks, { token: phone.accessToken });
      expect(res.status).toBe(200);
      const task = res.body.find((x: { lineId: number }) => x.lineId === line);
      expect(task).toMatchObject({ roomNumber: '101', serviceNameEn: 'Extra towels', serviceNameAr: 'مناشف إضافية', guestName: 'Layla Hassan', status: 'Assigned' });
      expect(task.messages).toEqual([expect.objectContaining({ text: 'Bring two', internal: true })]);
      expect(JSON.stringify(res.body)).not.toMatch(/layla@example.com|123 4567/);
      const dues = res.body.map((x: { dueAt: string | null }) => x.dueAt ?? '9999');
      expect([...dues].sort()).toEqual(dues);
    });

    it('Accept → Start → Done, recorded on the line and in its assignment history; a retried tap answers the first result', async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      await t.server.app.ctx.database.db.update(requestLines).set({ acknowledgedAt: null }).where(eq(requestLines.id, line));
      const accept = await act('workAccept', phone.accessToken, line, { clientActionId: 'tap-accept-0001' });
      expect(accept.status).toBe(200);
      const acceptedAt = (await lineRow(line)).acceptedAt;
      expect(acceptedAt).toBeTruthy();
      expect((await lineRow(line)).acknowledgedAt).toBeTruthy();
      const retry = await act('workAccept', phone.accessToken, line, { clientActionId: 'tap-accept-0001' });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(accept.body);
      expect((await lineRow(line)).acceptedAt).toEqual(acceptedAt);
      // Without the key, a second Accept is refused and changes nothing.
      expect((await act('workAccept', phone.accessToken, line)).status).toBe(409);

      const start = await t.api.call(endpoints.workStart, { token: phone.accessToken, params: { lineId: line }, body: {}, headers: { 'idempotency-key': 'tap-start-0001' } });
      expect(start.status).toBe(200);
      const done = await act('workDone', phone.accessToken, line, { clientActionId: 'tap-done-00001', note: 'Left at the door' });
      expect(done.status).toBe(200);
      const again = await act('workDone', phone.accessToken, line, { clientActionId: 'tap-done-00001', note: 'Left at the door' });
      expect(again.body).toEqual(done.body);
      const row = await lineRow(line);
      expect(row.status).toBe('Completed');
      expect(row.completedByWorkerId).toBe(fx.workers.housekeeper);
      const history = await t.api.call(endpoints.serviceAssignmentDetails, { token: clerk, params: { id: line } });
      expect(history.body.accepted_Date).toBeTruthy();
      expect(history.body.started_Date).toBeTruthy();
      expect(history.body.worker_Accepted).toContain('Huda');
      expect(history.body.user_Completed).toContain('Huda');
      const closed = await act('workStart', phone.accessToken, line, {}, 'ar');
      expect(closed.status).toBe(409);
      expect(closed.body.message).toBe('هذه الخدمة مغلقة بالفعل ولا يمكن تغييرها');
    });

    it("Can't do puts the line back to its department, unassigned, with the reason as an internal note", async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      expect((await act('workCantDo', phone.accessToken, line, { reason: '' })).status).toBe(400);
      const res = await act('workCantDo', phone.accessToken, line, { reason: 'No towels left in the store' });
      expect(res.status).toBe(200);
      const row = await lineRow(line);
      expect(row).toMatchObject({ status: 'Open', workerId: null, acceptedAt: null, departmentId: fx.departments.housekeeping });
      const details = await t.api.call(endpoints.serviceDetails, { token: clerk, params: { id: line } });
      expect(JSON.stringify(details.body)).toContain('No towels left in the store');
      expect((await act('workAccept', phone.accessToken, line)).status).toBe(404);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      const res = await act('workAccept', phone.accessToken, line, { version: '2000-01-01T00:00:00.000Z' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This task changed meanwhile. Refresh and try again');
      expect((await lineRow(line)).acceptedAt).toBeNull();
    });

    it("answers each tap with the line's new version, which the phone's next tap on the line is checked against", async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      const seen = (await t.api.call(endpoints.workTasks, { token: phone.accessToken })).body.find((x: { lineId: number }) => x.lineId === line).version;
      const accept = await act('workAccept', phone.accessToken, line, { version: seen, clientActionId: 'tap-version-accept' });
      expect(accept.status).toBe(200);
      expect(accept.body.version).toBe((await lineRow(line)).updatedAt.toISOString());
      expect(accept.body.version).not.toBe(seen);
      // A retry answers the same version; the task list shows it too.
      expect((await act('workAccept', phone.accessToken, line, { version: seen, clientActionId: 'tap-version-accept' })).body.version).toBe(accept.body.version);
      const listed = (await t.api.call(endpoints.workTasks, { token: phone.accessToken })).body.find((x: { lineId: number }) => x.lineId === line).version;
      expect(listed).toBe(accept.body.version);
      // The version seen before Accept is stale now; the answered one is current.
      expect((await act('workStart', phone.accessToken, line, { version: seen })).status).toBe(409);
      const start = await act('workStart', phone.accessToken, line, { version: accept.body.version });
      expect(start.status).toBe(200);
      const done = await act('workDone', phone.accessToken, line, { version: start.body.version, note: '' });
      expect(done.status).toBe(200);
      expect(done.body.version).toBe((await lineRow(line)).updatedAt.toISOString());
    });
  });

  describe('who may call what', () => {
    it("another worker's phone and a revoked phone change nothing on any worker route", async () => {
      const mine = await pairWorker(fx.workers.housekeeper);
      const theirs = await pairWorker(fx.workers.technician);
      const revoked = await pairWorker(fx.workers.housekeeper);
      await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: revoked.deviceId } });
      const [line] = await submit();
      await assign(line, fx.workers.housekeeper);
      const before = await lineRow(line);
      expect((await t.api.call(endpoints.workTasks, { token: theirs.accessToken })).body.some((x: { lineId: number }) => x.lineId === line)).toBe(false);
      for (const name of ['workAccept', 'workStart', 'workDone', 'workCantDo', 'workTake'] as const) {
        const body = name === 'workCantDo' ? { reason: 'no' } : {};
        const other = await act(name, theirs.accessToken, line, body);
        expect([403, 404], `${name} by another worker`).toContain(other.status);
        expect((await act(name, revoked.accessToken, line, body)).status, `${name} revoked`).toBe(401);
      }
      expect((await t.api.call(endpoints.workTasks, { token: revoked.accessToken })).status).toBe(401);
      expect((await t.api.call(endpoints.workPool, { token: revoked.accessToken })).status).toBe(401);
      expect(await lineRow(line)).toEqual(before);
      expect((await act('workAccept', mine.accessToken, line)).status).toBe(200);
    });

    it('a staff token cannot use /api/Work/*, a device token no staff route', async () => {
      const phone = await pairWorker(fx.workers.housekeeper);
      expect((await t.api.call(endpoints.workTasks, { token: clerk })).status).toBe(401);
      expect((await t.api.call(endpoints.workTasks, { token: await t.adminToken() })).status).toBe(401);
      expect((await t.api.call(endpoints.allServicesRequest, { token: phone.accessToken })).status).toBe(401);
      expect((await t.api.call(endpoints.workerDevices, { token: phone.accessToken, params: { workerId: fx.workers.housekeeper } })).status).toBe(401);
    });
  });

  describe('the pool', () => {
    it('is closed unless the department lets its workers take open lines', async () => {
      const phone = await pairWorker(fx.workers.technician);
      const res = await t.api.call(endpoints.workPool, { token: phone.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your department does not let workers take open tasks');
    });

    it('two workers taking 30 lines at once: each line is taken exactly once', async () => {
      const db = t.server.app.ctx.database.db;
      await db.update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
      const [second] = await db.insert(workers).values({ workerCode: `W9-${Date.now()}`, name: 'Omar', phoneNumber: '+966 55 100 0009', departmentId: fx.departments.maintenance }).returning();
      await serveHotels(db, [second.id], [fx.hotelA.id, fx.hotelB.id]);
      const one = await pairWorker(fx.workers.technician);
      const two = await pairWorker(second.id);
      // One line a request: a request names each service once.
      const lineIds = (await Promise.all(Array.from({ length: 30 }, () => submit([fx.services.repair])))).flat();
      const pool = await t.api.call(endpoints.workPool, { token: one.accessToken });
      expect(pool.body.map((x: { lineId: number }) => x.lineId)).toEqual(expect.arrayContaining(lineIds));
      const tries = lineIds.flatMap((id) => [act('workTake', one.accessToken, id), act('workTake', two.accessToken, id)]);
      const results = await Promise.all(tries);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(results.filter((r) => r.status === 200)).toHaveLength(30);
      const rows = await Promise.all(lineIds.map(lineRow));
      expect(rows.every((r) => r.status === 'Assigned' && r.workerId !== null && r.acceptedAt !== null)).toBe(true);
      const loser = results.find((r) => r.status === 409);
      if (loser) expect(loser.body.message).toBe('Someone else already took this task');
    });
  });
  it('counts pairing guesses from IPv6 by /64 and an IPv4-mapped address as the IPv4 one (a fresh address of the prefix does not buy new guesses)', async () => {
    const pair = (remoteAddress: string) =>
      t.server.app.inject({ method: 'POST', url: `${endpoints.workPair.path}?lang=ar`, remoteAddress, payload: { code: '000000000000', deviceName: 'Phone' } });
    // The budget of one /64 (and of 10.77.0.1) spent as if by its own guesses; the next address of it is refused before the code is looked at.
    for (const address of ['2001:db8:77:1::1', '10.77.0.1']) for (let i = 0; i < 1000; i++) await t.server.app.ctx.rateLimiter.count(`work-pair:${clientAddressKey(address)}`, 600);
    for (const address of ['2001:db8:77:1:ffff::9', '2001:0db8:0077:0001:0:0:0:2', '::ffff:10.77.0.1']) {
      const refused = await pair(address);
      expect(refused.statusCode, address).toBe(429);
      expect(refused.json().message).toBe('محاولات كثيرة، يرجى المحاولة بعد بضع دقائق');
    }
    expect((await pair('2001:db8:77:2::1')).statusCode).not.toBe(429);
  });
});
