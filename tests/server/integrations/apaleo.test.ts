import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { apaleoSettings, requests, stayEvents, stays } from '../../../server/src/db/schema';
import { type Fixture, guestRequest, seedFixture } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

const CLIENT_ID = 'HOTEL-SP-GUESTSERVICE';
const CLIENT_SECRET = 'apaleo-client-secret-value-0123456789';
const PROPERTY = 'HFTF-AADS';
const TOKEN_LIFETIME_S = 3600;

/**
 * A fake apaleo on loopback: the identity server's token endpoint (client credentials,
 * HTTP Basic) and the Booking API's GET /booking/v1/reservations/{id}, answering in
 * apaleo's documented shapes (ReservationModel of api.apaleo.com/swagger).
 */
class FakeApaleo {
  server!: Server;
  url = '';
  reservations = new Map<string, Record<string, unknown>>();
  /** 'down': every call's connection is dropped; 'busy': 503. */
  state: 'up' | 'down' | 'busy' = 'up';
  tokensIssued: string[] = [];
  reads: { path: string; authorization?: string }[] = [];
  urls: string[] = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = '';
    for await (const chunk of req) body += chunk;
    this.urls.push(req.url ?? '');
    if (this.state === 'down') return void req.socket.destroy();
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (this.state === 'busy') return json(503, { message: 'unavailable' });
    if (req.method === 'POST' && req.url === '/connect/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected || new URLSearchParams(body).get('grant_type') !== 'client_credentials') return json(400, { error: 'invalid_client' });
      const token = `token-${this.tokensIssued.length + 1}`;
      this.tokensIssued.push(token);
      return json(200, { access_token: token, expires_in: TOKEN_LIFETIME_S, token_type: 'Bearer', scope: 'reservations.read' });
    }
    const match = /^\/booking\/v1\/reservations\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && match) {
      this.reads.push({ path: req.url!, authorization: req.headers.authorization });
      if (req.headers.authorization !== `Bearer ${this.tokensIssued.at(-1)}`) return json(401, {});
      const reservation = this.reservations.get(decodeURIComponent(match[1]));
      return reservation ? json(200, reservation) : json(404, { messages: ['Reservation not found'] });
    }
    json(404, {});
  }
}

/** A reservation as apaleo's Booking API returns it (fields beyond what the stay needs included, as apaleo sends them). */
function reservation(id: string, over: { status?: string; unit?: string | null; property?: string } = {}) {
  return {
    id,
    bookingId: id.split('-')[0],
    status: over.status ?? 'InHouse',
    checkInTime: '2026-11-27T14:02:11+01:00',
    property: { id: over.property ?? PROPERTY, code: over.property ?? PROPERTY, name: 'Hotel Frankfurt', description: 'Airport' },
    ratePlan: { id: `${PROPERTY}-NONREF-SGL`, code: 'NONREF', name: 'Non refundable', isSubjectToCityTax: false },
    unitGroup: { id: `${PROPERTY}-SGL`, code: 'SGL', name: 'Single', type: 'BedRoom' },
    ...(over.unit === null ? {} : { unit: { id: `${PROPERTY}-${over.unit ?? '101'}`, name: over.unit ?? '101', description: 'Single room', unitGroupId: `${PROPERTY}-SGL` } }),
    totalGrossAmount: { amount: 320, currency: 'EUR' },
    arrival: '2026-11-27T15:00:00+01:00',
    departure: '2026-11-30T11:00:00+01:00',
    created: '2026-11-01T09:12:00+01:00',
    modified: '2026-11-27T14:02:11+01:00',
    adults: 1,
    channelCode: 'Direct',
    primaryGuest: { title: 'Ms', firstName: 'Layla', lastName: 'Hassan', email: 'layla@example.com', preferredLanguage: 'AR', address: { countryCode: 'SA' } },
    guaranteeType: 'CreditCard',
    balance: { amount: 0, currency: 'EUR' },
    hasCityTax: false,
  };
}

/**
 * apaleo's webhooks: a notification names the reservation; the server reads it from
 * apaleo with the hotel's own credentials and applies check-in, room change and check-out.
 */
describe('apaleo PMS adapter', () => {
  const apaleo = new FakeApaleo();
  let t: TestServer;
  let fx: Fixture;
  let smtp: SmtpCatcher;
  let n = 0;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    await apaleo.start();
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_APALEO_IDENTITY_URL: apaleo.url, HOTEL_APALEO_API_URL: `${apaleo.url}/` } });
    fx = await seedFixture(db());
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t?.cleanup();
    await apaleo.stop();
    await smtp?.close();
  });
  beforeEach(() => {
    apaleo.state = 'up';
  });

  const save = async (body: Record<string, unknown>, lang?: 'ar') =>
    t.api.call(endpoints.saveApaleoSettings, { token: await t.adminToken(), lang, body: { hotelId: fx.hotelA.id, enabled: true, propertyId: PROPERTY, clientId: CLIENT_ID, ...body } });
  /** A notification as apaleo sends it (apaleo.dev/guides/webhook/webhooks-payload). */
  const notification = (reservationId: string, type = 'checked-in', over: Record<string, unknown> = {}) => ({
    topic: 'Reservation',
    type,
    id: `ec5a1fe4-331c-450a-915c-${String(++n).padStart(12, '0')}`,
    accountId: 'HFTF',
    propertyId: PROPERTY,
    timestamp: t.clock.now().getTime(),
    clientId: 'HFTF-SP-SOMEAPP',
    subjectId: '6f1c719d-1f45-4331-a30c-c6da0f642b60',
    data: { entityId: reservationId },
    ...over,
  });
  const send = (body: object, lang?: 'ar') => t.api.raw('POST', endpoints.apaleoWebhook.path, { body: JSON.stringify(body), lang });
  const stayOf = async (externalId: string) => (await db().select().from(stays).where(eq(stays.externalId, externalId)))[0];
  const state = async () => ({ stays: await db().select().from(stays), events: await db().select().from(stayEvents) });

  it('keeps the hotel’s apaleo settings behind the Integrations claims, the secret write-only', async () => {
    expect((await t.api.call(endpoints.apaleoSettings, { query: { hotelId: fx.hotelA.id } })).status).toBe(401);
    const incomplete = await save({}, 'ar');
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe('لتشغيل اتصال apaleo، أدخل معرّف العقار ومعرّف العميل وسر العميل');
    expect((await save({})).body.message).toBe('To turn the apaleo connection on, give the property id, the client id and the client secret');
    expect((await save({ propertyId: 'HFTF AADS; drop' })).status).toBe(400);
    expect((await save({ propertyId: 'X'.repeat(5000), clientSecret: CLIENT_SECRET })).status).toBe(400);

    const saved = await save({ clientSecret: CLIENT_SECRET });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({ enabled: true, propertyId: PROPERTY, clientId: CLIENT_ID, hasClientSecret: true });
    expect(saved.body.settings.webhookUrl).toMatch(/\/api\/Integrations\/Pms\/Apaleo$/);
    expect(JSON.stringify(saved.body)).not.toContain(CLIENT_SECRET);
    // Stored sealed, and kept when the form is saved without a new one.
    const [row] = await db().select().from(apaleoSettings).where(eq(apaleoSettings.hotelId, fx.hotelA.id));
    expect(row.clientSecretEnc).not.toContain(CLIENT_SECRET);
    expect((await save({ clientSecret: '' })).body.settings.hasClientSecret).toBe(true);
    const read = await t.api.call(endpoints.apaleoSettings, { token: await t.adminToken(), query: { hotelId: fx.hotelA.id } });
    expect(read.body).toMatchObject({ hasClientSecret: true, propertyId: PROPERTY });
    expect(JSON.stringify(read.body)).not.toContain(CLIENT_SECRET);

    // One property, one hotel.
    const other = await t.api.call(endpoints.saveApaleoSettings, {
      token: await t.adminToken(),
      body: { hotelId: fx.hotelB.id, enabled: false, propertyId: PROPERTY, clientId: '' },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(`The apaleo property ${PROPERTY} is already connected to another hotel`);
  });

  it('check-in, room change and check-out follow apaleo’s reservation; a request from the room carries the stay', async () => {
    apaleo.reservations.set('XPGMSXGF-1', reservation('XPGMSXGF-1'));
    const checkedIn = await send(notification('XPGMSXGF-1'));
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    expect(checkedIn.body.message).toBe('The apaleo reservation was read and the stay updated');
    let stay = await stayOf('XPGMSXGF-1');
    expect(stay).toMatchObject({
      hotelId: fx.hotelA.id,
      roomId: fx.hotelA.roomIds[0],
      guestName: 'Layla Hassan',
      language: 'ar',
      email: 'layla@example.com',
      arrival: '2026-11-27T15:00:00+01:00',
      departure: '2026-11-30T11:00:00+01:00',
      checkedOutAt: null,
    });
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { roomId: fx.hotelA.roomIds[0] }) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await db().select().from(requests).where(eq(requests.id, added.body.id)))[0].stayId).toBe(stay.id);

    apaleo.reservations.set('XPGMSXGF-1', reservation('XPGMSXGF-1', { unit: '102' }));
    expect((await send(notification('XPGMSXGF-1', 'unit-assigned'))).status).toBe(200);
    stay = await stayOf('XPGMSXGF-1');
    expect(stay.roomId).toBe(fx.hotelA.roomIds[1]);
    expect(stay.checkedOutAt).toBeNull();

    apaleo.reservations.set('XPGMSXGF-1', reservation('XPGMSXGF-1', { unit: '102', status: 'CheckedOut' }));
    expect((await send(notification('XPGMSXGF-1', 'checked-out'))).status).toBe(200);
    expect((await stayOf('XPGMSXGF-1')).checkedOutAt).not.toBeNull();
    // The check-out apaleo reports sends the stay's review e-mail, as a signed stay event's does.
    const mail = await smtp.waitFor((m) => m.to.includes('layla@example.com'));
    const code = (await t.api.call(endpoints.requestDetails, { token: await t.adminToken(), params: { id: added.body.id } })).body.requestDetails.requestCode as string;
    expect(bodyOf(mail)).toContain(code);
    // The secret went in the Authorization header only, never in an address.
    expect(apaleo.urls.some((u) => u.includes(CLIENT_SECRET) || u.includes('token-'))).toBe(false);
  });

  it('takes a notification id once: sent again it changes nothing and apaleo is not read again', async () => {
    apaleo.reservations.set('REPLAY-1', reservation('REPLAY-1'));
    const once = notification('REPLAY-1');
    expect((await send(once)).status).toBe(200);
    const taken = await state();
    const reads = apaleo.reads.length;
    apaleo.reservations.set('REPLAY-1', reservation('REPLAY-1', { unit: '102' }));
    const again = await send(once);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`This apaleo notification (${once.id}) was already received`);
    expect(apaleo.reads.length).toBe(reads);
    expect(await state()).toEqual(taken);
  });

  it('refuses an unknown property, a turned-off connection, another property’s reservation, an unknown room and a malformed body, changing nothing', async () => {
    apaleo.reservations.set('REFUSED-1', reservation('REFUSED-1'));
    const before = await state();
    const reads = apaleo.reads.length;

    const unknown = await send(notification('REFUSED-1', 'checked-in', { propertyId: 'MUC' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No hotel is connected to the apaleo property MUC');
    expect((await send(notification('REFUSED-1', 'checked-in', { propertyId: 'MUC' }), 'ar')).body.message).toBe('لا يوجد فندق مرتبط بعقار apaleo ذي المعرّف MUC');
    expect(apaleo.reads.length).toBe(reads);

    // The reservation read from apaleo belongs to another property of the account.
    apaleo.reservations.set('OTHER-1', reservation('OTHER-1', { property: 'BER' }));
    const other = await send(notification('OTHER-1'));
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('The reservation OTHER-1 belongs to another apaleo property');

    apaleo.reservations.set('ROOM-1', reservation('ROOM-1', { unit: '999' }));
    const room = await send(notification('ROOM-1'));
    expect(room.status).toBe(400);
    expect(room.body.message).toBe('The hotel has no room 999');
    expect((await send(notification('ROOM-1'), 'ar')).body.message).toBe('لا توجد في الفندق غرفة 999');

    const missing = await send(notification('NOPE-1'));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('apaleo has no reservation NOPE-1');

    for (const bad of [
      { ...notification('REFUSED-1'), data: { entityId: 'A'.repeat(100_000) } },
      { ...notification('REFUSED-1'), data: { entityId: '../../inventory/v1/properties' } },
      { ...notification('REFUSED-1'), id: undefined },
      { ...notification('REFUSED-1'), topic: 'R'.repeat(10_000) },
    ]) {
      const answer = await send(bad);
      expect(answer.status, JSON.stringify(bad).slice(0, 200)).toBe(400);
    }
    expect((await t.api.raw('POST', endpoints.apaleoWebhook.path, { body: '{"topic":', headers: { 'content-type': 'application/json' } })).status).toBe(400);

    expect((await save({ enabled: false })).status).toBe(200);
    const off = await send(notification('REFUSED-1'));
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('The apaleo connection of this hotel is turned off: nothing was changed');
    expect((await save({ enabled: true })).status).toBe(200);

    expect(await state()).toEqual(before);
  });

  it('acknowledges apaleo’s health check and events it does not use', async () => {
    const health = await send({ id: '56eca994-f272-47b3-a56b-1327e9125ff3', topic: 'system', type: 'healthcheck', accountId: 'HFTF', propertyIds: [PROPERTY], timestamp: 1655824163606 });
    expect(health.status).toBe(200);
    expect((await send(notification('IGNORED-1', 'created'))).status).toBe(200);
  });

  it('answers 5xx while apaleo cannot be read, changing nothing, and takes the same notification when apaleo sends it again', async () => {
    apaleo.reservations.set('DOWN-1', reservation('DOWN-1'));
    const before = await state();
    const note = notification('DOWN-1');
    apaleo.state = 'down';
    const down = await send(note);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe('apaleo could not be reached to read the reservation: nothing was changed, please try again');
    apaleo.state = 'busy';
    // The cached token may still be good; the reservation read fails all the same.
    expect((await send(note)).status).toBe(503);
    expect(await state()).toEqual(before);

    apaleo.state = 'up';
    const retried = await send(note);
    expect(retried.status).toBe(200);
    expect((await stayOf('DOWN-1')).roomId).toBe(fx.hotelA.roomIds[0]);
  });

  it('answers 502 when apaleo refuses the hotel’s credentials', async () => {
    expect((await save({ clientSecret: 'a-wrong-secret' })).status).toBe(200);
    apaleo.reservations.set('CRED-1', reservation('CRED-1'));
    const refused = await send(notification('CRED-1'));
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe('apaleo refused this hotel’s client id or secret: nothing was changed');
    expect(await stayOf('CRED-1')).toBeUndefined();
    expect((await save({ clientSecret: CLIENT_SECRET })).status).toBe(200);
  });
  it('keeps the token until shortly before it expires, then gets a new one', async () => {
    apaleo.reservations.set('TOKEN-1', reservation('TOKEN-1', { status: 'Confirmed' }));
    expect((await send(notification('TOKEN-1', 'changed'))).status).toBe(200);
    const issued = apaleo.tokensIssued.length;
    expect((await send(notification('TOKEN-1', 'changed'))).status).toBe(200);
    expect(apaleo.tokensIssued.length).toBe(issued);

    t.clock.advance((TOKEN_LIFETIME_S - 30) * 1000);
    expect((await send(notification('TOKEN-1', 'changed'))).status).toBe(200);
    expect(apaleo.tokensIssued.length).toBe(issued + 1);
    expect(apaleo.reads.at(-1)?.authorization).toBe(`Bearer ${apaleo.tokensIssued.at(-1)}`);
  });
});

describe('apaleo reads caused by notifications', () => {
  it('are limited per hotel: past the limit the notification gets 429 and apaleo is not asked', async () => {
    const fake = new FakeApaleo();
    await fake.start();
    const t = await startTestServer({ env: { HOTEL_APALEO_IDENTITY_URL: fake.url, HOTEL_APALEO_API_URL: fake.url, HOTEL_APALEO_READS_PER_MINUTE: '2' } });
    try {
      const fx = await seedFixture(t.server.app.ctx.database.db);
      const saved = await t.api.call(endpoints.saveApaleoSettings, {
        token: await t.adminToken(),
        body: { hotelId: fx.hotelA.id, enabled: true, propertyId: PROPERTY, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      });
      expect(saved.status).toBe(200);
      fake.reservations.set('FLOOD-1', reservation('FLOOD-1', { status: 'Confirmed' }));
      const post = (id: string) =>
        t.api.raw('POST', endpoints.apaleoWebhook.path, { body: { topic: 'Reservation', type: 'changed', id, propertyId: PROPERTY, data: { entityId: 'FLOOD-1' } } });
      expect((await post('flood-1')).status).toBe(200);
      expect((await post('flood-2')).status).toBe(200);
      expect((await post('flood-3')).status).toBe(429);
      expect(fake.reads).toHaveLength(2);
    } finally {
      await t.cleanup();
      await fake.stop();
    }
  });
});

describe('apaleo in the OpenAPI document', () => {
  it('documents the webhook route for integrators', async () => {
    const t = await startTestServer();
    try {
      const doc = (await t.api.raw('GET', '/api/openapi.json')).body;
      const post = doc.paths['/api/Integrations/Pms/Apaleo'].post;
      expect(post.description).toContain('Booking API');
      expect(post.security).toBeUndefined();
      expect(doc.paths['/api/Integrations/Pms/Apaleo/Settings'].put).toBeDefined();
    } finally {
      await t.cleanup();
    }
  });
});
