import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { endpoints } from '@shared';
import { rowsOf } from '../../../server/src/db/client';
import { lineEscalations } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe('a guest request, from the phone to the review', () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  let clerkName: string;
  beforeAll(async () => {
    t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const clerk = await createStaffUser(db, {
      claims: SERVICE_CLAIMS,
      hotelIds: [fx.hotelA.id],
      departmentIds: [fx.departments.housekeeping, fx.departments.maintenance],
      firstName: 'Mona',
      lastName: 'Clerk',
    });
    clerkName = clerk.name;
    token = await tokenFor(t.server.app.ctx.tokens, clerk);
  });
  afterAll(() => t.cleanup());

  const guestView = async (id: string) => (await t.api.call(endpoints.userRequestDetails, { params: { id } })).body;
  const update = (body: object) => t.api.call(endpoints.updateServiceRequestStatus, { token, body });

  it('is handled line by line, the guest follows every step, and reviews it once', async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special, fx.services.towels]) });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Request submitted successfully!');
    const id: string = added.body.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    let view = await guestView(id);
    expect(view.requestCode).toMatch(/^RQ-\d{6}$/);
    expect(view.statusName).toBe('Open');
    expect(view.hotelName).toBe(fx.hotelA.name);
    expect(view.roomNumber).toBe('101');
    const [special, towels] = view.requestDetails;
    expect(special).toMatchObject({ serviceName: 'Special Request', statusName: 'Open', isSpecial: true, departmentId: null, reply: null });
    expect(towels).toMatchObject({ serviceName: 'Extra towels', statusName: 'Open', departmentId: fx.departments.housekeeping });

    // The special line goes to a department first; the request is still Open.
    const toDept = await t.api.call(endpoints.assignServiceToDepartment, {
      token,
      body: { requestDetailsId: special.id, departmentId: fx.departments.maintenance },
    });
    expect(toDept.status).toBe(200);
    expect(toDept.body.message).toBe('Assigned Successfully');
    view = await guestView(id);
    expect(view.statusName).toBe('Open');
    expect(view.requestDetails[0].specialRequest_DepartmentId).toBe(fx.departments.maintenance);

    // Workers offered for the line: its department's and those of none.
    const details = await t.api.call(endpoints.serviceDetails, { token, params: { id: special.id } });
    expect(details.status).toBe(200);
    expect(details.body.availableWorkers.map((w: { id: number }) => w.id).sort()).toEqual(
      [fx.workers.technician, fx.workers.floater].sort(),
    );
    expect(details.body.availableDepartments.map((d: { id: number }) => d.id)).toContain(fx.departments.housekeeping);

    const assigned = await update({ requestDetailsId: special.id, status: 'Assigned', workerId: fx.workers.technician, note: '' });
    expect(assigned.status).toBe(200);
    view = await guestView(id);
    expect(view.statusName).toBe('In Progress');
    expect(view.requestDetails[0]).toMatchObject({ statusName: 'Assigned', workerId: fx.workers.technician });

    const completed = await update({ requestDetailsId: special.id, status: 'Completed', note: 'Your adapter is on the desk' });
    expect(completed.body.message).toBe('Service Completed');
    view = await guestView(id);
    expect(view.statusName).toBe('In Progress');

    const rejected = await update({ requestDetailsId: towels.id, status: 'Rejected', note: 'Towels are being washed' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe('Request Rejected');

    view = await guestView(id);
    expect(view.statusName).toBe('Completed');
    expect(view.requestDetails.map((l: { statusName: string; reply: string }) => [l.statusName, l.reply])).toEqual([
      ['Completed', 'Your adapter is on the desk'],
      // The reject reason is internal: without a guest message the guest reads no reply.
      ['Rejected', null],
    ]);

    // Who did what and when.
    const history = await t.api.call(endpoints.serviceAssignmentDetails, { token, params: { id: special.id } });
    expect(history.body).toMatchObject({
      user_AssignedToDepartment: clerkName,
      user_Assigned: clerkName,
      user_Completed: clerkName,
      user_Rejected: null,
      rejected_Date: null,
      workerName: expect.stringContaining('Tariq'),
    });
    expect(Date.parse(history.body.completed_Date)).toBeGreaterThanOrEqual(Date.parse(history.body.assigned_Date));
    const towelHistory = await t.api.call(endpoints.serviceAssignmentDetails, { token, params: { id: towels.id } });
    expect(towelHistory.body).toMatchObject({ user_Rejected: clerkName, rejectReason: 'Towels are being washed', user_Assigned: null });

    const review = await t.api.call(endpoints.addReview, { body: { id, feedback: 'Quick and kind', rating: 9 } });
    expect(review.status).toBe(200);
    expect(review.body.message).toBe('Your Review Added Successfully');
    view = await guestView(id);
    expect(view).toMatchObject({ review: 'Quick and kind', rating: 9 });

    const again = await t.api.call(endpoints.addReview, { body: { id, feedback: 'Changed my mind', rating: 2 }, lang: 'ar' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('تم تقييم هذا الطلب من قبل');
    expect(await guestView(id)).toMatchObject({ review: 'Quick and kind', rating: 9 });
  });

  it('answers the guest in Arabic and gives every request its own increasing code', async () => {
    const first = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]), lang: 'ar' });
    expect(first.body.message).toBe('تم إرسال الطلب بنجاح!');
    const second = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair]) });
    const [a, b] = [await guestView(first.body.id), await guestView(second.body.id)];
    expect(Number(b.requestCode.slice(3))).toBeGreaterThan(Number(a.requestCode.slice(3)));
    // Lookup names follow the language.
    const ar = (await t.api.call(endpoints.userRequestDetails, { params: { id: first.body.id }, lang: 'ar' })).body;
    expect(ar.requestDetails[0].serviceName).toBe('مناشف إضافية');
  });

  it('codes a request RQ- and six digits, and keeps counting past them', async () => {
    const db = t.server.app.ctx.database.db;
    const codeAfter = async (seq: number) => {
      await db.execute(sql`select setval(pg_get_serial_sequence('requests', 'seq'), ${seq})`);
      const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair]) });
      expect(added.status).toBe(200);
      return (await guestView(added.body.id)).requestCode;
    };
    expect(await codeAfter(122)).toBe('RQ-000123');
    expect(await codeAfter(999_999)).toBe('RQ-1000000');
    expect(await codeAfter(1_234_566)).toBe('RQ-1234567');
  });

  it('stores the lines in the order the guest chose them, each with its own clock', async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair, fx.services.special, fx.services.towels]) });
    expect(added.status).toBe(200);
    const view = await guestView(added.body.id);
    expect(view.requestDetails.map((l: { serviceName: string }) => l.serviceName)).toEqual(['AC repair', 'Special Request', 'Extra towels']);
    const rows = rowsOf<{ service_id: number; clock_started_at: Date | null; created_at: Date }>(
      await t.server.app.ctx.database.db.execute(sql`select service_id, clock_started_at, created_at from request_lines where request_id = ${added.body.id} order by id`),
    );
    expect(rows.map((r) => r.service_id)).toEqual([fx.services.repair, fx.services.special, fx.services.towels]);
    // Every line's clock starts when the guest sends, a Special Request's too (it must not sit unseen).
    expect(rows.map((r) => r.clock_started_at === null)).toEqual([false, false, false]);
  });

  it('shows staff the request with its lines and the departments to choose from', async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.repair]) });
    const res = await t.api.call(endpoints.requestDetails, { token, params: { id: added.body.id } });
    expect(res.status).toBe(200);
    expect(res.body.requestDetails).toMatchObject({ id: added.body.id, statusName: 'Open', custName: 'Layla Hassan' });
    expect(res.body.requestDetails.requestDetails).toHaveLength(1);
    expect(res.body.availableDepartments.length).toBeGreaterThanOrEqual(2);
  });

  it('writes every step into the status history, with who and when: received, acknowledged, worker, replies (not their text), escalations, rejected', async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const [line] = (await guestView(added.body.id)).requestDetails;
    expect((await t.api.call(endpoints.acknowledgeService, { token, body: { id: line.id } })).status).toBe(200);
    const reply = await t.api.call(endpoints.addServiceMessage, { token, body: { requestDetailsId: line.id, kind: 'reply', text: 'Coming up shortly' } });
    expect(reply.status).toBe(200);
    expect((await t.api.call(endpoints.addServiceMessage, { token, body: { requestDetailsId: line.id, kind: 'note', text: 'internal only' } })).status).toBe(200);
    expect((await update({ requestDetailsId: line.id, status: 'Assigned', workerId: fx.workers.housekeeper, note: 'Huda is on her way' })).status).toBe(200);
    const escalatedAt = new Date();
    await t.server.app.ctx.database.db.insert(lineEscalations).values({ lineId: line.id, kind: 'complete', dueAt: escalatedAt, escalatedAt, mailedTo: 2, nextMailAt: null });
    expect((await update({ requestDetailsId: line.id, status: 'Rejected', note: 'Laundry is closed' })).status).toBe(200);

    const history = (await t.api.call(endpoints.serviceAssignmentDetails, { token, params: { id: line.id } })).body;
    expect(history).toMatchObject({
      user_Acknowledged: clerkName,
      acknowledged_Date: expect.any(String),
      user_Assigned: clerkName,
      user_Rejected: clerkName,
      rejectReason: 'Laundry is closed',
      replies: [
        { by: clerkName, at: expect.any(String) },
        { by: clerkName, at: expect.any(String) },
      ],
      escalations: [{ kind: 'complete', at: escalatedAt.toISOString(), mailedTo: 2 }],
    });
    // Who and when only: the replies' text is in the thread, a note is not a reply.
    expect(JSON.stringify(history.replies)).not.toContain('Coming up');
    expect(history.replies).toHaveLength(2);
  });
});
