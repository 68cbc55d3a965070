import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/src/db/client';
import { endpoints } from '@shared';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, ratedRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type CaughtMail, type SmtpCatcher, bodyOf, messageIdOf, startSmtp, subjectOf } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';
import { untilWithin } from '../../support/until';

const until = untilWithin(10_000);

/**
 * A mail server that refuses an e-mail, then takes it: the low-rating e-mail to the duty
 * managers and the password-reset e-mail are tried again on the server's clock (the outbound
 * queue's backoff) and arrive once, with one Message-ID. The server looks for retries only when
 * the test moves its clock (HOTEL_OUTBOUND_TICK_MS=0), so nothing here waits for real time.
 */
describe('e-mails the mail server refused are tried again', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let fx: Fixture;
  let clerk: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ env: { HOTEL_REQUEST_RATE_LIMIT: '1000', HOTEL_OUTBOUND_TICK_MS: '0', HOTEL_RATE_LIMITS: 'off' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    clerk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    await useSmtp(t, smtp);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  /** A completed request of hotel A, rated by the guest. */
  const rate = (rating: number, custName: string) => ratedRequest(t.api, fx, clerk, { rating, custName, feedback: 'Cold tea' });
  /** Moves the server's clock past the retry wait and runs what is due, as the next tick would. */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    await t.tick();
  };
  const copiesOf = (match: (m: CaughtMail) => boolean) => smtp.messages.filter(match);
  /**
   * The refusal written down (the try's lease given back, the next try 30 s on): only then does moving the
   * clock reach it. The mail server's refusal comes a moment before the server records it; a clock moved in
   * between would be read by the record, and the retry would fall 30 s after the moved time. (Each test's
   * refused message is the only one pending with an error: the one before it was sent.)
   */
  const refusalRecorded = (to: string) =>
    until(async () => {
      const rows = rowsOf<{ n: number }>(
        await t.server.app.ctx.database.db.execute(
          sql`select count(*)::int as n from outbound_messages where state = 'pending' and attempts >= 1 and last_error is not null`,
        ),
      );
      return rows[0].n > 0;
    }, `the refusal for ${to} recorded`);

  it('a low rating e-mail the mail server refused reaches the duty manager once it takes it, once', async () => {
    const db = t.server.app.ctx.database.db;
    const manager = await createStaffUser(db, { claims: ['Service Management.Escalations.Receive'], hotelIds: [fx.hotelA.id], firstName: 'Huda' });
    const isTheAlert = (m: CaughtMail) => m.to.includes(manager.email) && bodyOf(m).includes('Refused Guest');
    smtp.refuse.add(manager.email);
    await rate(2, 'Refused Guest');
    await until(() => smtp.refused.includes(manager.email), 'the mail server to refuse the alert');
    await refusalRecorded(manager.email);
    expect(copiesOf(isTheAlert)).toHaveLength(0);

    smtp.refuse.delete(manager.email);
    // The first retry waits 30 s on the server's clock.
    await later(31_000);
    const mail = await smtp.waitFor(isTheAlert, 5_000);
    expect(subjectOf(mail)).toContain('2/10');
    // Later passes have nothing left to send: the alert was written down as sent.
    await later(10 * 60_000);
    await later(60 * 60_000);
    expect(copiesOf(isTheAlert)).toHaveLength(1);
    expect(messageIdOf(mail)).toBeDefined();
  });

  it('a password-reset e-mail the mail server refused arrives once it takes it, once, with a link that works', async () => {
    const db = t.server.app.ctx.database.db;
    const user = await createStaffUser(db, { claims: [] });
    const isTheReset = (m: CaughtMail) => m.to.includes(user.email) && subjectOf(m) === 'Reset your password';
    smtp.refuse.add(user.email);
    const asked = await t.api.call(endpoints.forgotPassword, { body: { email: user.email } });
    expect(asked.status).toBe(200);
    await until(() => smtp.refused.includes(user.email), 'the mail server to refuse the reset e-mail');
    await refusalRecorded(user.email);

    smtp.refuse.delete(user.email);
    await later(31_000);
    const mail = await smtp.waitFor(isTheReset, 5_000);
    await later(10 * 60_000);
    expect(copiesOf(isTheReset)).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+ResetPassword\?\S+/.exec(bodyOf(mail))![0]);
    const reset = await t.api.call(endpoints.resetPassword, {
      body: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), newPassword: 'Quiet-Harbour-Lantern-77' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it('a tracking-link e-mail the mail server refused reaches the guest once it takes it, once', async () => {
    const db = t.server.app.ctx.database.db;
    const desk = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: ['Service Management.Request List.View', 'Service Management.Request List.Create'], hotelIds: [fx.hotelA.id] }));
    const guest = 'refused.caller@example.com';
    const isTheLink = (m: CaughtMail) => m.to.includes(guest);
    smtp.refuse.add(guest);
    const filed = await t.api.call(endpoints.createRequestForGuest, {
      token: desk,
      body: { channel: 'phone', hotelId: fx.hotelA.id, roomId: fx.hotelA.roomIds[0], services: [{ serviceId: fx.services.towels }], custName: 'Caller', custEmail: guest, emailLink: true },
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    await until(() => smtp.refused.includes(guest), 'the mail server to refuse the tracking link');
    await refusalRecorded(guest);
    expect(copiesOf(isTheLink)).toHaveLength(0);

    smtp.refuse.delete(guest);
    await later(31_000);
    const mail = await smtp.waitFor(isTheLink, 5_000);
    expect(bodyOf(mail)).toContain(`/Request/Review?id=${filed.body.id}`);
    await later(10 * 60_000);
    await later(60 * 60_000);
    expect(copiesOf(isTheLink)).toHaveLength(1);
  });

  it("a request's finished e-mail the mail server refused reaches the guest once it takes it, once", async () => {
    const guest = 'refused.finished@example.com';
    const isTheNotice = (m: CaughtMail) => m.to.includes(guest);
    // The clock has moved hours on: a token of now (the one of beforeAll has expired).
    const db = t.server.app.ctx.database.db;
    const staff = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { claims: SERVICE_CLAIMS, hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] }));
    smtp.refuse.add(guest);
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custEmail: guest }), lang: 'en' });
    const [line] = (await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } })).body.requestDetails;
    for (const body of [
      { requestDetailsId: line.id, status: 'Assigned', note: '', workerId: fx.workers.housekeeper },
      { requestDetailsId: line.id, status: 'Completed', note: 'Left at your door' },
    ]) {
      const res = await t.api.call(endpoints.updateServiceRequestStatus, { token: staff, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await until(() => smtp.refused.includes(guest), 'the mail server to refuse the finished e-mail');
    await refusalRecorded(guest);
    expect(copiesOf(isTheNotice)).toHaveLength(0);

    smtp.refuse.delete(guest);
    await later(31_000);
    const mail = await smtp.waitFor(isTheNotice, 5_000);
    expect(subjectOf(mail)).toMatch(/^Your request RQ-\d{6} is finished$/);
    expect(bodyOf(mail)).toContain('Our reply: Left at your door');
    await later(10 * 60_000);
    await later(60 * 60_000);
    expect(copiesOf(isTheNotice)).toHaveLength(1);
  });
});
