import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { departments } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';

/** The phone's event stream: its own worker's lines only, opened with a ticket, ended when the phone is revoked. */
describe("a worker's phone event stream", () => {
  let t: TestServer;
  let fx: Fixture;
  let supervisor: string;
  let clerk: string;
  const streams: { close: () => void }[] = [];

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_PAIR_RATE_LIMIT: '1000', HOTEL_ROOM_REQUEST_RATE_LIMIT: '0' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    supervisor = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: ['Basic Data.Worker.Pair', 'Basic Data.Worker.View'], ...scope }));
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, ...scope }));
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.cleanup();
  });

  const pairWorker = async (workerId: number) => {
    const code = await t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId } });
    const paired = await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } });
    expect(paired.status, JSON.stringify(paired.body)).toBe(200);
    return paired.body as { accessToken: string; deviceId: string };
  };
  const ticketFor = async (accessToken: string) => {
    const res = await t.api.call(endpoints.workStreamTicket, { token: accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.ticket as string;
  };
  const streamOf = async (accessToken: string) => {
    const ticket = await ticketFor(accessToken);
    const stream = await openStream(new URL(`${endpoints.workEvents.path}?ticket=${encodeURIComponent(ticket)}`, t.url).toString());
    expect(stream.res.status).toBe(200);
    streams.push(stream);
    return stream;
  };
  const submit = async (serviceId: number) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [serviceId]) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const view = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return view.body.requestDetails[0].id as number;
  };
  const assign = async (lineId: number, workerId: number) => {
    const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: lineId, status: 'Assigned', workerId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it("brings a worker its new task within 1 s, and never another worker's", async () => {
    const huda = await pairWorker(fx.workers.housekeeper);
    const sami = await pairWorker(fx.workers.floater);
    const hudaStream = await streamOf(huda.accessToken);
    const samiStream = await streamOf(sami.accessToken);
    const hudasLine = await submit(fx.services.towels);
    const sent = Date.now();
    await assign(hudasLine, fx.workers.housekeeper);
    await hudaStream.next((e) => e.event === 'task' && e.data.lineId === hudasLine, "Huda's task");
    expect(Date.now() - sent).toBeLessThan(1000);
    // Sami's own task arrives after Huda's: had Huda's reached his stream, it would be there by now.
    const samisLine = await submit(fx.services.towels);
    await assign(samisLine, fx.workers.floater);
    await samiStream.next((e) => e.event === 'task' && e.data.lineId === samisLine, "Sami's task");
    expect(samiStream.received.filter((e) => e.data.lineId === hudasLine)).toEqual([]);
    expect(hudaStream.received.filter((e) => e.data.lineId === samisLine)).toEqual([]);
    // The event names the line and nothing of the guest.
    expect(Object.keys(hudaStream.received.find((e) => e.event === 'task')!.data).sort()).toEqual(['at', 'lineId']);
  });

  it('tells the worker when a line leaves it (closed by the desk)', async () => {
    const huda = await pairWorker(fx.workers.housekeeper);
    const line = await submit(fx.services.towels);
    await assign(line, fx.workers.housekeeper);
    const stream = await streamOf(huda.accessToken);
    const closed = await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: line, status: 'Completed' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await stream.next((e) => e.event === 'task' && e.data.lineId === line, 'the line leaving');
  });

  it("hears its department's pool when the department allows taking lines", async () => {
    await t.server.app.ctx.database.db.update(departments).set({ workersTakeOpenLines: true }).where(eq(departments.id, fx.departments.maintenance));
    const tariq = await pairWorker(fx.workers.technician);
    const huda = await pairWorker(fx.workers.housekeeper);
    const tariqStream = await streamOf(tariq.accessToken);
    const hudaStream = await streamOf(huda.accessToken);
    const repair = await submit(fx.services.repair);
    await tariqStream.next((e) => e.event === 'pool' && e.data.lineId === repair, 'the pool line');
    const towels = await submit(fx.services.towels);
    await assign(towels, fx.workers.housekeeper);
    await hudaStream.next((e) => e.event === 'task' && e.data.lineId === towels, "Huda's task");
    // Housekeeping keeps no pool: Huda never heard of the maintenance line.
    expect(hudaStream.received.filter((e) => e.data.lineId === repair)).toEqual([]);
  });

  it('opens only with a single-use ticket got with a device token, never a token in the URL', async () => {
    const huda = await pairWorker(fx.workers.housekeeper);
    const ticket = await ticketFor(huda.accessToken);
    const url = (q: string) => new URL(`${endpoints.workEvents.path}${q}`, t.url).toString();
    const first = await openStream(url(`?ticket=${encodeURIComponent(ticket)}`));
    streams.push(first);
    expect(first.res.status).toBe(200);
    const again = await openStream(url(`?ticket=${encodeURIComponent(ticket)}`));
    expect(again.res.status).toBe(401);
    expect((await openStream(url(`?access_token=${encodeURIComponent(huda.accessToken)}`))).res.status).toBe(401);
    // A staff token is no device token: no ticket for it.
    expect((await t.api.call(endpoints.workStreamTicket, { token: clerk })).status).toBe(401);
    expect((await t.api.call(endpoints.workStreamTicket, {})).status).toBe(401);
  });

  it("ends a revoked phone's open stream at once", async () => {
    const huda = await pairWorker(fx.workers.housekeeper);
    const stream = await streamOf(huda.accessToken);
    const revoked = await t.api.call(endpoints.revokeWorkerDevice, { token: supervisor, params: { workerId: fx.workers.housekeeper, deviceId: huda.deviceId } });
    expect(revoked.status).toBe(200);
    await stream.closed();
    expect(stream.received.at(-1)?.event).toBe('reconnect');
    expect((await t.api.call(endpoints.workStreamTicket, { token: huda.accessToken })).status).toBe(401);
  });

  it("alerts the desk when a phone gives a line back (Can't do): who and why on the staff stream, nothing of it to the guest", async () => {
    const huda = await pairWorker(fx.workers.housekeeper);
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const requestId = added.body.id as string;
    const line = (await t.api.call(endpoints.userRequestDetails, { params: { id: requestId } })).body.requestDetails[0].id as number;
    await assign(line, fx.workers.housekeeper);
    const desk = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${clerk}` });
    const guest = await openStream(new URL(endpoints.guestEvents.path.replace(':id', requestId), t.url).toString());
    streams.push(desk, guest);
    const res = await t.api.call(endpoints.workCantDo, { token: huda.accessToken, params: { lineId: line }, body: { reason: 'No towels left in the store' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const returned = await desk.next((e) => e.event === 'line-changed' && e.data.lineId === line, 'the line given back');
    expect(returned.data).toMatchObject({
      statusName: 'Open',
      departmentIds: [fx.departments.housekeeping],
      mine: true,
      returned: { workerName: expect.stringMatching(/^Huda /), workerNameAr: null, reason: 'No towels left in the store' },
    });
    const heard = await guest.next((e) => e.event === 'line-changed' && e.data.lineId === line, "the guest's update");
    expect(JSON.stringify(heard.data)).not.toContain('towels left');
    expect(heard.data).not.toHaveProperty('returned');
  });
});
