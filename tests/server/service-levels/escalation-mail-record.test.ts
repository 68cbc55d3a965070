import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { lineEscalations, services } from '../../../server/src/db/schema';
import { EscalationScheduler } from '../../../server/src/modules/service-levels/escalation-scheduler';
import { type Fixture, createStaffUser, guestRequest, seedFixture } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

const FAST = { HOTEL_SLA_MINUTE_MS: '100', HOTEL_SLA_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' };

/**
 * A process killed in the middle of an escalation's e-mails must not mail again those who
 * already have it: each receiver is written to the row as soon as the mail server takes
 * theirs, and each e-mail has a fixed Message-ID per escalation and receiver, so a copy
 * sent again all the same is one message in the mail client.
 */
describe('escalation e-mails recorded per receiver', { timeout: 120_000 }, () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  beforeAll(async () => {
    // A slow mail server: the second receiver's e-mail is still on its way when the first has arrived.
    smtp = await startSmtp({ greetingDelayMs: 1_000 });
    t = await startTestServer({ env: FAST });
    fx = await seedFixture(t.server.app.ctx.database.db);
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  it('records the first receiver before the second e-mail goes, and gives each e-mail a fixed Message-ID', async () => {
    const db = t.server.app.ctx.database.db;
    const supervisor = await createStaffUser(db, { claims: ['Service Management.Escalations.Receive'], hotelIds: [fx.hotelA.id] });
    await db.update(services).set({ acknowledgeMinutes: 1, completeMinutes: null }).where(eq(services.id, fx.services.towels));
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const line: number = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails[0].id;
    const about = () => smtp.messages.filter((m) => bodyOf(m).includes(`/Admin/Service/Details/${line}`));

    const scheduler = new EscalationScheduler(t.server.app.ctx, t.server.app.log);
    expect((await scheduler.runOnce(new Date(Date.now() + 60_000))).sent).toBe(1);
    const row = async () => (await db.select().from(lineEscalations).where(eq(lineEscalations.lineId, line)))[0];
    await expect.poll(async () => (await row()).mailedUserIds.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(1);
    // Written while the other receiver's e-mail is still being sent.
    expect(about()).toHaveLength(1);
    await scheduler.stop();
    const done = await row();
    expect(about()).toHaveLength(2);
    expect(done.mailedUserIds).toHaveLength(2);
    expect(done.mailedUserIds).toContain(supervisor.userId);
    for (const mail of about()) {
      const id = /^Message-ID: (.*)$/im.exec(mail.raw)?.[1].trim();
      const userId = mail.to.includes(supervisor.email.toLowerCase()) ? supervisor.userId : done.mailedUserIds.find((u) => u !== supervisor.userId);
      expect(id).toMatch(new RegExp(`^<escalation-${done.id}-${userId}@[^>]+>$`));
    }
  });
});
