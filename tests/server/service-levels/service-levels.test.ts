import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, requestLines, serviceGroups, services } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** One target minute lasts this long here, so "overdue" comes within a test. */
const MINUTE_MS = 200;

describe('service levels: targets, the clock and AcknowledgeService', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let clerk: string;
  let noAcknowledge: string;
  let maintenanceOnly: string;
  const db = () => t.server.app.ctx.database.db;
  const submit = async (serviceIds: number[], over: Record<string, unknown> = {}) => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds, over) });
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const staffLines = async (requestId: string, token = admin) => {
    const res = await t.api.call(endpoints.requestDetails, { token, params: { id: requestId } });
    expect(res.status).toBe(200);
    return res.body.requestDetails.requestDetails as Record<string, any>[];
  };
  const serviceLine = async (id: number, token = admin) => (await t.api.call(endpoints.serviceDetails, { token, params: { id } })).body.serviceDetails;
  const acknowledge = (id: number, token = clerk, lang?: 'en' | 'ar') => t.api.call(endpoints.acknowledgeService, { token, body: { id }, lang });
  const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / MINUTE_MS;
  const setTargets = async (table: typeof services | typeof serviceGroups | typeof hotels, id: number, acknowledgeMinutes: number | null, completeMinutes: number | null) =>
    db().update(table).set({ acknowledgeMinutes, completeMinutes }).where(eq(table.id, id));

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(db());
    admin = await t.adminToken();
    const tokens = t.server.app.ctx.tokens;
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] };
    clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));
    noAcknowledge = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS.filter((c) => !c.endsWith('.Acknowledge')), ...scope }));
    maintenanceOnly = await tokenFor(
      tokens,
      await createStaffUser(db(), { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.maintenance] }),
    );
  });
  afterAll(() => t.cleanup());

  describe('targets on services, service groups and hotels', () => {
    it('adds, lists, keeps and clears a service target', async () => {
      const [row] = await db().select().from(services).where(eq(services.id, fx.services.towels));
      const group = row.serviceGroupId;
      const code = `SLA-${Date.now()}`;
      const base = { nameAr: 'كوي', nameEn: 'Ironing', serviceGroupId: group, departmentId: fx.departments.housekeeping, serviceCode: code };
      const added = await t.api.call(endpoints.service.add, { token: admin, body: { ...base, acknowledgeMinutes: 5, completeMinutes: 30 } });
      expect(added.status).toBe(200);
      const listed = async () => (await t.api.call(endpoints.service.list, { token: admin })).body.find((s: { serviceCode: string }) => s.serviceCode === code);
      expect(await listed()).toMatchObject({ acknowledgeMinutes: 5, completeMinutes: 30 });
      // An edit that does not name the targets keeps them; null clears one.
      expect((await t.api.call(endpoints.service.edit, { token: admin, params: { id: added.body.id }, body: { ...base, nameEn: 'Ironing service' } })).status).toBe(200);
      expect(await listed()).toMatchObject({ nameEn: 'Ironing service', acknowledgeMinutes: 5, completeMinutes: 30 });
      expect((await t.api.call(endpoints.service.edit, { token: admin, params: { id: added.body.id }, body: { ...base, acknowledgeMinutes: null } })).status).toBe(200);
      expect(await listed()).toMatchObject({ acknowledgeMinutes: null, completeMinutes: 30 });
    });

    it('sets defaults on a service group and a hotel', async () => {
      const groupCode = `SLG-${Date.now()}`;
      const group = await t.api.call(endpoints.serviceGroup.add, {
        token: admin,
        body: { nameAr: 'مجموعة', nameEn: 'Group', serviceGroupCode: groupCode, acknowledgeMinutes: 7, completeMinutes: 70 },
      });
      expect(group.status).toBe(200);
      const groups = (await t.api.call(endpoints.serviceGroup.list, { token: admin })).body;
      expect(groups.find((g: { serviceGroupCode: string }) => g.serviceGroupCode === groupCode)).toMatchObject({ acknowledgeMinutes: 7, completeMinutes: 70 });

      const [hotel] = await db().select().from(hotels).where(eq(hotels.id, fx.hotelB.id));
      const edit = await t.api.call(endpoints.hotel.edit, {
        token: admin,
        params: { id: hotel.id },
        body: { name: hotel.name, nameAr: hotel.nameAr, hotelCode: hotel.hotelCode, companyId: hotel.companyId, completeMinutes: 90 },
      });
      expect(edit.status).toBe(200);
      const listed = (await t.api.call(endpoints.hotel.list, { token: admin })).body.find((h: { id: number }) => h.id === hotel.id);
      expect(listed).toMatchObject({ acknowledgeMinutes: null, completeMinutes: 90 });
    });

    it('refuses a target that is not a whole number of minutes from 1 to a week, in English and Arabic, changing nothing', async () => {
      const [row] = await db().select().from(services).where(eq(services.id, fx.services.towels));
      const body = { nameAr: row.nameAr, nameEn: row.nameEn, serviceGroupId: row.serviceGroupId, departmentId: row.departmentId, serviceCode: row.serviceCode };
      const cases: [unknown, string, string][] = [
        [0, 'Must be 1 or more', 'يجب أن يكون 1 أو أكثر'],
        [-5, 'Must be 1 or more', 'يجب أن يكون 1 أو أكثر'],
        [10_081, 'Must be 10080 or less', 'يجب أن يكون 10080 أو أقل'],
        [2.5, 'Must be a whole number', 'يجب أن يكون رقمًا صحيحًا'],
        ['10', 'Must be a whole number', 'يجب أن يكون رقمًا صحيحًا'],
      ];
      for (const [value, en, ar] of cases) {
        for (const [lang, message] of [['en', en], ['ar', ar]] as const) {
          const res = await t.api.call(endpoints.service.edit, { token: admin, lang, params: { id: row.id }, body: { ...body, completeMinutes: value } });
          expect(res.status, String(value)).toBe(400);
          expect(res.body.errors).toContainEqual({ field: 'completeMinutes', message });
        }
      }
      const [after] = await db().select().from(services).where(eq(services.id, row.id));
      expect(after.completeMinutes).toBe(row.completeMinutes);
    });
  });

  describe('the clock', () => {
    it('takes each target from the service, then its group, then the hotel', async () => {
      const [towels] = await db().select().from(services).where(eq(services.id, fx.services.towels));
      await setTargets(hotels, fx.hotelA.id, 30, 120);
      await setTargets(serviceGroups, towels.serviceGroupId, null, 60);
      await setTargets(services, fx.services.towels, 5, null);
      await setTargets(services, fx.services.repair, null, null);
      try {
        const id = await submit([fx.services.towels, fx.services.repair]);
        const [towelLine, repairLine] = await staffLines(id);
        // Towels: its own 5 to acknowledge, its group's 60 to complete.
        expect(minutesBetween(towelLine.clockStartedAt, towelLine.acknowledgeDueAt)).toBe(5);
        expect(minutesBetween(towelLine.clockStartedAt, towelLine.completeDueAt)).toBe(60);
        // Repair (same group): the hotel's 30 to acknowledge, the group's 60 to complete.
        expect(minutesBetween(repairLine.clockStartedAt, repairLine.acknowledgeDueAt)).toBe(30);
        expect(minutesBetween(repairLine.clockStartedAt, repairLine.completeDueAt)).toBe(60);
        expect(towelLine).toMatchObject({ acknowledgedAt: null, dueAt: towelLine.acknowledgeDueAt, dueKind: 'acknowledge', isOverdue: false });
        // The guest sees the completion promise.
        const guest = (await t.api.call(endpoints.userRequestDetails, { params: { id } })).body.requestDetails;
        expect(guest[0].expectedBy).toBe(towelLine.completeDueAt);
      } finally {
        await setTargets(hotels, fx.hotelA.id, null, null);
        await setTargets(serviceGroups, towels.serviceGroupId, null, null);
        await setTargets(services, fx.services.towels, null, null);
      }
    });

    it('has no due time without any target', async () => {
      const id = await submit([fx.services.repair]);
      const [line] = await staffLines(id);
      expect(line).toMatchObject({ acknowledgeDueAt: null, completeDueAt: null, dueAt: null, dueKind: null, isOverdue: false, expectedBy: null });
      expect(line.clockStartedAt).not.toBeNull();
    });

    it('starts a Special Request clock at creation with the Special Request service targets; choosing the department keeps them', async () => {
      await setTargets(services, fx.services.special, 3, 20);
      try {
        const id = await submit([fx.services.special]);
        const [waiting] = await staffLines(id);
        expect(Math.abs(Date.parse(waiting.clockStartedAt) - Date.parse(waiting.createdAt))).toBeLessThan(1000);
        expect(minutesBetween(waiting.clockStartedAt, waiting.dueAt)).toBe(3);
        expect(waiting).toMatchObject({ dueKind: 'acknowledge', isOverdue: false });
        const assigned = await t.api.call(endpoints.assignServiceToDepartment, {
          token: admin,
          body: { requestDetailsId: waiting.id, departmentId: fx.departments.maintenance },
        });
        expect(assigned.status).toBe(200);
        const line = await serviceLine(waiting.id);
        expect(line.clockStartedAt).toBe(waiting.clockStartedAt);
        expect(minutesBetween(line.clockStartedAt, line.acknowledgeDueAt)).toBe(3);
        expect(minutesBetween(line.clockStartedAt, line.completeDueAt)).toBe(20);
      } finally {
        await setTargets(services, fx.services.special, null, null);
      }
    });

    it('turns a line overdue on the lists and the details, and stops on Completed', async () => {
      await setTargets(services, fx.services.towels, null, 2);
      try {
        const id = await submit([fx.services.towels]);
        const [line] = await staffLines(id);
        expect(line.dueKind).toBe('complete');
        t.clock.set(Date.parse(line.dueAt) + 20);
        const row = async () =>
          (await t.api.call(endpoints.allServicesRequest, { token: clerk, query: { overdue: 'true' } })).body.find((r: { id: number }) => r.id === line.id);
        expect(await row()).toMatchObject({ isOverdue: true, dueKind: 'complete', dueAt: line.dueAt, acknowledgedAt: null });
        expect((await serviceLine(line.id)).isOverdue).toBe(true);
        const request = (await t.api.call(endpoints.allRequests, { token: admin, query: { overdue: 'true' } })).body.find((r: { id: string }) => r.id === id);
        expect(request).toMatchObject({ isOverdue: true, dueAt: line.dueAt, oldestOpenAt: line.createdAt });

        // The home page counts it against its department.
        const home = (await t.api.call(endpoints.homeFigures, { token: clerk })).body;
        expect(home.overdueByDepartment).toContainEqual(expect.objectContaining({ departmentId: fx.departments.housekeeping }));
        expect(home.overdueByDepartment.every((d: { departmentId: number }) => d.departmentId === fx.departments.housekeeping)).toBe(true);

        await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line.id, status: 'Assigned', workerId: fx.workers.housekeeper, note: '' } });
        await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line.id, status: 'Completed', note: '' } });
        expect(await row()).toBeUndefined();
        expect(await serviceLine(line.id)).toMatchObject({ isOverdue: false, dueAt: null, dueKind: null });
        const closed = (await t.api.call(endpoints.allRequests, { token: admin })).body.find((r: { id: string }) => r.id === id);
        expect(closed).toMatchObject({ isOverdue: false, dueAt: null, oldestOpenAt: null });
        // Completed after its target: the report's on-time share counts it as missed.
        const period = { from: new Date(Date.parse(line.createdAt) - 1).toISOString(), to: new Date(Date.parse(line.createdAt) + 1).toISOString() };
        const report = (await t.api.call(endpoints.serviceLevels, { token: admin, query: { ...period, groupBy: 'department' } })).body;
        expect(report.total).toMatchObject({ lines: 1, completed: 1, onTimePercent: 0 });
        const before = (await t.api.call(endpoints.serviceLevels, { token: admin, query: { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' } })).body;
        expect(before.total.onTimePercent).toBeNull();
      } finally {
        await setTargets(services, fx.services.towels, null, null);
      }
    });
  });

  describe('AcknowledgeService', () => {
    it('acknowledges once, with the claim, within scope, and says why not in English and Arabic', async () => {
      await setTargets(services, fx.services.towels, 10, 60);
      try {
        const id = await submit([fx.services.towels, fx.services.repair]);
        const [towel, repair] = await staffLines(id);
        expect((await acknowledge(towel.id, noAcknowledge)).status).toBe(403);
        // A line of another department is not found for this user.
        expect((await acknowledge(repair.id, clerk)).status).toBe(404);
        expect((await acknowledge(towel.id, maintenanceOnly)).status).toBe(404);
        expect((await acknowledge(999_999)).status).toBe(404);
        expect((await t.api.call(endpoints.acknowledgeService, { token: clerk, body: { id: 'x' } })).status).toBe(400);
        expect((await serviceLine(towel.id)).acknowledgedAt).toBeNull();

        const ok = await acknowledge(towel.id, clerk, 'ar');
        expect(ok.status).toBe(200);
        expect(ok.body.message).toBe('تم الاستلام');
        const after = await serviceLine(towel.id);
        expect(after.acknowledgedAt).not.toBeNull();
        expect(after).toMatchObject({ statusName: 'Open', dueKind: 'complete', dueAt: towel.completeDueAt });

        const again = await acknowledge(towel.id, clerk);
        expect(again.status).toBe(409);
        expect(again.body.message).toBe('This service has already been acknowledged');
        expect((await acknowledge(towel.id, clerk, 'ar')).body.message).toBe('تم استلام هذه الخدمة بالفعل');
      } finally {
        await setTargets(services, fx.services.towels, null, null);
      }
    });

    it('is implied by assigning a worker, and refused on a closed line', async () => {
      // Two towel lines: two requests, as one request names each service once.
      const [first] = await staffLines(await submit([fx.services.towels]));
      const [second] = await staffLines(await submit([fx.services.towels]));
      const assign = await t.api.call(endpoints.updateServiceRequestStatus, {
        token: clerk,
        body: { requestDetailsId: first.id, status: 'Assigned', workerId: fx.workers.housekeeper, note: '' },
      });
      expect(assign.status).toBe(200);
      const assigned = await serviceLine(first.id);
      expect(assigned.acknowledgedAt).not.toBeNull();
      expect((await acknowledge(first.id)).status).toBe(409);

      await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: second.id, status: 'Rejected', note: 'No towels left' } });
      const closed = await acknowledge(second.id);
      expect(closed.status).toBe(409);
      expect(closed.body.message).toBe('This service is already closed and cannot change');
      expect((await serviceLine(second.id)).acknowledgedAt).toBeNull();
    });
  });

  describe('waiting to be acknowledged (what the reminders ring for)', () => {
    it('lists and counts only the lines nobody has acknowledged, in scope, the longest waiting first, and requests with such a line', async () => {
      const waitingLines = async (token: string) => {
        const res = await t.api.call(endpoints.allServicesRequest, { token, query: { waiting: 'true', page: 0, pageSize: 1, sort: 'createdAt', order: 'asc' } });
        expect(res.status).toBe(200);
        return { rows: res.body as Record<string, any>[], total: Number(res.headers.get('x-total-count')) };
      };
      // Whatever earlier tests left waiting is taken first, so the count below is this test's own.
      for (const left of (await t.api.call(endpoints.allServicesRequest, { token: admin, query: { waiting: 'true' } })).body as { id: number }[]) {
        expect((await acknowledge(left.id, admin)).status).toBe(200);
      }
      const oldest = await submit([fx.services.towels, fx.services.repair]);
      const taken = await submit([fx.services.towels]);
      const newest = await submit([fx.services.towels]);
      const [oldTowel] = await staffLines(oldest);
      const [takenTowel] = await staffLines(taken);
      expect((await acknowledge(takenTowel.id, clerk)).status).toBe(200);

      // The housekeeping clerk: two towel lines wait (the repair is maintenance's), the oldest first.
      const forClerk = await waitingLines(clerk);
      expect(forClerk.total).toBe(2);
      expect(forClerk.rows.map((r) => r.id)).toEqual([oldTowel.id]);
      expect(forClerk.rows[0].acknowledgedAt).toBeNull();
      // The admin sees the repair line too.
      expect((await waitingLines(admin)).total).toBe(3);
      // Once acknowledged, a line no longer waits; the total moves at once.
      expect((await acknowledge(oldTowel.id, clerk)).status).toBe(200);
      expect((await waitingLines(clerk)).total).toBe(1);
      // The requests list: the requests the clerk sees that have a waiting line (the first request's is its repair).
      const requests = (await t.api.call(endpoints.allRequests, { token: clerk, query: { waiting: 'true' } })).body.map((r: { id: string }) => r.id);
      expect(requests.sort()).toEqual([oldest, newest].sort());
    });
  });

  describe('the overdue list', () => {
    it('puts the line that is latest first by default, then the next; a sort asked for still wins', async () => {
      await setTargets(services, fx.services.towels, 30, 60);
      try {
        const [a, b, c] = [await submit([fx.services.towels]), await submit([fx.services.towels]), await submit([fx.services.towels])];
        const lineOf = async (id: string) => (await staffLines(id))[0].id as number;
        const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS);
        // Late by 2, 10 and 5 minutes (their promises moved into the past; the list reads the server's clock).
        for (const [id, late] of [[a, 2], [b, 10], [c, 5]] as const) {
          await db().update(requestLines).set({ acknowledgeDueAt: ago(late) }).where(eq(requestLines.id, await lineOf(id)));
        }
        const overdue = (await t.api.call(endpoints.allServicesRequest, { token: admin, query: { overdue: 'true', pageSize: 100 } })).body as { requestId: string }[];
        expect(overdue.map((r) => r.requestId).filter((r) => [a, b, c].includes(r))).toEqual([b, c, a]);
        const asked = (await t.api.call(endpoints.allServicesRequest, { token: admin, query: { overdue: 'true', sort: 'createdAt', order: 'asc', pageSize: 100 } })).body as { requestId: string }[];
        expect(asked.map((r) => r.requestId).filter((r) => [a, b, c].includes(r))).toEqual([a, b, c]);
      } finally {
        await setTargets(services, fx.services.towels, null, null);
      }
    });
  });

  describe('my queue', () => {
    it('lists the open lines of my departments, the most urgent first', async () => {
      await setTargets(services, fx.services.towels, null, 50);
      const early = await submit([fx.services.towels]);
      await setTargets(services, fx.services.towels, null, 5);
      const urgent = await submit([fx.services.towels]);
      await setTargets(services, fx.services.towels, null, null);
      const untimed = await submit([fx.services.towels, fx.services.repair]);
      const queue = (await t.api.call(endpoints.allServicesRequest, { token: clerk, query: { mine: 'true' } })).body as Record<string, any>[];
      const order = queue.map((r) => r.requestId).filter((r) => [early, urgent, untimed].includes(r));
      expect(order).toEqual([urgent, early, untimed]);
      expect(queue.every((r) => r.departmentName !== null && ['Open', 'Assigned'].includes(r.statusName))).toBe(true);
      // Repair is maintenance's: not in the housekeeping clerk's queue.
      expect(queue.filter((r) => r.requestId === untimed)).toHaveLength(1);
      const requests = (await t.api.call(endpoints.allRequests, { token: maintenanceOnly, query: { mine: 'true' } })).body.map((r: { id: string }) => r.id);
      expect(requests).toContain(untimed);
      expect(requests).not.toContain(urgent);
    });
  });
});
