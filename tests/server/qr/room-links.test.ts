import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** pdfkit writes each QR's link annotation as a plain dictionary: the URL the code holds. */
const linkedUrls = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => new URL(m[1].replace(/\\(.)/g, '$1')));

async function sheetLinks(t: TestServer, token: string, hotelId: number, extra: Record<string, string> = {}) {
  const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query: { hotelId, ...extra } });
  expect(res.status).toBe(200);
  return new Map(linkedUrls(res.body).map((u) => [Number(u.searchParams.get('roomId')), u]));
}

describe('signed room links', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let clerk: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { PUBLIC_URL: 'https://guest.example.com', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    admin = await t.adminToken();
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
  });
  afterAll(() => t.cleanup());

  const add = (roomId: number, signature?: string) =>
    t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { roomId }), headers: signature ? { 'x-room-signature': signature } : {} });
  const staffFlag = async (id: string) => {
    const details = await t.api.call(endpoints.requestDetails, { token: clerk, params: { id } });
    const list = await t.api.call(endpoints.allRequests, { token: clerk, query: { search: details.body.requestDetails.requestCode } });
    const row = list.body.find((r: { id: string }) => r.id === id);
    return { details: details.body.roomVerified, list: row.roomVerified };
  };

  it('prints each room with its signature; AddRequest with it is verified, without or with a wrong one is flagged "unverified room" for staff', async () => {
    const links = await sheetLinks(t, admin, fx.hotelA.id);
    const [room1, room2] = fx.hotelA.roomIds;
    const sig1 = links.get(room1)!.searchParams.get('sig')!;
    const sig2 = links.get(room2)!.searchParams.get('sig')!;
    expect(sig1).toMatch(/^1\.[\w-]{22}$/);
    expect(sig2).not.toBe(sig1);
    expect(links.get(room1)!.origin + links.get(room1)!.pathname).toBe('https://guest.example.com/Request/Service');

    const signed = await add(room1, sig1);
    expect(signed.status).toBe(200);
    expect(await staffFlag(signed.body.id)).toEqual({ details: true, list: true });

    for (const signature of [undefined, sig2, '1.AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(5000)]) {
      const res = await add(room1, signature);
      expect(res.status, String(signature).slice(0, 20)).toBe(200);
      expect(await staffFlag(res.body.id)).toEqual({ details: false, list: false });
    }
    // The guest's own view does not carry the flag.
    expect((await t.api.call(endpoints.userRequestDetails, { params: { id: signed.body.id } })).body.roomVerified).toBeUndefined();
  });

  it('new codes (RotateRoomQrCodes) retire the old ones', async () => {
    const [room1] = fx.hotelA.roomIds;
    const old = (await sheetLinks(t, admin, fx.hotelA.id)).get(room1)!.searchParams.get('sig')!;
    expect((await t.api.call(endpoints.rotateRoomQrCodes, { token: admin, body: { hotelId: fx.hotelA.id } })).status).toBe(200);
    const fresh = (await sheetLinks(t, admin, fx.hotelA.id)).get(room1)!.searchParams.get('sig')!;
    expect(fresh).toMatch(/^2\./);
    expect(await staffFlag((await add(room1, old)).body.id)).toEqual({ details: false, list: false });
    expect(await staffFlag((await add(room1, fresh)).body.id)).toEqual({ details: true, list: true });
    // An ordinary reprint keeps the current codes.
    expect((await sheetLinks(t, admin, fx.hotelA.id)).get(room1)!.searchParams.get('sig')).toBe(fresh);
  });

  it('tells staff where the codes lead, offers the LAN addresses, and prints only with an address of this server', async () => {
    const info = await t.api.call(endpoints.roomQrLinkInfo, { token: admin });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ publicUrl: 'https://guest.example.com', loopback: false });
    for (const s of info.body.suggestions) expect(s).toMatch(/^http:\/\/\d+\.\d+\.\d+\.\d+(:\d+)?$/);
    const elsewhere = await t.api.call(endpoints.roomQrSheet, { token: admin, query: { hotelId: fx.hotelA.id, baseUrl: 'https://evil.example' }, lang: 'ar' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBeTruthy();
    if (info.body.suggestions.length) {
      const links = await sheetLinks(t, admin, fx.hotelA.id, { baseUrl: info.body.suggestions[0] });
      expect([...links.values()][0].origin).toBe(info.body.suggestions[0]);
    }
    expect((await t.api.call(endpoints.roomQrLinkInfo, {})).status).toBe(401);
  });
});

describe('signed room links required, and a limit per room', () => {
  let t: TestServer;
  let fx: Fixture;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_ROOM_LINKS: 'require', HOTEL_ROOM_REQUEST_RATE_LIMIT: '3', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
  });
  afterAll(() => t.cleanup());

  it('refuses an unsigned request with a message in the guest language, takes a signed one, and caps each room', async () => {
    const token = await t.adminToken();
    const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token, query: { hotelId: fx.hotelA.id } });
    const [room1, room2] = fx.hotelA.roomIds;
    const sigOf = (roomId: number) => linkedUrls(res.body).find((u) => Number(u.searchParams.get('roomId')) === roomId)!.searchParams.get('sig')!;
    // Without PUBLIC_URL the codes use this machine's address (and the server warned at start).
    expect(linkedUrls(res.body)[0].hostname).toBe('localhost');

    const unsigned = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]), lang: 'ar' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.message).toBe('رابط الغرفة هذا غير صالح. يرجى مسح رمز QR الموجود في غرفتك مرة أخرى.');

    const send = (roomId: number) => t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { roomId }), headers: { 'x-room-signature': sigOf(roomId) } });
    // The refused one above does not count for room 1 (room-lockout.test.ts): three are let through, then 429.
    expect((await send(room1)).status).toBe(200);
    expect((await send(room1)).status).toBe(200);
    expect((await send(room1)).status).toBe(200);
    const limited = await send(room1);
    expect(limited.status).toBe(429);
    // Another room is not affected.
    expect((await send(room2)).status).toBe(200);
  });
});
