import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@shared';
import { lineMessages, requests, stayEvents, stays } from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The PMS tells the hotel who is in which room: signed stay events, refused with a clear
 * error and no change when the signature, the timestamp, the event id or the room is wrong.
 */
describe('stay events from the PMS', () => {
  let t: TestServer;
  let fx: Fixture;
  let secret: string;
  let n = 0;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(db());
    const made = await t.api.call(endpoints.staySecret, { token: await t.adminToken(), body: { hotelId: fx.hotelA.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    secret = made.body.secret;
  });
  afterAll(() => t?.cleanup());

  const event = (over: Record<string, unknown> = {}) => ({
    hotelId: fx.hotelA.id,
    eventId: `evt-${++n}`,
    type: 'check-in',
    stayId: `R-${n}`,
    roomNumber: '101',
    guest: { name: 'Layla Hassan', language: 'ar', email: 'layla@example.com' },
    arrival: '2026-11-27',
    departure: '2026-11-30',
    ...over,
  });
  /**
   * The stay timestamp is whole seconds, the server's clock is not: rounded up, `now + k` is
   * off from the server's time by k less a fraction of a second plus the call's own time, so
   * ±301 is always outside the 300 s window and 299 always inside (rounded down, a late
   * fraction plus a slow call could put +301 inside it).
   */
  const nowSeconds = (k = 0) => String(Math.ceil(t.clock.now().getTime() / 1000) + k);
  /** The worst case for the window's edges: the clock a millisecond before the next whole second. */
  const lateInTheSecond = () => t.clock.set(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 999);
  const send = (body: object, { key = secret, timestamp = nowSeconds(), lang }: { key?: string; timestamp?: string; lang?: 'ar' } = {}) => {
    const raw = JSON.stringify(body);
    const signature = `v1=${createHmac('sha256', key).update(`${timestamp}.${raw}`).digest('hex')}`;
    return t.api.raw('POST', endpoints.stayEvent.path, { body: raw, lang, headers: { 'x-hgs-timestamp': timestamp, 'x-hgs-signature': signature } });
  };
  const state = async () => ({ stays: await db().select().from(stays), events: await db().select().from(stayEvents) });

  it('takes check-in, room move and check-out', async () => {
    const stayId = 'R-walk';
    expect((await send(event({ stayId }))).status).toBe(200);
    let [stay] = await db().select().from(stays).where(eq(stays.externalId, stayId));
    expect(stay).toMatchObject({ roomId: fx.hotelA.roomIds[0], guestName: 'Layla Hassan', language: 'ar', email: 'layla@example.com', checkedOutAt: null });
    expect((await send(event({ stayId, type: 'room-move', roomNumber: '102' }))).status).toBe(200);
    [stay] = await db().select().from(stays).where(eq(stays.externalId, stayId));
    expect(stay.roomId).toBe(fx.hotelA.roomIds[1]);
    expect((await send(event({ stayId, type: 'check-out' }))).status).toBe(200);
    [stay] = await db().select().from(stays).where(eq(stays.externalId, stayId));
    expect(stay.checkedOutAt).not.toBeNull();
    // The review e-mail step runs after the answer: a stay without requests leaves the retry sweep
    // then. Settled here, so the next test's "changing nothing" compares two quiet states.
    await vi.waitFor(async () => expect((await db().select().from(stays).where(eq(stays.externalId, stayId)))[0].reviewMailRetryAt).toBeNull());
  });

  it('refuses a bad signature, an old timestamp, a replayed id and an unknown room, changing nothing', async () => {
    const before = await state();
    const forged = await send(event(), { key: 'not-the-secret' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('The stay event is not signed with this hotel’s stay secret');
    // A body changed after signing fails the same way.
    const body = event();
    const timestamp = nowSeconds();
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${JSON.stringify(body)}`).digest('hex')}`;
    const tampered = await t.api.raw('POST', endpoints.stayEvent.path, {
      body: JSON.stringify({ ...body, roomNumber: '102' }),
      headers: { 'x-hgs-timestamp': timestamp, 'x-hgs-signature': signature },
    });
    expect(tampered.status).toBe(401);
    // Another hotel's secret: hotel B has none.
    expect((await send(event({ hotelId: fx.hotelB.id })))).toMatchObject({ status: 401 });

    lateInTheSecond();
    const old = await send(event(), { timestamp: nowSeconds(-301) });
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('The stay event’s timestamp is missing or more than 5 minutes from the server’s time');
    lateInTheSecond();
    expect((await send(event(), { timestamp: nowSeconds(301) })).status).toBe(401);
    expect((await send(event(), { timestamp: 'yesterday' })).status).toBe(401);

    const room = await send(event({ roomNumber: '999' }));
    expect(room.status).toBe(400);
    expect(room.body.message).toBe('The hotel has no room 999');
    const ar = await send(event({ roomNumber: '999' }), { lang: 'ar' });
    expect(ar.body.message).toBe('لا توجد في الفندق غرفة 999');
    expect(await state()).toEqual(before);

    const once = event();
    expect((await send(once)).status).toBe(200);
    const taken = await state();
    // Sent again, freshly signed and timed: the id was taken.
    const replay = await send(once);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(`This stay event (${once.eventId}) was already received`);
    expect(await state()).toEqual(taken);
  });

  it('gives a request made from the room during a stay that stay; after check-out the guest can no longer write on it', async () => {
    const stayId = 'R-guest';
    expect((await send(event({ stayId, roomNumber: '102' }))).status).toBe(200);
    const [stay] = await db().select().from(stays).where(eq(stays.externalId, stayId));
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { roomId: fx.hotelA.roomIds[1] }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [request] = await db().select().from(requests).where(eq(requests.id, added.body.id));
    expect(request.stayId).toBe(stay.id);
    const lineId = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id as number;
    const write = (text: string, lang?: 'ar') => t.api.call(endpoints.addGuestMessage, { lang, body: { id: added.body.id, requestDetailsId: lineId, text } });
    expect((await write('Two more, please')).status).toBe(200);

    expect((await send(event({ stayId, type: 'check-out' }))).status).toBe(200);
    const refused = await write('Still here?');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The guest has checked out: this request no longer takes messages. Please contact the hotel directly');
    expect((await write('Still here?', 'ar')).body.message).toBe('غادر النزيل الفندق: لم يعد هذا الطلب يستقبل رسائل. يرجى التواصل مع الفندق مباشرة');
    expect(await db().select().from(lineMessages).where(eq(lineMessages.lineId, lineId))).toHaveLength(1);
  });

  it('honours the clock window on both sides of the tolerance', async () => {
    lateInTheSecond();
    expect((await send(event(), { timestamp: nowSeconds(-299) })).status).toBe(200);
    lateInTheSecond();
    expect((await send(event(), { timestamp: nowSeconds(299) })).status).toBe(200);
  });

  it('gives a new secret only to someone who holds the Integrations claim, and the old secret stops working', async () => {
    expect((await t.api.call(endpoints.staySecret, { body: { hotelId: fx.hotelA.id } })).status).toBe(401);
    const old = secret;
    const made = await t.api.call(endpoints.staySecret, { token: await t.adminToken(), body: { hotelId: fx.hotelA.id } });
    secret = made.body.secret;
    expect(secret).toMatch(/^hgs_stay_/);
    expect((await send(event(), { key: old })).status).toBe(401);
    expect((await send(event())).status).toBe(200);
  });
});
