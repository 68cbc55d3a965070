import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineEscalations, requestLines, services } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** No timer: the test moves the server's clock past the target and runs a tick itself. */
const FAST = { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000' };

describe('a task on a worker’s phone must be accepted in time', { timeout: 120_000 }, () => {
  let t: TestServer;
  let fx: Fixture;
  let clerk: string;
  let phoneToken: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer({ env: FAST });
    fx = await seedFixture(db());
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] };
    const tokens = t.server.app.ctx.tokens;
    clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS.filter((c) => c !== 'Service Management.Escalations.Receive'), ...scope }));
    const supervisor = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair'], ...scope }));
    const code = await t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId: fx.workers.housekeeper } });
    phoneToken = (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Huda phone' } })).body.accessToken;
  });
  afterAll(() => t.cleanup());

  const file = async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    return (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
  };
  const assign = async (lineId: number, workerId: number) =>
    expect((await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: lineId, status: 'Assigned', workerId } })).status).toBe(200);
  const line = async (id: number) => (await db().select().from(requestLines).where(eq(requestLines.id, id)))[0];

  it('assigning to a worker with a paired phone does not acknowledge; Accept does; a task not accepted escalates', async () => {
    await db().update(services).set({ acknowledgeMinutes: 30, completeMinutes: null }).where(eq(services.id, fx.services.towels));
    // Filed in this order, so the unaccepted line falls due last.
    const accepted = await file();
    const noPhone = await file();
    const ignored = await file();
    await assign(accepted, fx.workers.housekeeper);
    await assign(noPhone, fx.workers.floater);
    await assign(ignored, fx.workers.housekeeper);

    // The desk's hand-over acknowledges only the line of the worker without a phone.
    expect((await line(noPhone)).acknowledgedAt).not.toBeNull();
    expect((await line(accepted)).acknowledgedAt).toBeNull();
    expect((await line(ignored)).acknowledgedAt).toBeNull();

    expect((await t.api.call(endpoints.workAccept, { token: phoneToken, params: { lineId: accepted }, body: {} })).status).toBe(200);
    expect((await line(accepted)).acknowledgedAt).not.toBeNull();

    // Past the target of the last one filed (the unaccepted one): one tick escalates what is late.
    t.clock.set((await line(ignored)).acknowledgeDueAt!.getTime() + 1_000);
    await t.tick();
    const rows = await db().select().from(lineEscalations).where(inArray(lineEscalations.lineId, [accepted, noPhone, ignored]));
    expect(rows.map((r) => `${r.lineId}:${r.kind}`)).toEqual([`${ignored}:acknowledge`]);
  });
});
