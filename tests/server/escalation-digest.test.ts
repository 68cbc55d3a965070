import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, services, users } from '../../server/src/db/schema';
import { EscalationScheduler } from '../../server/src/modules/requests/escalations';
import { type Fixture, createStaffUser, guestRequest, seedFixture } from '../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../support/smtp';
import { type TestServer, startTestServer } from '../support/test-server';
import { useSmtp } from './administration.fixtures';

const MIN = 60_000;
const RECEIVE = 'Service Management.Escalations.Receive';

/** A hotel that takes escalation e-mails as a digest: one e-mail per receiver per window, listing the late lines. */
describe('escalation e-mails as a digest', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let en: string;
  let ar: string;
  const db = () => t.server.app.ctx.database.db;
  const to = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const file = async () => {
    const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(res.status).toBe(200);
    return (await t.api.call(endpoints.userRequestDetails, { params: { id: res.body.id } })).body.requestDetails[0].id as number;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    t.clock.set(new Date('2026-05-01T09:00:00.000Z'));
    fx = await seedFixture(db());
    await useSmtp(t, smtp);
    await db().update(services).set({ acknowledgeMinutes: 1, completeMinutes: null }).where(eq(services.id, fx.services.towels));
    await db().update(hotels).set({ escalationDigestMinutes: 10, timeZone: 'Asia/Riyadh' }).where(eq(hotels.id, fx.hotelA.id));
    en = (await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelA.id] })).email;
    const a = await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelA.id], firstName: 'Mona' });
    await db().update(users).set({ language: 'ar' }).where(eq(users.id, a.userId));
    ar = a.email;
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('sends each receiver one e-mail listing the lines late in the window, in their language and the hotel time, once across schedulers', async () => {
    const first = await Promise.all([file(), file(), file()]);
    t.clock.advance(2 * MIN);
    // The tick's digest runs before its escalations: the lines it finds late are held for the next one.
    await t.tick();
    expect(to(en)).toHaveLength(0);
    // Two schedulers (as two processes would) run the next tick at once: the digest goes once.
    // (Not both at the first: whether one's digest sees the other's lines held then depends on
    // which commits first; on PostgreSQL it sometimes did, and sent them at that tick.)
    const other = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    await Promise.all([t.tick(), other.tick(t.clock.now())]);
    await other.stop();
    expect(to(en)).toHaveLength(1);
    expect(to(ar)).toHaveLength(1);
    expect(subjectOf(to(en)[0])).toBe(`Late: 3 requests at ${fx.hotelA.name}`);
    for (const id of first) expect(bodyOf(to(en)[0])).toContain(`/Admin/Service/Details/${id}`);
    // 09:01 UTC is 12:01 in Riyadh.
    expect(bodyOf(to(en)[0])).toContain('12:01');
    expect(subjectOf(to(ar)[0])).toContain('متأخر: 3 من الطلبات');

    // Within the window: late lines wait for its end.
    const later = await Promise.all([file(), file()]);
    t.clock.advance(2 * MIN);
    await t.tick();
    expect(to(en)).toHaveLength(1);
    // The window is over: one more e-mail, with only the new lines.
    t.clock.advance(5 * MIN);
    await t.tick();
    expect(to(en)).toHaveLength(1);
    t.clock.advance(3 * MIN);
    await t.tick();
    await t.tick();
    expect(to(en)).toHaveLength(2);
    expect(subjectOf(to(en)[1])).toBe(`Late: 2 requests at ${fx.hotelA.name}`);
    for (const id of later) expect(bodyOf(to(en)[1])).toContain(`/Admin/Service/Details/${id}`);
    for (const id of first) expect(bodyOf(to(en)[1])).not.toContain(`/Admin/Service/Details/${id}`);
    expect(to(ar)).toHaveLength(2);
  });
});
