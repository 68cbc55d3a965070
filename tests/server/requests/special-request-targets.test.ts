import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, lineEscalations, serviceGroups, services } from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** One target minute lasts this long here. */
const MINUTE_MS = 1000;

/**
 * The request that most needs a person must not sit unseen: a Special Request's clock
 * runs from creation (its own targets, else its group's, else the hotel's), it can be
 * acknowledged and answered before it has a department, and it escalates like any line.
 * Time is driven through the scheduler's clock, never waited for.
 */
describe('Special Request targets', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  const db = () => t.server.app.ctx.database.db;
  const staffLine = async (requestId: string) =>
    (await t.api.call(endpoints.requestDetails, { token: admin, params: { id: requestId } })).body.requestDetails.requestDetails[0];

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(db());
    admin = await t.adminToken();
    const [special] = await db().select().from(services).where(eq(services.id, fx.services.special));
    await db().update(services).set({ acknowledgeMinutes: null, completeMinutes: null }).where(eq(services.id, special.id));
    await db().update(serviceGroups).set({ acknowledgeMinutes: null, completeMinutes: 50 }).where(eq(serviceGroups.id, special.serviceGroupId));
    await db().update(hotels).set({ acknowledgeMinutes: 4, completeMinutes: 90 }).where(eq(hotels.id, fx.hotelA.id));
  });
  afterAll(() => t.cleanup());

  it("runs from creation with the hotel's default acknowledge target; the guest sees the promise at once; a department keeps it", async () => {
    const sent = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    expect(sent.status).toBe(200);
    const guestLine = async () => (await t.api.call(endpoints.userRequestDetails, { params: { id: sent.body.id } })).body.requestDetails[0];
    const waiting = await staffLine(sent.body.id);
    const minutes = (iso: string) => (Date.parse(iso) - Date.parse(waiting.clockStartedAt)) / MINUTE_MS;
    // Acknowledge from the hotel (4), complete from the group (50): each target by its own first level.
    expect(minutes(waiting.acknowledgeDueAt)).toBe(4);
    expect(minutes(waiting.completeDueAt)).toBe(50);
    expect(waiting).toMatchObject({ departmentId: null, dueKind: 'acknowledge', dueAt: waiting.acknowledgeDueAt, isOverdue: false });
    expect((await guestLine()).expectedBy).toBe(waiting.completeDueAt);

    const assigned = await t.api.call(endpoints.assignServiceToDepartment, { token: admin, body: { requestDetailsId: waiting.id, departmentId: fx.departments.maintenance } });
    expect(assigned.status).toBe(200);
    const line = (await t.api.call(endpoints.serviceDetails, { token: admin, params: { id: waiting.id } })).body.serviceDetails;
    expect(line).toMatchObject({ clockStartedAt: waiting.clockStartedAt, acknowledgeDueAt: waiting.acknowledgeDueAt, completeDueAt: waiting.completeDueAt });

    // Rejected stops the clock: the guest no longer sees a promise.
    await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: waiting.id, status: 'Rejected', note: 'Not possible tonight' } });
    expect(await guestLine()).toMatchObject({ statusName: 'Rejected', expectedBy: null });
  });

  it('goes overdue and escalates before anyone chooses a department', async () => {
    const sent = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    const line = await staffLine(sent.body.id);
    const later = new Date(Date.parse(line.acknowledgeDueAt) + MINUTE_MS);
    const run = await t.server.escalations.runOnce(later);
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(lineEscalations).where(inArray(lineEscalations.lineId, [line.id]));
    expect(rows.map((r) => r.kind)).toEqual(['acknowledge']);
    expect((await staffLine(sent.body.id)).departmentId).toBeNull();
  });

  it('is acknowledged, by the button or by the first reply to the guest, before it has a department; then it does not escalate as unacknowledged', async () => {
    const byButton = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    const first = await staffLine(byButton.body.id);
    const ack = await t.api.call(endpoints.acknowledgeService, { token: admin, body: { id: first.id } });
    expect(ack.status).toBe(200);
    expect((await staffLine(byButton.body.id)).acknowledgedAt).not.toBeNull();

    const byReply = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    const line = await staffLine(byReply.body.id);
    const reply = await t.api.call(endpoints.addServiceMessage, { token: admin, body: { requestDetailsId: line.id, text: 'We have your request and are on it' } });
    expect(reply.status).toBe(200);
    const after = await staffLine(byReply.body.id);
    expect(after.acknowledgedAt).not.toBeNull();
    expect(after.dueKind).toBe('complete');
    // A note to colleagues is not a sign to the guest: it acknowledges nothing.
    const noted = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.special]) });
    const quiet = await staffLine(noted.body.id);
    expect((await t.api.call(endpoints.addServiceMessage, { token: admin, body: { requestDetailsId: quiet.id, text: 'who takes this?', kind: 'note' } })).status).toBe(200);
    expect((await staffLine(noted.body.id)).acknowledgedAt).toBeNull();

    await t.server.escalations.runOnce(new Date(Date.parse(line.acknowledgeDueAt) + MINUTE_MS));
    const rows = await db().select().from(lineEscalations).where(inArray(lineEscalations.lineId, [first.id, line.id, quiet.id]));
    expect(rows.map((r) => [r.lineId, r.kind])).toEqual([[quiet.id, 'acknowledge']]);
  });
});
