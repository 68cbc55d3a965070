import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { requestLines } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, submitGuestRequest, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe("Home figures (GET /api/Dashboard/GetTodayFigures)", () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let clerkA: string;
  let housekeeperA: string;
  let clerkB: string;
  let noClaim: string;
  let requestA: { id: string; towels: number; repair: number };

  const submit = (body: object) => submitGuestRequest(t.api, body);
  const figures = (token: string, query: Record<string, string> = {}) => t.api.call(endpoints.homeFigures, { token, query });

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    const tokens = t.server.app.ctx.tokens;
    fx = await seedFixture(db);
    const both = [fx.departments.housekeeping, fx.departments.maintenance];
    admin = await tokenFor(tokens, await createStaffUser(db, { isAdmin: true }));
    clerkA = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: both }));
    housekeeperA = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    clerkB = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelB.id], departmentIds: both }));
    noClaim = await tokenFor(tokens, await createStaffUser(db, { claims: ['Basic Data.Company.View'], hotelIds: [fx.hotelA.id] }));

    const a = await submit(guestRequest(fx, [fx.services.towels, fx.services.repair]));
    requestA = { id: a.id, towels: a.lines[0], repair: a.lines[1] };
    await submit(guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }));

    // Towels in hotel A: assigned, then completed with a reply; the guest then rates the request once it is closed.
    const step = (body: object) => t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body });
    expect((await step({ requestDetailsId: requestA.towels, status: 'Assigned', workerId: fx.workers.housekeeper })).status).toBe(200);
    expect((await step({ requestDetailsId: requestA.towels, status: 'Completed', note: 'On the way' })).status).toBe(200);
    expect((await step({ requestDetailsId: requestA.repair, status: 'Rejected', note: 'No technician tonight' })).status).toBe(200);
    expect((await t.api.call(endpoints.addReview, { body: { id: requestA.id, rating: 8, feedback: 'Quick' } })).status).toBe(200);
  });
  afterAll(() => t.cleanup());

  it("counts only the caller's hotels and departments", async () => {
    const a = await figures(clerkA);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ openLines: 0, completedToday: 1, avgRating: 8, reviewsToday: 1 });
    expect(a.body.avgCompleteMinutes).toBeGreaterThanOrEqual(0);

    const b = await figures(clerkB);
    expect(b.body).toMatchObject({ openLines: 1, completedToday: 0, avgCompleteMinutes: null, avgRating: null, reviewsToday: 0 });
    expect(b.body.waitingLongest).toHaveLength(1);
    expect(b.body.waitingLongest[0]).toMatchObject({ serviceName: 'Extra towels', roomNumber: '101', statusName: 'Open' });

    const everything = await figures(admin);
    expect(everything.body).toMatchObject({ openLines: 1, completedToday: 1 });
  });

  it('lists the lines waiting longest first, in the caller language', async () => {
    const db = t.server.app.ctx.database.db;
    const fresh = await submit(guestRequest(fx, [fx.services.repair, fx.services.towels]));
    // The repair line has been waiting since yesterday.
    await db.update(requestLines).set({ createdAt: new Date(Date.now() - 26 * 3600_000) }).where(eq(requestLines.id, fresh.lines[0]));
    const ar = await t.api.call(endpoints.homeFigures, { token: clerkA, lang: 'ar' });
    expect(ar.body.openLines).toBe(2);
    expect(ar.body.waitingLongest.map((w: { id: number }) => w.id)).toEqual([fresh.lines[0], fresh.lines[1]]);
    expect(ar.body.waitingLongest[0].serviceName).toBe('إصلاح التكييف');
    // A housekeeper does not see the maintenance line.
    const hk = await figures(housekeeperA);
    expect(hk.body.waitingLongest.map((w: { id: number }) => w.id)).toEqual([fresh.lines[1]]);
  });

  it('"Open lines" is what the service list shows with open=true: Open and Assigned lines of the caller\'s scope (the home link)', async () => {
    const fresh = await submit(guestRequest(fx, [fx.services.towels, fx.services.repair]));
    const assigned = await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: fresh.lines[0], status: 'Assigned', workerId: fx.workers.housekeeper } });
    expect(assigned.status).toBe(200);
    for (const token of [admin, clerkA, housekeeperA, clerkB]) {
      const { openLines } = (await figures(token)).body;
      const list = await t.api.call(endpoints.allServicesRequest, { token, query: { open: 'true', page: 0, pageSize: 50 } });
      expect(list.status).toBe(200);
      const rows = list.body as { id: number; statusName: string }[];
      expect(rows).toHaveLength(openLines);
      expect(list.headers.get('x-total-count')).toBe(String(openLines));
      for (const row of rows) expect(['Open', 'Assigned']).toContain(row.statusName);
    }
    // The Assigned line is among them (status=Open alone would have left it out).
    const mine = (await t.api.call(endpoints.allServicesRequest, { token: clerkA, query: { open: 'true', page: 0, pageSize: 50 } })).body as { id: number; statusName: string }[];
    expect(mine.find((r) => r.id === fresh.lines[0])?.statusName).toBe('Assigned');
    expect(mine.some((r) => r.statusName === 'Completed' || r.statusName === 'Rejected')).toBe(false);
    // Requests too: only those with a line still to do.
    const requests = (await t.api.call(endpoints.allRequests, { token: clerkA, query: { open: 'true', page: 0, pageSize: 50 } })).body as { id: string }[];
    expect(requests.map((r) => r.id)).toContain(fresh.id);
    expect(requests.map((r) => r.id)).not.toContain(requestA.id);
    // A bad value is refused, not ignored.
    expect((await t.api.call(endpoints.allServicesRequest, { token: clerkA, query: { open: 'yes' } })).status).toBe(400);
  });

  it('takes the start of the caller\'s day and ignores one that is not today', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await figures(clerkA, { since: future })).body.completedToday).toBe(1);
    // Only completions after "half a second ago", asked a second after the last one: none.
    t.clock.advance(1100);
    const justNow = new Date(t.clock.now().getTime() - 500).toISOString();
    expect((await figures(clerkA, { since: justNow })).body).toMatchObject({ completedToday: 0, reviewsToday: 0, avgRating: null });
  });

  it('refuses a malformed since, a caller without the claim, and no token', async () => {
    const bad = await t.api.call(endpoints.homeFigures, { token: clerkA, query: { since: 'yesterday' }, lang: 'ar' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe('string');
    expect((await figures(noClaim)).status).toBe(403);
    expect((await t.api.call(endpoints.homeFigures, {})).status).toBe(401);
  });
});
