import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { hotels, services, users } from '../../../server/src/db/schema';
import { EscalationScheduler, MAIL_HOLD_MS } from '../../../server/src/modules/service-levels/escalation-scheduler';
import type { MailMessage } from '../../../server/src/mail/mailer';
import { type Fixture, createStaffUser, guestRequest, seedFixture } from '../../support/fixtures';
import { type CaughtMail, type SmtpCatcher, bodyOf, messageIdOf, startSmtp, subjectOf } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

const MIN = 60_000;
const RECEIVE = 'Service Management.Escalations.Receive';

/** A hotel that takes escalation e-mails as a digest: one e-mail per receiver per window, listing the late lines. */
describe('escalation e-mails as a digest', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let en: string;
  let ar: string;
  let enId: number;
  let arId: number;
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
    const e = await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelA.id] });
    en = e.email;
    enId = e.userId;
    const a = await createStaffUser(db(), { claims: [RECEIVE], hotelIds: [fx.hotelA.id], firstName: 'Mona' });
    await db().update(users).set({ language: 'ar' }).where(eq(users.id, a.userId));
    ar = a.email;
    arId = a.userId;
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

  /** A quiet window, then a line late and held for the digest: the next tick sends it. */
  const lateInNewWindow = async () => {
    t.clock.advance(11 * MIN);
    const id = await file();
    t.clock.advance(2 * MIN);
    await t.tick();
    return id;
  };
  const windowOf = (mail: CaughtMail) => /^<escalation-digest-(\d+-\d+)-(\d+)@/.exec(messageIdOf(mail) ?? '')?.slice(1);

  it('sends the digest to a receiver the mail server refused once it takes mail again, and nobody twice', async () => {
    const id = await lateInNewWindow();
    const before = { en: to(en).length, ar: to(ar).length };
    smtp.refuse.add(en.toLowerCase());
    try {
      await t.tick();
    } finally {
      smtp.refuse.delete(en.toLowerCase());
    }
    expect(to(ar)).toHaveLength(before.ar + 1);
    expect(to(en)).toHaveLength(before.en);
    // Tried again a minute on, not before; only for the one it did not reach.
    await t.tick();
    expect(to(en)).toHaveLength(before.en);
    t.clock.advance(MIN + 1_000);
    await t.tick();
    expect(to(en)).toHaveLength(before.en + 1);
    const mail = to(en).at(-1)!;
    expect(subjectOf(mail)).toBe(`Late: 1 requests at ${fx.hotelA.name}`);
    expect(bodyOf(mail)).toContain(`/Admin/Service/Details/${id}`);
    // One Message-ID per window and receiver: the retry is the same window's e-mail.
    expect(windowOf(mail)).toEqual([windowOf(to(ar).at(-1)!)![0], String(enId)]);
    expect(windowOf(to(ar).at(-1)!)![1]).toBe(String(arId));
    t.clock.advance(60 * MIN);
    await t.tick();
    expect(to(en)).toHaveLength(before.en + 1);
    expect(to(ar)).toHaveLength(before.ar + 1);
  });

  it('sends a digest whose process stopped mid-send once its hold runs out, to every receiver not yet mailed, once each, with the same Message-ID', async () => {
    const id = await lateInNewWindow();
    // The process that takes the digest hands the first receiver's e-mail to the mail server,
    // writes it down, and is gone while sending the second: that send never comes back.
    const mailer = t.server.app.ctx.mailer;
    const send = mailer.send.bind(mailer);
    let first: MailMessage | undefined;
    let cutOff: MailMessage | undefined;
    let reached = () => {};
    const gone = new Promise<void>((resolve) => (reached = resolve));
    mailer.send = (message) => {
      if (!first) {
        first = message;
        return send(message);
      }
      cutOff = message;
      reached();
      return new Promise<string>(() => undefined);
    };
    const dying = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    try {
      void dying.sendDigests(t.clock.now());
      await gone;
    } finally {
      mailer.send = send;
    }
    // Every e-mail of this digest (the one listing this line), whoever it went to.
    const ofWindow = () => smtp.messages.filter((m) => bodyOf(m).includes(`/Admin/Service/Details/${id}`)).map((m) => m.to[0]);
    expect(cutOff!.to).not.toBe(first!.to);
    expect(ofWindow()).toEqual([first!.to]);
    // Held: no other process sends it meanwhile.
    t.clock.advance(MAIL_HOLD_MS - MIN);
    await t.tick();
    expect(ofWindow()).toEqual([first!.to]);
    // The hold has run out: every receiver not yet mailed gets it, the one mailed does not again.
    t.clock.advance(MIN + 1_000);
    await t.tick();
    const mailed = ofWindow();
    expect(new Set(mailed).size).toBe(mailed.length);
    expect(mailed).toEqual(expect.arrayContaining([en, ar, cutOff!.to]));
    // The same e-mail as the one cut off: its Message-ID is the window's and the receiver's.
    const mail = smtp.messages.find((m) => m.to.includes(cutOff!.to) && bodyOf(m).includes(`/Admin/Service/Details/${id}`))!;
    expect(cutOff!.messageId).toMatch(/^<escalation-digest-\d+-\d+-\d+@/);
    expect(messageIdOf(mail)).toBe(cutOff!.messageId);
    t.clock.advance(60 * MIN);
    await t.tick();
    expect(ofWindow()).toEqual(mailed);
  });
});
