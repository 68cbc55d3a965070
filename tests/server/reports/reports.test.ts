import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import type { Db } from '../../../server/src/db/client';
import { requestLines, requests } from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * A fixed data set with explicit timestamps, and every figure below worked out by hand
 * (percentile_cont interpolates: p of n sorted values sits at position p·(n−1)).
 *
 *   request (room, created, rating)       line  service  dept  worker   acknowledged  closed
 *   R0 A-101 02-20 08:00Z  rating 1       L0    towels   HK    Huda     +10           completed +20   (before the period)
 *   R1 A-101 03-02 08:00Z  rating 8       L1    towels   HK    Huda     +10           completed +30
 *                                         L2    repair   MT    Tariq    +20           completed +90
 *   R2 A-101 03-03 22:00Z  rating 4       L3    towels   HK    Huda     +5            completed +15
 *   R3 A-102 03-03 12:00Z  no rating      L4    repair   MT    —        —             rejected  +40
 *                                         L5    special  HK*   Huda     +2 (dept), +12 completed +60
 *   R4 A-101 03-05 09:00Z  rating 10      L6    towels   HK    —        —             open
 *   R5 B-101 03-04 07:00Z  rating 6       L7    towels   HK    Huda     +30           completed +120
 */
const FROM = '2026-03-01T00:00:00Z';
const TO = '2026-03-08T00:00:00Z';
const at = (iso: string, plusMinutes = 0) => new Date(new Date(iso).getTime() + plusMinutes * 60_000);

interface LineSeed {
  service: number;
  department: number | null;
  worker?: number;
  departmentAfter?: number;
  assignedAfter?: number;
  completedAfter?: number;
  rejectedAfter?: number;
}

async function seedRequest(
  db: Db,
  code: string,
  r: { hotelId: number; roomId: number; created: string; rating?: number; reviewed?: string; status: 'Open' | 'In Progress' | 'Completed' | 'Rejected' },
  lines: LineSeed[],
) {
  const created = new Date(r.created);
  const [header] = await db
    .insert(requests)
    .values({
      requestCode: code,
      hotelId: r.hotelId,
      roomId: r.roomId,
      custName: `Guest ${code}`,
      custEmail: 'guest@example.com',
      custPhone: '+966 55 123 4567',
      status: r.status,
      rating: r.rating ?? null,
      review: r.rating ? `Review of ${code}` : null,
      reviewedAt: r.reviewed ? new Date(r.reviewed) : null,
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  const minutes = (n?: number) => (n === undefined ? null : at(r.created, n));
  const inserted = await db
    .insert(requestLines)
    .values(
      lines.map((l) => ({
        requestId: header.id,
        serviceId: l.service,
        departmentId: l.department,
        workerId: l.worker ?? null,
        status: l.completedAfter !== undefined ? ('Completed' as const) : l.rejectedAfter !== undefined ? ('Rejected' as const) : l.worker ? ('Assigned' as const) : ('Open' as const),
        assignedToDepartmentAt: minutes(l.departmentAfter),
        assignedAt: minutes(l.assignedAfter),
        completedAt: minutes(l.completedAfter),
        rejectedAt: minutes(l.rejectedAfter),
        rejectReason: l.rejectedAfter !== undefined ? 'No technician' : null,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .returning({ id: requestLines.id });
  return { id: header.id, lines: inserted.map((l) => l.id) };
}

describe('Reports', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let housekeeperA: string;
  let clerkB: string;
  let noReports: string;
  const ids: Record<string, { id: string; lines: number[] }> = {};

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    const tokens = t.server.app.ctx.tokens;
    fx = await seedFixture(db);
    const { housekeeping: HK, maintenance: MT } = fx.departments;
    const { towels, repair, special } = fx.services;
    const { housekeeper: huda, technician: tariq } = fx.workers;
    const [a101, a102] = fx.hotelA.roomIds;
    const reportClaims = ['Reports.Service Levels.View', 'Reports.Guest Feedback.View', 'Service Management.Request List.View'];
    admin = await tokenFor(tokens, await createStaffUser(db, { isAdmin: true }));
    housekeeperA = await tokenFor(tokens, await createStaffUser(db, { claims: reportClaims, hotelIds: [fx.hotelA.id], departmentIds: [HK] }));
    clerkB = await tokenFor(tokens, await createStaffUser(db, { claims: reportClaims, hotelIds: [fx.hotelB.id], departmentIds: [HK, MT] }));
    noReports = await tokenFor(tokens, await createStaffUser(db, { claims: ['Service Management.Request List.View'], hotelIds: [fx.hotelA.id] }));

    const A = fx.hotelA.id;
    const u = fx.hotelA.name.slice(-6);
    ids.R0 = await seedRequest(db, `RPT-${u}-0`, { hotelId: A, roomId: a101, created: '2026-02-20T08:00:00Z', rating: 1, reviewed: '2026-02-21T08:00:00Z', status: 'Completed' }, [
      { service: towels, department: HK, worker: huda, assignedAfter: 10, completedAfter: 20 },
    ]);
    ids.R1 = await seedRequest(db, `RPT-${u}-1`, { hotelId: A, roomId: a101, created: '2026-03-02T08:00:00Z', rating: 8, reviewed: '2026-03-02T12:00:00Z', status: 'Completed' }, [
      { service: towels, department: HK, worker: huda, assignedAfter: 10, completedAfter: 30 },
      { service: repair, department: MT, worker: tariq, assignedAfter: 20, completedAfter: 90 },
    ]);
    ids.R2 = await seedRequest(db, `RPT-${u}-2`, { hotelId: A, roomId: a101, created: '2026-03-03T22:00:00Z', rating: 4, reviewed: '2026-03-04T08:00:00Z', status: 'Completed' }, [
      { service: towels, department: HK, worker: huda, assignedAfter: 5, completedAfter: 15 },
    ]);
    ids.R3 = await seedRequest(db, `RPT-${u}-3`, { hotelId: A, roomId: a102, created: '2026-03-03T12:00:00Z', status: 'Completed' }, [
      { service: repair, department: MT, rejectedAfter: 40 },
      { service: special, department: HK, worker: huda, departmentAfter: 2, assignedAfter: 12, completedAfter: 60 },
    ]);
    ids.R4 = await seedRequest(db, `RPT-${u}-4`, { hotelId: A, roomId: a101, created: '2026-03-05T09:00:00Z', rating: 10, reviewed: '2026-03-05T12:00:00Z', status: 'Open' }, [
      { service: towels, department: HK },
    ]);
    ids.R5 = await seedRequest(db, `RPT-${u}-5`, { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0], created: '2026-03-04T07:00:00Z', rating: 6, reviewed: '2026-03-04T10:00:00Z', status: 'Completed' }, [
      { service: towels, department: HK, worker: huda, assignedAfter: 30, completedAfter: 120 },
    ]);
  });
  afterAll(() => t.cleanup());

  const levels = (token: string, query: Record<string, string | number>, lang: 'en' | 'ar' = 'en') =>
    t.api.call(endpoints.serviceLevels, { token, lang, query: { from: FROM, to: TO, ...query } });
  const byKey = (rows: { key: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r]));

  describe('GET /api/Reports/ServiceLevels', () => {
    it('gives each department its counts, percentiles and ratings, and the total', async () => {
      const res = await levels(admin, { groupBy: 'department' });
      expect(res.status).toBe(200);
      const rows = byKey(res.body.rows);
      expect(res.body.rows.map((r: { key: string }) => r.key)).toEqual([String(fx.departments.housekeeping), String(fx.departments.maintenance)]);
      expect(rows[fx.departments.housekeeping]).toEqual({
        key: String(fx.departments.housekeeping),
        name: expect.stringMatching(/^Housekeeping /),
        lines: 5,
        completed: 4,
        rejected: 0,
        acknowledgeP50Minutes: 7.5, // 2, 5, 10, 30
        acknowledgeP90Minutes: 24,
        completeP50Minutes: 45, // 15, 30, 60, 120
        completeP90Minutes: 102,
        onTimePercent: null,
        averageRating: 7, // R1 8, R2 4, R4 10, R5 6 (R3 unrated)
        ratings: 4,
      });
      expect(rows[fx.departments.maintenance]).toMatchObject({
        lines: 2,
        completed: 1,
        rejected: 1,
        acknowledgeP50Minutes: 20,
        acknowledgeP90Minutes: 20,
        completeP50Minutes: 90,
        completeP90Minutes: 90,
        averageRating: 8,
        ratings: 1,
      });
      expect(res.body.total).toEqual({
        key: 'total',
        name: null,
        lines: 7,
        completed: 5,
        rejected: 1,
        acknowledgeP50Minutes: 10, // 2, 5, 10, 20, 30
        acknowledgeP90Minutes: 26,
        completeP50Minutes: 60, // 15, 30, 60, 90, 120
        completeP90Minutes: 108,
        onTimePercent: null,
        averageRating: 7, // each rated request once: 8, 4, 10, 6
        ratings: 4,
      });
      expect(res.body.ratingDistribution).toEqual([0, 0, 0, 1, 0, 1, 0, 1, 0, 1]);
    });

    it('groups by hotel, worker and service, with names in the caller language', async () => {
      const hotels = byKey((await levels(admin, { groupBy: 'hotel' }, 'ar')).body.rows);
      expect(hotels[fx.hotelA.id]).toMatchObject({
        name: expect.stringMatching(/^فندق أ /),
        lines: 6,
        completed: 4,
        rejected: 1,
        acknowledgeP50Minutes: 7.5, // 2, 5, 10, 20
        acknowledgeP90Minutes: 17,
        completeP50Minutes: 45, // 15, 30, 60, 90
        completeP90Minutes: 81,
        averageRating: 7.33, // (8 + 4 + 10) / 3
        ratings: 3,
      });
      expect(hotels[fx.hotelB.id]).toMatchObject({ lines: 1, completed: 1, acknowledgeP50Minutes: 30, completeP90Minutes: 120, averageRating: 6, ratings: 1 });

      const workers = byKey((await levels(admin, { groupBy: 'worker' })).body.rows);
      expect(workers[fx.workers.housekeeper]).toMatchObject({ name: expect.stringMatching(/^Huda /), lines: 4, completed: 4 });
      expect(workers[fx.workers.technician]).toMatchObject({ lines: 1, completed: 1, completeP50Minutes: 90 });
      expect(workers.none).toMatchObject({ name: null, lines: 2, completed: 0, rejected: 1, acknowledgeP50Minutes: null, averageRating: 10, ratings: 1 });

      const services = byKey((await levels(admin, { groupBy: 'service' }, 'ar')).body.rows);
      expect(services[fx.services.towels]).toMatchObject({ name: 'مناشف إضافية', lines: 4, completed: 3 });
      expect(services[fx.services.special]).toMatchObject({ name: 'طلب خاص', lines: 1, acknowledgeP50Minutes: 2, completeP50Minutes: 60 });
    });

    it("counts days in the caller's time zone", async () => {
      const utc = (await levels(admin, { groupBy: 'day' })).body.rows;
      expect(utc.map((r: { key: string; lines: number }) => [r.key, r.lines])).toEqual([
        ['2026-03-02', 2],
        ['2026-03-03', 3],
        ['2026-03-04', 1],
        ['2026-03-05', 1],
      ]);
      // R2 at 22:00Z is 01:00 the next day in Riyadh.
      const riyadh = (await levels(admin, { groupBy: 'day', timeZone: 'Asia/Riyadh' })).body.rows;
      expect(riyadh.map((r: { key: string; lines: number }) => [r.key, r.lines])).toEqual([
        ['2026-03-02', 2],
        ['2026-03-03', 2],
        ['2026-03-04', 2],
        ['2026-03-05', 1],
      ]);
      expect(riyadh[0]).toMatchObject({ name: '2026-03-02', completeP50Minutes: 60 }); // 30 and 90
    });

    it('applies the hotel and department filters and the period', async () => {
      const mt = await levels(admin, { groupBy: 'hotel', departmentId: fx.departments.maintenance });
      expect(mt.body.total).toMatchObject({ lines: 2, completed: 1, rejected: 1 });
      const b = await levels(admin, { groupBy: 'department', hotelId: fx.hotelB.id });
      expect(b.body.total).toMatchObject({ lines: 1, averageRating: 6 });
      // February holds only R0.
      const feb = await levels(admin, { groupBy: 'department', from: '2026-02-01T00:00:00Z', to: FROM });
      expect(feb.body.total).toMatchObject({ lines: 1, completed: 1, acknowledgeP50Minutes: 10, completeP50Minutes: 20, averageRating: 1 });
      expect(feb.body.ratingDistribution).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      const empty = await levels(admin, { groupBy: 'day', from: '2025-01-01T00:00:00Z', to: '2025-01-02T00:00:00Z' });
      expect(empty.body).toEqual({
        rows: [],
        total: expect.objectContaining({ lines: 0, completed: 0, acknowledgeP50Minutes: null, averageRating: null, ratings: 0 }),
        ratingDistribution: Array(10).fill(0),
        recovery: { followUps: 0, recovered: 0 },
      });
    });

    it("counts only the caller's hotels and departments", async () => {
      const hk = await levels(housekeeperA, { groupBy: 'department' });
      expect(hk.status).toBe(200);
      expect(hk.body.rows.map((r: { key: string }) => r.key)).toEqual([String(fx.departments.housekeeping)]);
      expect(hk.body.total).toMatchObject({ lines: 4, completed: 3, averageRating: 7.33, ratings: 3 });
      const b = await levels(clerkB, { groupBy: 'hotel' });
      expect(b.body.rows.map((r: { key: string }) => r.key)).toEqual([String(fx.hotelB.id)]);
      // Asking for another hotel's figures is no way around the scope.
      expect((await levels(clerkB, { groupBy: 'hotel', hotelId: fx.hotelA.id })).body.total.lines).toBe(0);
    });

    it('refuses a backwards or too long period, an unknown zone or grouping, no claim and no token', async () => {
      const backwards = await levels(admin, { from: TO, to: FROM }, 'ar');
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual([{ field: 'to', message: 'يجب أن تكون نهاية الفترة بعد بدايتها' }]);
      const long = await levels(admin, { from: '2024-01-01T00:00:00Z' });
      expect(long.status).toBe(400);
      expect(long.body.errors[0].message).toBe('A report covers at most 367 days');
      expect((await levels(admin, { timeZone: 'Mars/Olympus' })).status).toBe(400);
      expect((await levels(admin, { timeZone: "UTC'; drop table requests; --" })).status).toBe(400);
      expect((await levels(admin, { groupBy: 'guest' })).status).toBe(400);
      expect((await levels(admin, { from: 'last week' })).status).toBe(400);
      expect((await levels(noReports, {})).status).toBe(403);
      expect((await t.api.call(endpoints.serviceLevels, { query: { from: FROM, to: TO } })).status).toBe(401);
    });
  });

  describe('GET /api/Reports/RoomHistory', () => {
    it('lists every request of the room newest first, flagging the third towels within 30 days', async () => {
      const res = await t.api.call(endpoints.roomHistory, { token: admin, query: { roomId: fx.hotelA.roomIds[0] } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ roomId: fx.hotelA.roomIds[0], roomNumber: '101', hotelName: fx.hotelA.name, repeatFaults: [] });
      expect(res.body.requests.map((r: { id: string }) => r.id)).toEqual([ids.R4.id, ids.R2.id, ids.R1.id, ids.R0.id]);
      const [r4, r2, r1, r0] = res.body.requests;
      expect(r1).toMatchObject({ rating: 8, review: expect.stringMatching(/^Review of /), statusName: 'Completed' });
      expect(r1.lines).toEqual([
        expect.objectContaining({
          id: ids.R1.lines[0],
          serviceName: 'Extra towels',
          workerName: expect.stringMatching(/^Huda /),
          statusName: 'Completed',
          createdAt: '2026-03-02T08:00:00.000Z',
          acknowledgedAt: '2026-03-02T08:10:00.000Z',
          completedAt: '2026-03-02T08:30:00.000Z',
          rejectedAt: null,
          repeatFault: false, // R0, R1: two towels
        }),
        expect.objectContaining({ id: ids.R1.lines[1], serviceName: 'AC repair', repeatFault: false }),
      ]);
      expect(r2.lines[0].repeatFault).toBe(true); // R0 (02-20), R1, R2 within 30 days
      expect(r4.lines[0]).toMatchObject({ repeatFault: true, statusName: 'Open', acknowledgedAt: null });
      expect(r0.lines[0].repeatFault).toBe(false);
    });

    it('names the services asked for three times in the last 30 days', async () => {
      const db = t.server.app.ctx.database.db;
      const a102 = fx.hotelA.roomIds[1];
      const u = fx.hotelA.name.slice(-6);
      for (const daysAgo of [20, 10, 1]) {
        const created = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
        await seedRequest(db, `RPT-${u}-R${daysAgo}`, { hotelId: fx.hotelA.id, roomId: a102, created, status: 'Open' }, [{ service: fx.services.repair, department: fx.departments.maintenance }]);
      }
      const res = await t.api.call(endpoints.roomHistory, { token: admin, lang: 'ar', query: { roomId: a102 } });
      expect(res.body.repeatFaults).toEqual([{ serviceId: fx.services.repair, serviceName: 'إصلاح التكييف', count: 3, lastAt: res.body.requests[0].createdAt }]);
      expect(res.body.requests.map((r: { lines: { repeatFault: boolean }[] }) => r.lines[0].repeatFault)).toEqual([true, false, false, false]);
    });

    it("answers 404 for another hotel's room or no room, 403 without the claim", async () => {
      const other = await t.api.call(endpoints.roomHistory, { token: clerkB, query: { roomId: fx.hotelA.roomIds[0] } });
      expect(other.status).toBe(404);
      expect((await t.api.call(endpoints.roomHistory, { token: admin, query: { roomId: 2_000_000_000 } })).status).toBe(404);
      expect((await t.api.call(endpoints.roomHistory, { token: admin, query: { roomId: 'abc' } })).status).toBe(400);
      const noClaim = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { claims: ['Basic Data.Room.View'], hotelIds: [fx.hotelA.id] }));
      expect((await t.api.call(endpoints.roomHistory, { token: noClaim, query: { roomId: fx.hotelA.roomIds[0] } })).status).toBe(403);
    });
  });

  describe('GET /api/Reports/GuestFeedback', () => {
    const feedback = (token: string, query: Record<string, string | number> = {}) =>
      t.api.call(endpoints.guestFeedback, { token, query: { from: FROM, to: TO, ...query } });

    it('lists the reviews of the period newest first, with hotel, room and departments', async () => {
      const res = await feedback(admin);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { requestId: string }) => r.requestId)).toEqual([ids.R4.id, ids.R5.id, ids.R2.id, ids.R1.id]);
      expect(res.body[3]).toEqual({
        requestId: ids.R1.id,
        requestCode: expect.stringMatching(/^RPT-/),
        rating: 8,
        review: expect.stringMatching(/^Review of /),
        reviewedAt: '2026-03-02T12:00:00.000Z',
        hotelName: fx.hotelA.name,
        roomId: fx.hotelA.roomIds[0],
        roomNumber: '101',
        departments: [expect.stringMatching(/^Housekeeping /), expect.stringMatching(/^Maintenance /)],
        custName: expect.any(String),
        services: expect.any(Array),
        // Rated 8: above the default threshold, no service-recovery follow-up.
        followUp: null,
      });
    });

    it('filters by rating range and hotel, within the scope', async () => {
      const mid = await feedback(admin, { minRating: 5, maxRating: 8 });
      expect(mid.body.map((r: { rating: number }) => r.rating)).toEqual([6, 8]);
      expect((await feedback(admin, { hotelId: fx.hotelB.id })).body.map((r: { requestId: string }) => r.requestId)).toEqual([ids.R5.id]);
      expect((await feedback(clerkB)).body.map((r: { requestId: string }) => r.requestId)).toEqual([ids.R5.id]);
      const bad = await feedback(admin, { minRating: 9, maxRating: 2 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('maxRating');
      expect((await feedback(admin, { minRating: 11 })).status).toBe(400);
      expect((await feedback(noReports)).status).toBe(403);
    });
  });
});
