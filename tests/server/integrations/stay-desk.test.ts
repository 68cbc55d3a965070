import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { outboundMessages, stays } from '../../../server/src/db/schema';
import { OUTBOUND_LEASE_MS } from '../../../server/src/outbound/outbound-queue';
import { takeDue } from '../../../server/src/outbound/outbound.repository';
import { applyStayChange } from '../../../server/src/modules/integrations/stays/stays.service';
import { signRoomLink } from '../../../server/src/modules/qr/room-link';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/**
 * What the PMS's stays give the guest form (a first name, a language), the desk (the stay's
 * name and dates, a "guest checked out" flag), the guest (one review e-mail at check-out)
 * and the room history (requests grouped by stay).
 */
describe('stays at the desk and on the guest page', () => {
  let t: TestServer;
  let fx: Fixture;
  let smtp: SmtpCatcher;
  let secret: string;
  let admin: string;
  let n = 0;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { PUBLIC_URL: 'https://guest.example.com', HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    fx = await seedFixture(db());
    admin = await t.adminToken();
    secret = (await t.api.call(endpoints.staySecret, { token: admin, body: { hotelId: fx.hotelA.id } })).body.secret;
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.cleanup();
    await smtp?.close();
  });

  const event = (over: Record<string, unknown> = {}) => ({
    hotelId: fx.hotelA.id,
    eventId: `evt-${++n}`,
    type: 'check-in',
    stayId: 'R-1',
    roomNumber: '101',
    guest: { name: 'Layla Bint Hassan', language: 'ar', email: 'layla@stay.test' },
    arrival: '2026-11-27',
    departure: '2026-11-30',
    ...over,
  });
  const send = async (body: object) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
    const res = await t.api.raw('POST', endpoints.stayEvent.path, { body: raw, headers: { 'x-hgs-timestamp': timestamp, 'x-hgs-signature': signature } });
    return res;
  };
  /** The stay's review e-mails on the outbound queue (one at most, by its key). */
  const reviewRows = async (externalId: string) => {
    const [stay] = await db().select({ id: stays.id }).from(stays).where(eq(stays.externalId, externalId));
    return db().select().from(outboundMessages).where(eq(outboundMessages.dedupeKey, `stay-review:${stay.id}`));
  };
  /** The outbound pass the check-out's answer started (and one more) is over. */
  const settled = () => t.server.outbound.runOnce();
  const sentTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const sig = (roomId: number) => signRoomLink(t.server.app.ctx.config.jwtSecret, fx.hotelA.id, roomId, 1);
  const roomStay = (roomId: number, signature?: string) =>
    t.api.call(endpoints.guestRoomStay, { query: { hotelId: fx.hotelA.id, roomId }, headers: signature ? { 'x-room-signature': signature } : {} });
  const add = async (roomId: number) => {
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels, fx.services.repair], { roomId }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return added.body.id as string;
  };
  const lineIds = async (id: string) => (await t.api.call(endpoints.requestDetails, { token: admin, params: { id } })).body.requestDetails.requestDetails.map((l: { id: number }) => l.id) as number[];

  let before: string;
  let during: string;
  let outside: string;

  it('tells the guest form the first name and language of the room’s open stay, only with the room link’s signature, never the e-mail or dates', async () => {
    before = await add(fx.hotelA.roomIds[0]);
    expect((await roomStay(fx.hotelA.roomIds[0], sig(fx.hotelA.roomIds[0]))).body).toEqual({ stay: null });
    expect((await send(event())).status).toBe(200);

    const open = await roomStay(fx.hotelA.roomIds[0], sig(fx.hotelA.roomIds[0]));
    expect(open.status).toBe(200);
    expect(open.body).toEqual({ stay: { firstName: 'Layla', language: 'ar' } });
    expect(JSON.stringify(open.body)).not.toMatch(/stay\.test|2026|Hassan/);
    // Without a signature, or with another room's, nobody can walk the room ids to list guests.
    expect((await roomStay(fx.hotelA.roomIds[0])).body).toEqual({ stay: null });
    expect((await roomStay(fx.hotelA.roomIds[0], sig(fx.hotelA.roomIds[1]))).body).toEqual({ stay: null });
    expect((await roomStay(fx.hotelA.roomIds[0], 'x'.repeat(500))).body).toEqual({ stay: null });
    // The other room has no stay.
    expect((await roomStay(fx.hotelA.roomIds[1], sig(fx.hotelA.roomIds[1]))).body).toEqual({ stay: null });
    // Bad input is a clear 400.
    const bad = await t.api.call(endpoints.guestRoomStay, { query: { hotelId: 'abc', roomId: 1 } });
    expect(bad.status).toBe(400);
  });

  it('shows staff the PMS’s name and the stay’s dates on the request and the line', async () => {
    during = await add(fx.hotelA.roomIds[0]);
    outside = await add(fx.hotelA.roomIds[1]);
    const stay = { guestName: 'Layla Bint Hassan', arrival: '2026-11-27', departure: '2026-11-30', checkedOut: false };
    const detail = await t.api.call(endpoints.requestDetails, { token: admin, params: { id: during } });
    expect(detail.body.stay).toMatchObject(stay);
    const [lineId] = await lineIds(during);
    const line = await t.api.call(endpoints.serviceDetails, { token: admin, params: { id: lineId } });
    expect(line.body.stay).toMatchObject(stay);
    expect((await t.api.call(endpoints.requestDetails, { token: admin, params: { id: outside } })).body.stay).toBeNull();
    expect((await t.api.call(endpoints.requestDetails, { token: admin, params: { id: before } })).body.stay).toBeNull();
  });

  it('at check-out flags the guest’s open lines on the desk’s lists, and sends the review e-mail once', async () => {
    const rowOf = async (id: string) => ((await t.api.call(endpoints.allRequests, { token: admin })).body as { id: string; guestCheckedOut?: boolean }[]).find((r) => r.id === id);
    expect((await rowOf(during))?.guestCheckedOut).toBe(false);
    // One line finished before check-out: it is not flagged.
    const [first, second] = await lineIds(during);
    expect((await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: first, status: 'Assigned', note: '', workerId: fx.workers.floater } })).status).toBe(200);
    expect((await t.api.call(endpoints.updateServiceRequestStatus, { token: admin, body: { requestDetailsId: first, status: 'Completed', note: 'Done' } })).status).toBe(200);

    const checkOut = event({ type: 'check-out' });
    expect((await send(checkOut)).status).toBe(200);
    expect((await rowOf(during))?.guestCheckedOut).toBe(true);
    expect((await rowOf(outside))?.guestCheckedOut).toBe(false);
    const lines = (await t.api.call(endpoints.allServicesRequest, { token: admin })).body as { id: number; guestCheckedOut?: boolean }[];
    expect(lines.find((l) => l.id === second)?.guestCheckedOut).toBe(true);
    expect(lines.find((l) => l.id === first)?.guestCheckedOut).toBe(false);
    expect((await t.api.call(endpoints.requestDetails, { token: admin, params: { id: during } })).body.stay.checkedOut).toBe(true);
    // The guest page no longer names anyone in the room.
    expect((await roomStay(fx.hotelA.roomIds[0], sig(fx.hotelA.roomIds[0]))).body).toEqual({ stay: null });

    const mail = await smtp.waitFor((m) => m.to.includes('layla@stay.test'));
    expect(subjectOf(mail)).toContain('شكرًا لإقامتك');
    const body = bodyOf(mail);
    const code = (await t.api.call(endpoints.requestDetails, { token: admin, params: { id: during } })).body.requestDetails.requestCode as string;
    expect(body).toContain(code);
    expect(body).toContain(`https://guest.example.com/Request/Review?id=${during}`);
    expect(body).not.toContain(before);
    expect(body).not.toContain(outside);

    // The same check-out replayed is refused; a new check-out event finds no open stay.
    expect((await send(checkOut)).status).toBe(409);
    expect((await send(event({ type: 'check-out' }))).status).toBe(400);
    await settled();
    expect(await reviewRows('R-1')).toMatchObject([{ state: 'sent' }]);
    await t.tick();
    expect(sentTo('layla@stay.test')).toHaveLength(1);
  });

  it('never sends the review e-mail again after a restart', async () => {
    await t.close();
    t = await startTestServer({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl }, clock: t.clock, env: { PUBLIC_URL: 'https://guest.example.com' } });
    // The restarted server's passes, now and past every retry time.
    await settled();
    await t.server.outbound.runOnce(new Date(t.clock.now().getTime() + 5 * 60 * 60_000));
    expect(sentTo('layla@stay.test')).toHaveLength(1);
  });

  it('a check-out committed but not mailed (the process stopped first) is mailed by the next pass of any process, once', async () => {
    admin = await t.adminToken();
    const guest = { name: 'Sara Adel', language: 'en', email: 'sara@stay.test' };
    expect((await send(event({ stayId: 'R-3', roomNumber: '101', guest }))).status).toBe(200);
    const id = await add(fx.hotelA.roomIds[0]);
    // What the stay route commits, without what it does after the commit: the process is gone by then.
    const now = t.clock.now();
    const change = { type: 'check-out', stayId: 'R-3', roomNumber: '', guest, arrival: '2026-11-27', departure: '2026-11-30' } as const;
    await db().transaction((tx) => applyStayChange(t.server.app.ctx, tx, fx.hotelA.id, `evt-${++n}`, change, now));
    expect(sentTo('sara@stay.test')).toHaveLength(0);
    expect(await reviewRows('R-3')).toMatchObject([{ state: 'pending', attempts: 0 }]);
    await t.tick();
    const mail = await smtp.waitFor((m) => m.to.includes('sara@stay.test'));
    expect(bodyOf(mail)).toContain(`https://guest.example.com/Request/Review?id=${id}`);
    await t.server.outbound.runOnce(new Date(t.clock.now().getTime() + 60 * 60_000));
    expect(sentTo('sara@stay.test')).toHaveLength(1);
  });

  it('a review e-mail whose try was cut off (the process stopped mid-send) is sent once its lease runs out, once', async () => {
    admin = await t.adminToken();
    const guest = { name: 'Omar Said', language: 'en', email: 'omar@stay.test' };
    expect((await send(event({ stayId: 'R-5', roomNumber: '101', guest }))).status).toBe(200);
    await add(fx.hotelA.roomIds[0]);
    const change = { type: 'check-out', stayId: 'R-5', roomNumber: '', guest, arrival: '2026-11-27', departure: '2026-11-30' } as const;
    await db().transaction((tx) => applyStayChange(t.server.app.ctx, tx, fx.hotelA.id, `evt-${++n}`, change, t.clock.now()));
    const now = t.clock.now();
    // A process takes the e-mail for its try and stops before the mail server answers.
    expect(await takeDue(db(), now, new Date(now.getTime() + OUTBOUND_LEASE_MS), 20)).toHaveLength(1);
    // Leased meanwhile: no pass sends it ...
    expect(await t.server.outbound.runOnce(new Date(now.getTime() + 60_000))).toBe(0);
    // ... until the lease has run out: then the pass of any process sends it, once.
    expect(await t.server.outbound.runOnce(new Date(now.getTime() + OUTBOUND_LEASE_MS + 1_000))).toBe(1);
    await smtp.waitFor((m) => m.to.includes('omar@stay.test'));
    expect(await t.server.outbound.runOnce(new Date(now.getTime() + 60 * 60_000))).toBe(0);
    expect(sentTo('omar@stay.test')).toHaveLength(1);
  });

  it('a check-out with nothing to mail (no request made) writes no e-mail', async () => {
    expect((await send(event({ stayId: 'R-4', roomNumber: '102', guest: { name: 'No Requests', language: 'en', email: 'none@stay.test' } }))).status).toBe(200);
    expect((await send(event({ stayId: 'R-4', type: 'check-out' }))).status).toBe(200);
    await settled();
    expect(await reviewRows('R-4')).toEqual([]);
    expect(sentTo('none@stay.test')).toHaveLength(0);
  });

  it('sends one review e-mail per stay when a late check-in event re-opens it and it is checked out again, however often', async () => {
    const guest = { name: 'Rana Aziz', language: 'en', email: 'rana@stay.test' };
    const stay = { stayId: 'R-7', roomNumber: '102', guest };
    const row = async () => (await db().select().from(stays).where(eq(stays.externalId, 'R-7')))[0];
    expect((await send(event(stay))).status).toBe(200);
    await add(fx.hotelA.roomIds[1]);
    expect((await send(event({ ...stay, type: 'check-out' }))).status).toBe(200);
    await smtp.waitFor((m) => m.to.includes('rana@stay.test'));
    // The PMS delivers the check-in late (after the check-out), then the check-out again; and once more.
    for (let i = 0; i < 2; i++) {
      expect((await send(event(stay))).status).toBe(200);
      expect((await row()).checkedOutAt).toBeNull();
      expect((await send(event({ ...stay, type: 'check-out' }))).status).toBe(200);
      await settled();
    }
    expect(await reviewRows('R-7')).toMatchObject([{ state: 'sent' }]);
    await t.server.outbound.runOnce(new Date(t.clock.now().getTime() + 60 * 60_000));
    expect(sentTo('rana@stay.test')).toHaveLength(1);
  });

  it('groups the room’s history by stay: each request carries its stay, the others none', async () => {
    const history = await t.api.call(endpoints.roomHistory, { token: await t.adminToken(), query: { roomId: fx.hotelA.roomIds[0] } });
    expect(history.status).toBe(200);
    const byId = new Map((history.body.requests as { id: string; stay: unknown }[]).map((r) => [r.id, r.stay]));
    expect(byId.get(during)).toMatchObject({ guestName: 'Layla Bint Hassan', arrival: '2026-11-27', departure: '2026-11-30', checkedOut: true });
    expect(byId.get(before)).toBeNull();
  });

  it('tries again, 30 s later, a review e-mail the mail server refused, and sends it once', async () => {
    admin = await t.adminToken();
    smtp.refuse.add('tom@stay.test');
    expect((await send(event({ stayId: 'R-2', roomNumber: '102', guest: { name: 'Tom Reed', language: 'en', email: 'tom@stay.test' } }))).status).toBe(200);
    const id = await add(fx.hotelA.roomIds[1]);
    expect((await send(event({ stayId: 'R-2', type: 'check-out' }))).status).toBe(200);
    // Tried once, after the answer, and refused: pending, its retry 30 s on.
    await settled();
    expect(smtp.refused).toContain('tom@stay.test');
    expect(await reviewRows('R-2')).toMatchObject([{ state: 'pending', attempts: 1, lastError: expect.any(String) }]);
    smtp.refuse.delete('tom@stay.test');
    const now = t.clock.now().getTime();
    expect(await t.server.outbound.runOnce(new Date(now + 20_000))).toBe(0);
    expect(await t.server.outbound.runOnce(new Date(now + 31_000))).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes('tom@stay.test'));
    expect(subjectOf(mail)).toMatch(/^Thank you for staying at /);
    expect(bodyOf(mail)).toContain(`https://guest.example.com/Request/Review?id=${id}`);
    expect(await reviewRows('R-2')).toMatchObject([{ state: 'sent' }]);
    expect(await t.server.outbound.runOnce(new Date(now + 60 * 60_000))).toBe(0);
    expect(sentTo('tom@stay.test')).toHaveLength(1);
  });
});
