import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe("the Workers list shows each worker's phones and open tasks", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.cleanup());

  it('counts paired phones not revoked, and lines assigned and not finished', async () => {
    const db = t.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const admin = await t.adminToken();
    const clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    const pair = async () => {
      const code = await t.api.call(endpoints.workerPairingCode, { token: admin, params: { workerId: fx.workers.housekeeper } });
      return (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } })).body.deviceId as string;
    };
    await pair();
    const revoked = await pair();
    await t.api.call(endpoints.revokeWorkerDevice, { token: admin, params: { workerId: fx.workers.housekeeper, deviceId: revoked } });
    const lines: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
      const id = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
      await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: id, status: 'Assigned', workerId: fx.workers.housekeeper } });
      lines.push(id);
    }
    await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: lines[0], status: 'Completed' } });

    const list = await t.api.call(endpoints.worker.list, { token: admin });
    expect(list.status).toBe(200);
    const row = (id: number) => list.body.find((w: { id: number }) => w.id === id);
    expect(row(fx.workers.housekeeper)).toMatchObject({ phones: 1, openTasks: 2 });
    expect(row(fx.workers.technician)).toMatchObject({ phones: 0, openTasks: 0 });
    expect(row(fx.workers.housekeeper)).not.toHaveProperty('pinHash');
  });

  it("the Services list shows the worker's Accept and Start (who, when), on both of its read paths", async () => {
    const db = t.server.app.ctx.database.db;
    const fx = await seedFixture(db);
    const admin = await t.adminToken();
    const code = await t.api.call(endpoints.workerPairingCode, { token: admin, params: { workerId: fx.workers.housekeeper } });
    const phone = (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } })).body.accessToken as string;
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const line = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: line, status: 'Assigned', workerId: fx.workers.housekeeper } });
    expect((await t.api.call(endpoints.workAccept, { token: phone, params: { lineId: line }, body: {} })).status).toBe(200);
    expect((await t.api.call(endpoints.workStart, { token: phone, params: { lineId: line }, body: {} })).status).toBe(200);
    const history = (await t.api.call(endpoints.serviceAssignmentDetails, { token: admin, params: { id: line } })).body;
    // The page found on the line's own columns, and the one sorted by a joined column.
    for (const query of [{ page: 0, pageSize: 20 }, { page: 0, pageSize: 20, sort: 'hotelName', order: 'asc', hotelId: fx.hotelA.id }]) {
      const list = await t.api.call(endpoints.allServicesRequest, { token: admin, query });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const row = list.body.find((r: { id: number }) => r.id === line);
      expect(row, JSON.stringify(query)).toMatchObject({ acceptedAt: history.accepted_Date, acceptedBy: history.worker_Accepted, startedAt: history.started_Date, startedBy: history.worker_Started });
      expect(row.acceptedBy).toMatch(/^Huda/);
    }
  });
});
