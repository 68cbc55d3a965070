import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, submitGuestRequest, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/*
 * The staff lists' statements are built once per shape (filters present, sort, language) and
 * run with each call's values. Calls of the same shape by different users, and of shapes that
 * differ only in what the text says, must each get their own answer.
 */
describe('calls of one list shape by different users and values', () => {
  let t: TestServer;
  let fx: Fixture;
  let clerkA: string;
  let clerkB: string;
  let housekeeperA: string;
  let inA: { id: string; towels: number; repair: number };
  let inB: { id: string; towels: number };

  const submit = (body: object) => submitGuestRequest(t.api, body);
  const page = { page: 0, pageSize: 20 };
  const ids = (rows: { id: unknown }[]) => rows.map((r) => r.id).sort();

  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    const tokens = t.server.app.ctx.tokens;
    fx = await seedFixture(db);
    const both = [fx.departments.housekeeping, fx.departments.maintenance];
    clerkA = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: both }));
    clerkB = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelB.id], departmentIds: both }));
    housekeeperA = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    const a = await submit(guestRequest(fx, [fx.services.towels, fx.services.repair], { custName: 'Guest 4242 of A' }));
    inA = { id: a.id, towels: a.lines[0], repair: a.lines[1] };
    const b = await submit(guestRequest(fx, [fx.services.towels], { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0], custName: 'Guest 4243 of B' }));
    inB = { id: b.id, towels: b.lines[0] };
  });
  afterAll(() => t.cleanup());

  it('each user sees their own hotels and departments, whoever asked the same page before', async () => {
    for (let round = 0; round < 2; round++) {
      expect(ids((await t.api.call(endpoints.allServicesRequest, { token: clerkA, query: page })).body)).toEqual([inA.towels, inA.repair].sort());
      expect(ids((await t.api.call(endpoints.allServicesRequest, { token: clerkB, query: page })).body)).toEqual([inB.towels]);
      expect(ids((await t.api.call(endpoints.allServicesRequest, { token: housekeeperA, query: page })).body)).toEqual([inA.towels]);
      expect(ids((await t.api.call(endpoints.allRequests, { token: clerkA, query: page })).body)).toEqual([inA.id]);
      expect(ids((await t.api.call(endpoints.allRequests, { token: clerkB, query: page })).body)).toEqual([inB.id]);
    }
    // "My queue" reads the caller's own departments.
    const mine = (token: string) => t.api.call(endpoints.allServicesRequest, { token, query: { ...page, mine: 'true' } });
    expect(ids((await mine(clerkA)).body)).toEqual([inA.towels, inA.repair].sort());
    expect(ids((await mine(housekeeperA)).body)).toEqual([inA.towels]);
  });

  it('the same filters with other values, and the two languages, each get their own answer', async () => {
    const admin = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { isAdmin: true }));
    const lines = (query: Record<string, unknown>) => t.api.call(endpoints.allServicesRequest, { token: admin, query: { ...page, ...query } });
    expect(ids((await lines({ hotelId: fx.hotelA.id })).body)).toEqual([inA.towels, inA.repair].sort());
    expect(ids((await lines({ hotelId: fx.hotelB.id })).body)).toEqual([inB.towels]);
    expect(ids((await lines({ search: 'Guest 4242' })).body)).toEqual([inA.towels, inA.repair].sort());
    expect(ids((await lines({ search: 'Guest 4243' })).body)).toEqual([inB.towels]);
    expect(ids((await lines({ search: 'of B' })).body)).toEqual([inB.towels]);
    const english = (await lines({ hotelId: fx.hotelB.id, lang: 'en' })).body[0].serviceName;
    const arabic = (await lines({ hotelId: fx.hotelB.id, lang: 'ar' })).body[0].serviceName;
    expect(english).not.toBe(arabic);
    expect(arabic).toMatch(/\p{Script=Arabic}/u);
    expect((await t.api.call(endpoints.allServicesRequest, { token: admin, query: { ...page, hotelId: fx.hotelA.id, pageSize: 1 } })).headers.get('x-total-count')).toBe('2');
  });

  it('Guests Requests "open" lists a request while any of its lines is left to do, and not once all are closed', async () => {
    const admin = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(t.server.app.ctx.database.db, { isAdmin: true }));
    const open = async () => ids((await t.api.call(endpoints.allRequests, { token: admin, query: { ...page, open: 'true' } })).body);
    const update = (body: object) => t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { note: '', ...body } });
    const close = (line: number, status: 'Completed' | 'Rejected') => update({ requestDetailsId: line, status, note: 'Done' });
    expect(await open()).toEqual([inA.id, inB.id].sort());
    expect((await update({ requestDetailsId: inA.towels, status: 'Assigned', workerId: fx.workers.housekeeper })).status).toBe(200);
    expect(await open()).toEqual([inA.id, inB.id].sort());
    expect((await close(inA.towels, 'Completed')).status).toBe(200);
    expect(await open()).toEqual([inA.id, inB.id].sort());
    expect((await close(inA.repair, 'Rejected')).status).toBe(200);
    expect((await close(inB.towels, 'Rejected')).status).toBe(200);
    expect(await open()).toEqual([]);
  });
});
