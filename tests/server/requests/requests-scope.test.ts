import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { requestLines } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe('staff see and change only what is in their scope', () => {
  let t: TestServer;
  let fx: Fixture;
  let hotelAClerk: string;
  let housekeeper: string;
  let admin: string;
  let inB: { id: string; lineId: number };
  let inA: { id: string; towels: number; repair: number; special: number };

  const submit = async (body: object) => {
    const res = await t.api.call(endpoints.addRequest, { body });
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
    return { id: res.body.id as string, lines: view.body.requestDetails as { id: number }[] };
  };
  const ids = (rows: { id: unknown }[]) => rows.map((r) => r.id);

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    const tokens = t.server.app.ctx.tokens;
    fx = await seedFixture(db);
    const allDepartments = [fx.departments.housekeeping, fx.departments.maintenance];
    hotelAClerk = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: allDepartments }));
    housekeeper = await tokenFor(
      tokens,
      await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }),
    );
    admin = await tokenFor(tokens, await createStaffUser(db, { isAdmin: true }));
    const b = await submit(guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0], custName: 'Guest of B' }));
    inB = { id: b.id, lineId: b.lines[0].id };
    const a = await submit(guestRequest(fx, [fx.services.towels, fx.services.repair, fx.services.special]));
    inA = { id: a.id, towels: a.lines[0].id, repair: a.lines[1].id, special: a.lines[2].id };
  });
  afterAll(() => t.cleanup());

  it('a clerk of hotel A does not see hotel B in the lists', async () => {
    const requests = await t.api.call(endpoints.allRequests, { token: hotelAClerk });
    expect(requests.status).toBe(200);
    expect(ids(requests.body)).toEqual([inA.id]);
    const lines = await t.api.call(endpoints.allServicesRequest, { token: hotelAClerk });
    expect(ids(lines.body).sort()).toEqual([inA.towels, inA.repair, inA.special].sort());
    // Asking for hotel B explicitly does not widen the scope.
    const filtered = await t.api.call(endpoints.allRequests, { token: hotelAClerk, query: { hotelId: fx.hotelB.id } });
    expect(filtered.body).toEqual([]);
  });

  it('a clerk of hotel A gets 404 for hotel B\'s request and line, and cannot change it', async () => {
    for (const res of [
      await t.api.call(endpoints.requestDetails, { token: hotelAClerk, params: { id: inB.id } }),
      await t.api.call(endpoints.serviceDetails, { token: hotelAClerk, params: { id: inB.lineId } }),
      await t.api.call(endpoints.serviceAssignmentDetails, { token: hotelAClerk, params: { id: inB.lineId } }),
    ])
      expect(res.status).toBe(404);
    const reject = await t.api.call(endpoints.updateServiceRequestStatus, {
      token: hotelAClerk,
      body: { requestDetailsId: inB.lineId, status: 'Rejected', note: 'not mine' },
    });
    expect(reject.status).toBe(404);
    expect(reject.body.message).toBe('This service request was not found');
    const [row] = await t.server.app.ctx.database.db.select().from(requestLines).where(eq(requestLines.id, inB.lineId));
    expect(row).toMatchObject({ status: 'Open', reply: null, rejectedBy: null });
  });

  it('a housekeeper sees the lines of housekeeping and those still waiting for a department, not maintenance', async () => {
    const lines = await t.api.call(endpoints.allServicesRequest, { token: housekeeper });
    expect(ids(lines.body).sort()).toEqual([inA.towels, inA.special].sort());
    expect((await t.api.call(endpoints.serviceDetails, { token: housekeeper, params: { id: inA.repair } })).status).toBe(404);
    const complete = await t.api.call(endpoints.updateServiceRequestStatus, {
      token: housekeeper,
      body: { requestDetailsId: inA.repair, status: 'Rejected', note: 'x' },
    });
    expect(complete.status).toBe(404);
    // The request itself is of their hotel, so they may open it.
    expect((await t.api.call(endpoints.requestDetails, { token: housekeeper, params: { id: inA.id } })).status).toBe(200);
  });

  it('an admin sees every hotel', async () => {
    const requests = await t.api.call(endpoints.allRequests, { token: admin });
    expect(ids(requests.body).sort()).toEqual([inA.id, inB.id].sort());
    expect((await t.api.call(endpoints.serviceDetails, { token: admin, params: { id: inB.lineId } })).status).toBe(200);
  });
});
