import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { requestLines, requests } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe('every broken rule is a 4xx with a message, and changes nothing', () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  let noReject: string;
  let noAssign: string;
  const db = () => t.server.app.ctx.database.db;
  const requestCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(requests))[0].n;
  const lineRow = async (id: number) => (await db().select().from(requestLines).where(eq(requestLines.id, id)))[0];
  const submit = async (serviceIds: number[]) => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, serviceIds) });
    expect(res.status).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } });
    return { id: res.body.id as string, lines: view.body.requestDetails as { id: number }[] };
  };
  const update = (body: object, as = token, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.updateServiceRequestStatus, { token: as, body: { note: '', ...body }, lang });

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    const tokens = t.server.app.ctx.tokens;
    token = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));
    noReject = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS.filter((c) => !c.endsWith('.Reject')), ...scope }));
    noAssign = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS.filter((c) => !c.endsWith('.Assign')), ...scope }));
  });
  afterAll(() => t.cleanup());

  it('refuses a request whose hotel, room or services do not fit, naming the field', async () => {
    const before = await requestCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ roomId: fx.hotelB.roomIds[0] }, 'roomId', 'This room does not belong to the chosen hotel'],
      [{ hotelId: 999_999 }, 'hotelId', 'This hotel does not exist'],
      [{ services: [{ serviceId: fx.services.towels, note: '' }, { serviceId: 999_999, note: '' }] }, 'services.1.serviceId', 'This service does not exist'],
      [{ services: [] }, 'services', 'Choose at least 1'],
      [{ custPhone: 'call me maybe' }, 'custPhone', 'Enter a valid phone number'],
      [{ custEmail: 'layla.example.com' }, 'custEmail', 'Must Enter Valid Email'],
      [{ custName: '   ' }, 'custName', 'This field is required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], over) });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe('Some fields are not valid');
      expect(res.body.errors).toContainEqual({ field, message });
    }
    const ar = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { hotelId: 999_999 }), lang: 'ar' });
    expect(ar.body.errors).toContainEqual({ field: 'hotelId', message: 'هذا الفندق غير موجود' });
    expect(await requestCount()).toBe(before);
  });

  it('answers 404, never 500, for a guest link that names no request', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const res = await t.api.call(endpoints.userRequestDetails, { params: { id } });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('This request was not found');
      const review = await t.api.call(endpoints.addReview, { body: { id, feedback: '', rating: 5 } });
      expect(review.status).toBe(404);
      expect((await t.api.call(endpoints.guestEvents, { params: { id } })).status).toBe(404);
    }
  });

  it('takes a review only once the request is Completed, with a whole rating from 1 to 10', async () => {
    const { id } = await submit([fx.services.towels]);
    const early = await t.api.call(endpoints.addReview, { body: { id, feedback: 'too soon', rating: 8 } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('You can review the request once it is Completed');
    for (const rating of [0, 11, 9.5]) {
      const res = await t.api.call(endpoints.addReview, { body: { id, feedback: '', rating } });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.errors[0].field).toBe('rating');
    }
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id } });
    expect(view.body).toMatchObject({ review: null, rating: null });
  });

  it('holds the workflow order of SPEC §4', async () => {
    const { lines } = await submit([fx.services.special, fx.services.towels]);
    const [special, towels] = lines.map((l) => l.id);
    const refused = async (call: () => ReturnType<typeof update>, status: number, message: string, lineId: number) => {
      const before = await lineRow(lineId);
      const res = await call();
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(await lineRow(lineId)).toEqual(before);
    };
    // A special line needs its department before a worker, and cannot be completed yet.
    await refused(() => update({ requestDetailsId: special, status: 'Assigned', workerId: fx.workers.floater }), 409, 'Assign this Special Request to a department first', special);
    await refused(() => update({ requestDetailsId: special, status: 'Completed' }), 409, 'Assign this Special Request to a department first', special);
    // Only a special line is handed to a department.
    const toDept = (requestDetailsId: number, departmentId: number, as = token) =>
      t.api.call(endpoints.assignServiceToDepartment, { token: as, body: { requestDetailsId, departmentId } });
    await refused(() => toDept(towels, fx.departments.maintenance), 409, 'Only a Special Request is assigned to a department; this service already has one', towels);
    await refused(() => toDept(special, 999_999), 400, 'Please select a department', special);
    // A worker must be chosen, and be one of the line's department (or of none).
    await refused(() => update({ requestDetailsId: towels, status: 'Assigned' }), 400, 'Please select a worker', towels);
    await refused(() => update({ requestDetailsId: towels, status: 'Assigned', workerId: fx.workers.technician }), 400, 'This worker does not work in the department of this service', towels);
    await refused(() => update({ requestDetailsId: towels, status: 'Completed', note: 'done?' }), 409, 'Assign a worker before completing this service', towels);
    // A rejection needs its reason, in either language.
    await refused(() => update({ requestDetailsId: towels, status: 'Rejected', note: '   ' }), 400, 'Please Enter Reason for Cancellation', towels);
    await refused(() => update({ requestDetailsId: towels, status: 'Rejected' }, token, 'ar'), 400, 'يرجى إدخال سبب الإلغاء', towels);

    expect((await toDept(special, fx.departments.housekeeping)).status).toBe(200);
    await refused(() => toDept(special, fx.departments.maintenance), 409, 'This service already has a department', special);
    expect((await update({ requestDetailsId: towels, status: 'Assigned', workerId: fx.workers.housekeeper })).status).toBe(200);
    await refused(() => update({ requestDetailsId: towels, status: 'Assigned', workerId: fx.workers.floater }), 409, 'A worker is already assigned to this service', towels);
    expect((await update({ requestDetailsId: towels, status: 'Completed' })).status).toBe(200);
    // Nothing leaves Completed.
    await refused(() => update({ requestDetailsId: towels, status: 'Rejected', note: 'too late' }), 409, 'This service is already closed and cannot change', towels);
    expect((await update({ requestDetailsId: special, status: 'Rejected', note: 'Not possible' })).status).toBe(200);
    await refused(() => update({ requestDetailsId: special, status: 'Completed' }), 409, 'This service is already closed and cannot change', special);
    await refused(() => update({ requestDetailsId: 999_999, status: 'Completed' }), 404, 'This service request was not found', towels);
  });

  it('checks the claim of each step: 403 without it, and the line stays as it was', async () => {
    const { lines } = await submit([fx.services.special]);
    const lineId = lines[0].id;
    const before = await lineRow(lineId);
    const reject = await update({ requestDetailsId: lineId, status: 'Rejected', note: 'no' }, noReject);
    expect(reject.status).toBe(403);
    expect(reject.body.message).toBe('You do not have permission to do this');
    const toDept = await t.api.call(endpoints.assignServiceToDepartment, {
      token: noAssign,
      body: { requestDetailsId: lineId, departmentId: fx.departments.housekeeping },
    });
    expect(toDept.status).toBe(403);
    expect((await t.api.call(endpoints.allRequests)).status).toBe(401);
    expect(await lineRow(lineId)).toEqual(before);
  });

  it('serves two clerks acting on one line at once one after the other: one wins, the other is refused', async () => {
    const { lines } = await submit([fx.services.towels]);
    const lineId = lines[0].id;
    await update({ requestDetailsId: lineId, status: 'Assigned', workerId: fx.workers.housekeeper });
    const results = await Promise.all([
      update({ requestDetailsId: lineId, status: 'Completed', note: 'Delivered' }),
      update({ requestDetailsId: lineId, status: 'Rejected', note: 'None left' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await lineRow(lineId);
    const winner = results[0].status === 200 ? 'Completed' : 'Rejected';
    expect(row.status).toBe(winner);
    // A completion's note is the guest's reply; a rejection's is its internal reason.
    if (winner === 'Completed') expect(row.reply).toBe('Delivered');
    else {
      expect(row.rejectReason).toBe('None left');
      expect(row.reply).not.toBe('None left');
    }
  });
});

describe('the guest request rate limit', () => {
  let t: TestServer;
  let fx: Fixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '2' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterAll(() => t.cleanup());

  it('answers 429 once an address sent more requests than allowed in ten minutes', async () => {
    const send = () => t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const third = await send();
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Too many attempts, please try again in a few minutes');
  });

  it('counts an IPv6 guest by its /64, and an IPv4-mapped address as the IPv4 one: fresh addresses of one prefix share its budget', async () => {
    // The socket's own address (no proxy is trusted here), as the server would see it listening on ::.
    const send = (remoteAddress: string, roomId = fx.hotelA.roomIds[1], lang = 'en') =>
      t.server.app.inject({ method: 'POST', url: `${pathOf(endpoints.addRequest)}?lang=${lang}`, remoteAddress, payload: guestRequest(fx, [fx.services.towels], { roomId }) });
    const before = (await t.server.app.ctx.database.db.select({ id: requests.id }).from(requests)).length;
    expect((await send('2001:db8:6:1::1')).statusCode).toBe(200);
    expect((await send('2001:db8:6:1:aaaa:bbbb:cccc:dddd')).statusCode).toBe(200);
    const third = await send('2001:0db8:0006:0001::9', fx.hotelA.roomIds[1], 'ar');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('محاولات كثيرة، يرجى المحاولة بعد بضع دقائق');
    expect((await send('2001:db8:6:2::1')).statusCode).toBe(200);
    expect((await send('10.6.0.1', fx.hotelA.roomIds[0])).statusCode).toBe(200);
    expect((await send('::ffff:10.6.0.1', fx.hotelA.roomIds[0])).statusCode).toBe(200);
    expect((await send('::ffff:10.6.0.1', fx.hotelA.roomIds[0])).statusCode).toBe(429);
    expect((await t.server.app.ctx.database.db.select({ id: requests.id }).from(requests)).length).toBe(before + 5);
  });
});
