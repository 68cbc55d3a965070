import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { linePhotos } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const formOf = (...files: Array<[Uint8Array, string, string]>) => {
  const form = new FormData();
  for (const [bytes, type, name] of files) form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

describe("a worker's photo of the finished task", () => {
  let t: TestServer;
  let fx: Fixture;
  let clerk: string;
  let otherHotelClerk: string;
  let huda: string;
  let tariq: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_RATE_LIMITS: 'off', HOTEL_PAIR_RATE_LIMIT: '1000' } });
    fx = await seedFixture(db());
    const tokens = t.server.app.ctx.tokens;
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    clerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, ...scope }));
    otherHotelClerk = await tokenFor(tokens, await createStaffUser(db(), { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelB.id] }));
    const supervisor = await tokenFor(tokens, await createStaffUser(db(), { claims: ['Basic Data.Worker.Pair'], ...scope }));
    const pair = async (workerId: number) => {
      const code = await t.api.call(endpoints.workerPairingCode, { token: supervisor, params: { workerId } });
      return (await t.api.call(endpoints.workPair, { body: { code: code.body.code, deviceName: 'Phone' } })).body.accessToken as string;
    };
    huda = await pair(fx.workers.housekeeper);
    tariq = await pair(fx.workers.technician);
  });
  afterAll(() => t.cleanup());

  const assignedLine = async () => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const id = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    await t.api.call(endpoints.updateServiceRequestStatus, { token: clerk, body: { requestDetailsId: id, status: 'Assigned', workerId: fx.workers.housekeeper } });
    await t.api.call(endpoints.workAccept, { token: huda, params: { lineId: id }, body: {} });
    return id;
  };
  const upload = (token: string, lineId: number, form: FormData, lang?: 'ar') => t.api.call(endpoints.workPhoto, { token, params: { lineId }, form, lang });

  it('uploads, is named by Done, and shows on the desk’s line card to staff who see the line', async () => {
    const line = await assignedLine();
    const up = await upload(huda, line, formOf([PNG, 'image/png', 'done.png']));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const { photoId } = up.body;
    // Not on the card until Done names it.
    expect((await t.api.call(endpoints.serviceAssignmentDetails, { token: clerk, params: { id: line } })).body.photoIds).toEqual([]);
    const done = await t.api.call(endpoints.workDone, { token: huda, params: { lineId: line }, body: { note: 'Left on the bed', photoId } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const card = await t.api.call(endpoints.serviceAssignmentDetails, { token: clerk, params: { id: line } });
    expect(card.body.photoIds).toEqual([photoId]);
    const image = await t.api.call(endpoints.linePhoto, { token: clerk, params: { id: photoId } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, Buffer.from(PNG))).toBe(0);
    // Another hotel's staff: not found. No token: 401.
    expect((await t.api.call(endpoints.linePhoto, { token: otherHotelClerk, params: { id: photoId } })).status).toBe(404);
    expect((await t.api.call(endpoints.linePhoto, { params: { id: photoId } })).status).toBe(401);
  });

  it('refuses a file that is not an image by its bytes, two files, none, another worker’s line, a closed line; changes nothing', async () => {
    const line = await assignedLine();
    const before = (await db().select().from(linePhotos)).length;
    const text = await upload(huda, line, formOf([new TextEncoder().encode('<svg onload=alert(1)>'), 'image/png', 'x.png']), 'ar');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP');
    expect((await upload(huda, line, formOf([PNG, 'image/png', 'a.png'], [JPEG, 'image/jpeg', 'b.jpg']))).status).toBe(413);
    expect((await upload(huda, line, new FormData())).status).toBe(400);
    expect((await upload(tariq, line, formOf([PNG, 'image/png', 'a.png']))).status).toBe(404);
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 10);
    tooBig.set(JPEG);
    expect((await upload(huda, line, formOf([tooBig, 'image/jpeg', 'big.jpg']))).status).toBe(413);
    expect((await db().select().from(linePhotos)).length).toBe(before);
    // Done with a photo that is not this line's draft: 400, the line stays open.
    const bad = await t.api.call(endpoints.workDone, { token: huda, params: { lineId: line }, body: { photoId: '00000000-0000-4000-8000-000000000000' } });
    expect(bad.status).toBe(400);
    expect((await t.api.call(endpoints.workTasks, { token: huda })).body.some((task: { lineId: number }) => task.lineId === line)).toBe(true);
    expect((await t.api.call(endpoints.workDone, { token: huda, params: { lineId: line }, body: {} })).status).toBe(200);
    expect((await upload(huda, line, formOf([JPEG, 'image/jpeg', 'late.jpg']))).status).toBe(409);
  });
});
