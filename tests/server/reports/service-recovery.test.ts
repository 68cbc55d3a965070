import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { feedbackFollowUps, hotels } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, ratedRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/** Service recovery: a low rating tells the hotel's duty managers at once and opens a follow-up the report counts when resolved. */
describe('service recovery after a low rating', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let clerk: string;
  let manager: string;
  let managerEmail: string;
  let otherHotelManagerEmail: string;
  let viewerOnly: string;
  const streams: { close(): void }[] = [];
  const FEEDBACK = ['Reports.Guest Feedback.View', 'Reports.Guest Feedback.Follow Up', 'Reports.Service Levels.View'] as const;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    const tokens = t.server.app.ctx.tokens;
    const scope = { hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping, fx.departments.maintenance] };
    clerk = await tokenFor(tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, ...scope }));
    const duty = await createStaffUser(db, { claims: ['Service Management.Escalations.Receive', ...FEEDBACK], hotelIds: [fx.hotelA.id], firstName: 'Huda' });
    managerEmail = duty.email;
    manager = await tokenFor(tokens, duty);
    otherHotelManagerEmail = (await createStaffUser(db, { claims: ['Service Management.Escalations.Receive'], hotelIds: [fx.hotelB.id] })).email;
    viewerOnly = await tokenFor(tokens, await createStaffUser(db, { claims: ['Reports.Guest Feedback.View'], hotelIds: [fx.hotelA.id] }));
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.cleanup();
    await smtp.close();
  });

  /** A completed request of hotel A, rated by the guest. */
  const rated = (rating: number, custName = 'Layla Hassan') => ratedRequest(t.api, fx, clerk, { rating, custName, feedback: 'Towels came late and wet' });
  const followUpOf = async (requestId: string) => {
    const [row] = await t.server.app.ctx.database.db.select().from(feedbackFollowUps).where(eq(feedbackFollowUps.requestId, requestId));
    return row;
  };
  /** The report period: a day either side of the test clock. */
  const period = () => {
    const now = t.clock.now().getTime();
    return { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() };
  };
  const feedbackRow = async (requestId: string, token = manager) => {
    const rows = (await t.api.call(endpoints.guestFeedback, { token, query: period() })).body as { requestId: string; followUp?: { id: number; status: string; note: string; followerName: string | null } | null; custName?: string; services?: string[] }[];
    return rows.find((r) => r.requestId === requestId);
  };
  const move = (id: number, status: string, note = '', token = manager, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.updateFeedbackFollowUp, { token, lang, body: { id, status, note } });

  it('a rating at the default threshold (4) alerts the duty managers live and by e-mail, and opens a follow-up', async () => {
    const stream = await openStream(new URL(endpoints.staffEvents.path, t.url).toString(), { authorization: `Bearer ${manager}` });
    streams.push(stream);
    const id = await rated(4, 'Noura Salem');
    const event = await stream.next((e) => e.event === 'low-rating', 'low-rating event');
    expect(event.data).toMatchObject({ requestId: id, hotelId: fx.hotelA.id, lowRating: { rating: 4, custName: 'Noura Salem', roomNumber: '101' } });

    const mail = await smtp.waitFor((m) => m.to.includes(managerEmail) && bodyOf(m).includes('Noura Salem'));
    expect(subjectOf(mail)).toContain('4/10');
    expect(subjectOf(mail)).toContain(fx.hotelA.name);
    expect(bodyOf(mail)).toContain('Towels came late and wet');
    // The other hotel's duty manager is not told.
    expect(smtp.messages.some((m) => m.to.includes(otherHotelManagerEmail))).toBe(false);

    const row = await feedbackRow(id);
    expect(row).toMatchObject({ custName: 'Noura Salem', services: [expect.any(String)], followUp: { status: 'open', note: '', followerName: null } });
  });

  it('a rating above the threshold opens nothing and mails nobody', async () => {
    const before = smtp.messages.length;
    const id = await rated(5, 'Happy Guest');
    expect(await followUpOf(id)).toBeUndefined();
    expect((await feedbackRow(id))?.followUp).toBeNull();
    // The mail of a low rating goes out in the background: one sent now would be here after a further low rating's.
    const low = await rated(1, 'Marker Guest');
    await smtp.waitFor((m) => bodyOf(m).includes('Marker Guest'));
    expect(smtp.messages.slice(before).some((m) => bodyOf(m).includes('Happy Guest'))).toBe(false);
    expect(await followUpOf(low)).toBeDefined();
  });

  it('moves a follow-up forward only (open, contacted, resolved) and the report counts the recovered guest', async () => {
    const id = await rated(2);
    const followUp = (await feedbackRow(id))!.followUp!;
    const before = (await t.api.call(endpoints.serviceLevels, { token: manager, query: period() })).body.recovery;

    expect((await move(followUp.id, 'contacted', 'Called the guest, offered a late checkout')).status).toBe(200);
    const contacted = (await feedbackRow(id))!.followUp!;
    expect(contacted).toMatchObject({ status: 'contacted', note: 'Called the guest, offered a late checkout', followerName: expect.stringContaining('Huda') });

    const back = await move(followUp.id, 'open', '', manager, 'ar');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('المتابعة تتقدم فقط: مفتوحة، ثم تم التواصل، ثم محلولة');

    expect((await move(followUp.id, 'resolved', 'Guest satisfied')).status).toBe(200);
    const after = (await t.api.call(endpoints.serviceLevels, { token: manager, query: period() })).body.recovery;
    expect(after.recovered).toBe(before.recovered + 1);

    const again = await move(followUp.id, 'contacted', 'x');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This follow-up is resolved already and cannot change');
    expect((await feedbackRow(id))!.followUp).toMatchObject({ status: 'resolved', note: 'Guest satisfied' });
  });

  it('needs the Follow Up claim, and refuses unknown follow-ups and bad statuses', async () => {
    const id = await rated(3);
    const followUp = (await feedbackRow(id))!.followUp!;
    expect((await move(followUp.id, 'contacted', '', viewerOnly)).status).toBe(403);
    expect((await move(9_999_999, 'contacted')).status).toBe(404);
    expect((await move(followUp.id, 'forgotten')).status).toBe(400);
    expect((await move(followUp.id, 'contacted', 'x'.repeat(2001))).status).toBe(400);
    expect((await followUpOf(id))!.status).toBe('open');
  });

  it("follows the hotel's own threshold, and refuses a bad one with a clear message", async () => {
    const db = t.server.app.ctx.database.db;
    const [hotel] = await db.select().from(hotels).where(eq(hotels.id, fx.hotelA.id));
    const body = (recoveryThreshold: unknown) => ({
      name: hotel.name,
      nameAr: hotel.nameAr,
      hotelCode: hotel.hotelCode,
      companyId: hotel.companyId,
      acknowledgeMinutes: null,
      completeMinutes: null,
      recoveryThreshold,
    });
    const admin = await t.adminToken();
    for (const bad of [0, 10, 3.5, -1, '4']) {
      const refused = await t.api.call(endpoints.hotel.edit, { token: admin, params: { id: hotel.id }, body: body(bad), lang: 'ar' });
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field: 'recoveryThreshold' });
    }
    expect((await db.select().from(hotels).where(eq(hotels.id, fx.hotelA.id)))[0].recoveryThreshold).toBeNull();

    expect((await t.api.call(endpoints.hotel.edit, { token: admin, params: { id: hotel.id }, body: body(6) })).status).toBe(200);
    const six = await rated(6);
    expect(await followUpOf(six)).toBeDefined();
    const seven = await rated(7);
    expect(await followUpOf(seven)).toBeUndefined();
    expect((await t.api.call(endpoints.hotel.edit, { token: admin, params: { id: hotel.id }, body: body(null) })).status).toBe(200);
  });
});
