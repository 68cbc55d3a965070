import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

const linkedUrls = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => new URL(m[1].replace(/\\(.)/g, '$1')));

/** The signature printed for each room of a hotel (as the QR sheet gives it). */
async function signatures(t: TestServer, hotelId: number): Promise<Map<number, string>> {
  const res = await t.api.call<Buffer>(endpoints.roomQrSheet, { token: await t.adminToken(), query: { hotelId } });
  expect(res.status).toBe(200);
  return new Map(linkedUrls(res.body).map((u) => [Number(u.searchParams.get('roomId')), u.searchParams.get('sig')!]));
}

/**
 * The per-room limit (10 in 10 minutes by default) keeps one room from flooding the desk.
 * It must not let a stranger lock the real guest out: requests that fail the room or
 * signature checks do not count, and unsigned requests have a budget of their own.
 */
describe('nobody can lock a room out with refused requests (signed links required)', () => {
  let t: TestServer;
  let fx: Fixture;
  let sigs: Map<number, string>;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_ROOM_LINKS: 'require', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
    sigs = await signatures(t, fx.hotelA.id);
  });
  afterAll(() => t.cleanup());

  const send = (over: Record<string, unknown>, signature?: string) =>
    t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], over),
      ...(signature ? { headers: { 'x-room-signature': signature } } : {}),
    });

  it('ten bad signatures, wrong hotels and rooms of another hotel leave the real guest\'s signed request through', async () => {
    const [room1, room2] = fx.hotelA.roomIds;
    const [roomOfB] = fx.hotelB.roomIds;
    for (let i = 0; i < 10; i++) {
      expect((await send({ roomId: room1 }, '1.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(403);
      expect((await send({ roomId: room1 })).status).toBe(403);
      // Room 1's own signature sent for hotel B: no room 1 there.
      expect((await send({ roomId: room1, hotelId: fx.hotelB.id }, sigs.get(room1))).status).toBe(403);
      // Hotel B's room named under hotel A.
      expect((await send({ roomId: roomOfB }, sigs.get(room2))).status).toBe(403);
    }
    const guest = await send({ roomId: room1 }, sigs.get(room1));
    expect(guest.status).toBe(200);
    expect(guest.body.id).toBeTruthy();
  });

  it('still caps the room\'s signed requests', async () => {
    const [, room2] = fx.hotelA.roomIds;
    for (let i = 0; i < 10; i++) expect((await send({ roomId: room2 }, sigs.get(room2))).status).toBe(200);
    expect((await send({ roomId: room2 }, sigs.get(room2))).status).toBe(429);
  });
});

describe('unsigned requests do not use up the signed guest\'s budget (HOTEL_ROOM_LINKS=flag)', () => {
  let t: TestServer;
  let fx: Fixture;
  let sigs: Map<number, string>;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_ROOM_LINKS: 'flag', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(t.server.app.ctx.database.db);
    sigs = await signatures(t, fx.hotelA.id);
  });
  afterAll(() => t.cleanup());

  const send = (roomId: number, over: Record<string, unknown> = {}, signature?: string) =>
    t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], { roomId, ...over }),
      ...(signature ? { headers: { 'x-room-signature': signature } } : {}),
    });

  it('ten unsigned (marked) requests and ten refused ones leave the signed guest through; the unsigned are capped on their own', async () => {
    const [room1] = fx.hotelA.roomIds;
    for (let i = 0; i < 10; i++) {
      expect((await send(room1, {}, i % 2 ? 'forged' : undefined)).status).toBe(200);
      expect((await send(room1, { hotelId: fx.hotelB.id })).status).toBe(400);
    }
    expect((await send(room1)).status).toBe(429);
    const guest = await send(room1, {}, sigs.get(room1));
    expect(guest.status).toBe(200);
  });
});
