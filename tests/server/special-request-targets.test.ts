import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, serviceGroups, services } from '../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../support/fixtures';
import { type TestServer, startTestServer } from '../support/test-server';

/** One target minute lasts this long here. */
const MINUTE_MS = 1000;

/** Issue 14.1: a Special Request takes its target once a department is chosen, and the guest then sees the promise. */
describe('Special Request targets', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(db());
    admin = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  it("starts with the hotel's default when neither the service nor its group sets one; the guest's expectedBy appears on assignment", async () => {
    const [special] = await db().select().from(services).where(eq(services.id, fx.services.special));
    await db().update(services).set({ acknowledgeMinutes: null, completeMinutes: null }).where(eq(services.id, special.id));
    await db().update(serviceGroups).set({ acknowledgeMinutes: null, completeMinutes: 50 }).where(eq(serviceGroups.id, special.serviceGroupId));
    await db().update(hotels).set({ acknowledgeMinutes: 4, completeMinutes: 90 }).where(eq(hotels.id, fx.hotelA.id));

    const sent = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    expect(sent.status).toBe(200);
    const guestLine = async () => (await t.api.call(endpoints.userRequestDetails, { params: { id: sent.body.id } })).body.requestDetails[0];
    // Nobody owns it yet: no promise to the guest, no clock for staff.
    expect(await guestLine()).toMatchObject({ expectedBy: null, statusName: 'Open' });
    const [waiting] = (await t.api.call(endpoints.requestDetails, { token: admin, params: { id: sent.body.id } })).body.requestDetails.requestDetails;
    expect(waiting).toMatchObject({ clockStartedAt: null, dueAt: null });

    const assigned = await t.api.call(endpoints.assignServiceToDepartment, { token: admin, body: { requestDetailsId: waiting.id, departmentId: fx.departments.maintenance } });
    expect(assigned.status).toBe(200);
    const line = (await t.api.call(endpoints.serviceDetails, { token: admin, params: { id: waiting.id } })).body.serviceDetails;
    const minutes = (iso: string) => (Date.parse(iso) - Date.parse(line.clockStartedAt)) / MINUTE_MS;
    // Acknowledge from the hotel (4), complete from the group (50): each target by its own first level.
    expect(minutes(line.acknowledgeDueAt)).toBe(4);
    expect(minutes(line.completeDueAt)).toBe(50);
    expect(line).toMatchObject({ dueKind: 'acknowledge', dueAt: line.acknowledgeDueAt, isOverdue: false });
    expect((await guestLine()).expectedBy).toBe(line.completeDueAt);

    // Rejected stops the clock: the guest no longer sees a promise.
    await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: waiting.id, status: 'Rejected', note: 'Not possible tonight' } });
    expect(await guestLine()).toMatchObject({ statusName: 'Rejected', expectedBy: null });
  });
});
