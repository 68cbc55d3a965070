import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineEscalations, requestLines, requests, services } from '../../../server/src/db/schema';
import { type Fixture, createStaffUser, seedFixture, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

const CREATE = 'Service Management.Request List.Create';
const VIEW = 'Service Management.Request List.View';
const RECEIVE = 'Service Management.Escalations.Receive';
/** A target minute lasts this long (ms) here; the test moves the server's clock past it. */
const MINUTE_MS = 100;

describe('requests filed at the desk for a guest (phone or walk-in)', { timeout: 60_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let receptionist: string;
  let viewer: string;
  let supervisor: string;
  const db = () => t.server.app.ctx.database.db;
  const file = (token: string, over: Record<string, unknown> = {}) =>
    t.api.call(endpoints.createRequestForGuest, {
      token,
      body: {
        channel: 'phone',
        hotelId: fx.hotelA.id,
        roomId: fx.hotelA.roomIds[0],
        services: [{ serviceId: fx.services.towels, note: 'two bath towels' }],
        ...over,
      },
    });
  const requestCount = async () => (await db().select({ id: requests.id }).from(requests)).length;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_SLA_MINUTE_MS: String(MINUTE_MS), HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    fx = await seedFixture(db());
    await useSmtp(t, smtp);
    const tokens = t.server.app.ctx.tokens;
    // Front desk of hotel A: no department of its own, files for any department of its hotel.
    receptionist = await tokenFor(tokens, await createStaffUser(db(), { claims: [VIEW, CREATE], hotelIds: [fx.hotelA.id] }));
    viewer = await tokenFor(tokens, await createStaffUser(db(), { claims: [VIEW], hotelIds: [fx.hotelA.id] }));
    supervisor = await tokenFor(
      tokens,
      await createStaffUser(db(), { claims: [VIEW, RECEIVE, 'Service Management.Service List.View'], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }),
    );
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('needs the Request List.Create claim (403 without it, nothing stored)', async () => {
    const before = await requestCount();
    const res = await file(viewer);
    expect(res.status).toBe(403);
    expect(await requestCount()).toBe(before);
    expect((await t.api.call(endpoints.createRequestForGuest, { body: { channel: 'phone' } })).status).toBe(401);
  });

  it('refuses a room of another hotel with a clear message, in both languages, storing nothing', async () => {
    const before = await requestCount();
    const res = await file(receptionist, { roomId: fx.hotelB.roomIds[0] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'roomId', message: 'This room does not belong to the chosen hotel' });
    const ar = await t.api.call(endpoints.createRequestForGuest, {
      token: receptionist,
      query: { lang: 'ar' },
      body: { channel: 'desk', hotelId: fx.hotelA.id, roomId: fx.hotelB.roomIds[0], services: [{ serviceId: fx.services.towels }] },
    });
    expect(ar.body.errors).toContainEqual({ field: 'roomId', message: 'هذه الغرفة لا تتبع الفندق المختار' });
    expect(await requestCount()).toBe(before);
  });

  it('files only for the hotels the user sees (a write follows its read)', async () => {
    const before = await requestCount();
    const res = await file(receptionist, { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot file requests for this hotel: it is not one of your hotels');
    expect(await requestCount()).toBe(before);
  });

  it('a phone-in by a user of hotel A for a room of hotel B is refused however it is put (in both languages), and creates no request or line', async () => {
    const lines = async () => (await db().select({ id: requestLines.id }).from(requestLines)).length;
    const [before, linesBefore] = [await requestCount(), await lines()];
    const roomB = fx.hotelB.roomIds[0];
    const ar = await t.api.call(endpoints.createRequestForGuest, {
      token: receptionist,
      lang: 'ar',
      body: { channel: 'phone', hotelId: fx.hotelB.id, roomId: roomB, custName: 'Mallory', services: [{ serviceId: fx.services.towels }] },
    });
    expect(ar.status).toBe(403);
    expect(ar.body.message).toBe('لا يمكنك تسجيل طلبات لهذا الفندق: فهو ليس من فنادقك');
    // Its own hotel named with the other hotel's room: the room does not fit.
    expect((await file(receptionist, { roomId: roomB })).status).toBe(400);
    // A user of no hotel at all files for none.
    const nowhere = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db(), { claims: [VIEW, CREATE], hotelIds: [] }));
    expect((await file(nowhere, { hotelId: fx.hotelB.id, roomId: roomB })).status).toBe(403);
    expect((await file(nowhere)).status).toBe(403);
    expect([await requestCount(), await lines()]).toEqual([before, linesBefore]);
  });

  it('refuses a guest channel, a phone outside its country plan, and a bad e-mail: clear 400s', async () => {
    const before = await requestCount();
    expect((await file(receptionist, { channel: 'guest' })).status).toBe(400);
    expect((await file(receptionist, { channel: 'integration' })).status).toBe(400);
    const phone = await file(receptionist, { custPhone: '+966 12' });
    expect(phone.status).toBe(400);
    expect(phone.body.errors?.[0]?.field).toBe('custPhone');
    expect((await file(receptionist, { custEmail: 'not-an-address' })).status).toBe(400);
    expect(await requestCount()).toBe(before);
  });

  it('stores the channel, lists and shows it; name and phone may be empty; the desk hears it like a guest request', async () => {
    const events = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${supervisor}` });
    try {
      const res = await file(receptionist, { note: 'Guest called from the room' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ linkEmailed: false });
      expect(res.body.message).toMatch(/^Request RQ-\d{6} filed for the guest$/);
      const id = res.body.id as string;
      const created = await events.next((e) => e.event === 'request-created' && e.data.requestId === id, 'the new request event');
      expect(created.data).toMatchObject({ hotelId: fx.hotelA.id, departmentIds: [fx.departments.housekeeping], mine: true });
      expect(created.data.summary).toMatchObject({ roomNumber: '101', notePreview: 'Guest called from the room' });

      const [row] = await db().select().from(requests).where(eq(requests.id, id));
      expect(row).toMatchObject({ channel: 'phone', custName: '', custPhone: '', custEmail: '', roomVerified: true });
      const list = await t.api.call(endpoints.allRequests, { token: receptionist });
      expect(list.body.find((r: { id: string }) => r.id === id)).toMatchObject({ channel: 'phone', roomNumber: '101' });
      const details = await t.api.call(endpoints.requestDetails, { token: receptionist, params: { id } });
      expect(details.body).toMatchObject({ channel: 'phone', trackingLink: `${t.config.publicUrl}/Request/Review?id=${id}` });
      // The guest follows it like their own: the same public page by the same id.
      expect((await t.api.call(endpoints.userRequestDetails, { params: { id } })).status).toBe(200);
      // A guest's own request stays 'guest'.
      const guest = await t.api.call(endpoints.addRequest, {
        body: { custName: 'Layla', custEmail: 'l@example.com', custPhone: '+966 55 123 4567', hotelId: fx.hotelA.id, roomId: fx.hotelA.roomIds[1], services: [{ serviceId: fx.services.towels }] },
      });
      const guestRow = (await t.api.call(endpoints.allRequests, { token: receptionist })).body.find((r: { id: string }) => r.id === guest.body.id);
      expect(guestRow.channel).toBe('guest');
    } finally {
      events.close();
    }
  });

  it('lists each service line with its request\'s channel, on every sort the Services list offers', async () => {
    const res = await file(receptionist, { channel: 'desk', services: [{ serviceId: fx.services.towels, note: 'at the desk' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The page found on the lines alone (its own columns), and the page of the full join (a name sort).
    for (const query of [{}, { sort: 'serviceName', order: 'asc' }, { sort: 'hotelName', order: 'desc' }]) {
      const lines = await t.api.call(endpoints.allServicesRequest, { token: supervisor, query });
      expect(lines.status, JSON.stringify(lines.body)).toBe(200);
      const row = lines.body.find((r: { requestId: string }) => r.requestId === res.body.id);
      expect(row, JSON.stringify(query)).toMatchObject({ channel: 'desk' });
      expect(lines.body.every((r: { channel?: string }) => ['guest', 'phone', 'desk'].includes(r.channel ?? ''))).toBe(true);
    }
  });

  it('starts the clock of each line and escalates it when its target passes, like a guest request', async () => {
    await db().update(services).set({ acknowledgeMinutes: 5, completeMinutes: 30 }).where(eq(services.id, fx.services.towels));
    try {
      const res = await file(receptionist, { channel: 'desk', custName: 'Omar', services: [{ serviceId: fx.services.towels }, { serviceId: fx.services.special, note: 'crib' }] });
      expect(res.status).toBe(200);
      const lines = await db().select().from(requestLines).where(eq(requestLines.requestId, res.body.id));
      const towels = lines.find((l) => l.serviceId === fx.services.towels)!;
      expect(towels.clockStartedAt).not.toBeNull();
      expect(towels.acknowledgeDueAt!.getTime() - towels.clockStartedAt!.getTime()).toBe(5 * MINUTE_MS);
      // A Special Request's clock runs from creation too.
      expect(lines.find((l) => l.serviceId === fx.services.special)!.clockStartedAt).not.toBeNull();
      t.clock.set(towels.acknowledgeDueAt!.getTime() + 1);
      await t.tick();
      const escalated = await db().select().from(lineEscalations).where(eq(lineEscalations.lineId, towels.id));
      expect(escalated.map((e) => e.kind)).toEqual(['acknowledge']);
      const list = await t.api.call(endpoints.allRequests, { token: receptionist, query: { overdue: 'true' } });
      expect(list.body.map((r: { id: string }) => r.id)).toContain(res.body.id);
    } finally {
      await db().update(services).set({ acknowledgeMinutes: null, completeMinutes: null }).where(eq(services.id, fx.services.towels));
    }
  });

  it('e-mails the tracking link when asked and an address is given, in the guest\'s language', async () => {
    const res = await file(receptionist, { custEmail: 'caller@example.com', emailLink: true, guestLanguage: 'ar', custPhone: '+49 151 23456789' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.linkEmailed).toBe(true);
    const mail = await smtp.waitFor((m) => m.to.includes('caller@example.com'));
    expect(subjectOf(mail)).toContain('طلبك');
    expect(bodyOf(mail)).toContain(`/Request/Review?id=${res.body.id}`);
    // Not asked: no e-mail.
    const quiet = await file(receptionist, { custEmail: 'quiet@example.com' });
    expect(quiet.body.linkEmailed).toBe(false);
  });

  it('breaks the service-level report down by channel', async () => {
    const admin = await t.adminToken();
    const now = t.clock.now().getTime();
    const res = await t.api.call(endpoints.serviceLevels, {
      token: admin,
      query: { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString(), groupBy: 'channel' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = Object.fromEntries(res.body.rows.map((r: { key: string; name: string }) => [r.key, r.name]));
    expect(names).toMatchObject({ phone: 'Phone', desk: 'At the desk', guest: 'Guest page' });
  });
});
