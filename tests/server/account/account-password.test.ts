import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer } from '../../support/test-server';
import { linkOf, mailTo, useSmtp } from '../administration/administration.fixtures';

describe('Account: forgotten and reset passwords', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([startTestServer(), startSmtp()]);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const forgot = (email: string, lang?: 'en' | 'ar', ip = '10.3.0.1') =>
    t.api.call(endpoints.forgotPassword, { body: { email }, lang, headers: { 'x-forwarded-for': ip } });
  const reset = (body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.resetPassword, { body, lang });

  it('answers the same when e-mail is not set up yet, and nothing is sent', async () => {
    const res = await forgot(ADMIN_EMAIL, 'en', '10.3.0.9');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('If this e-mail belongs to an account, a link to reset the password has been sent to it');
    // The link is made and sent after the answer, by the outbound queue: its next pass is over, and sent nothing.
    await t.server.outbound.runOnce();
    expect(smtp.messages).toHaveLength(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers known and unknown e-mails alike, and e-mails a working single-use link to the known one', async () => {
    await useSmtp(t, smtp);
    const known = await forgot(ADMIN_EMAIL.toUpperCase());
    const unknown = await forgot('nobody@test.hotel');
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const mail = await mailTo(smtp, ADMIN_EMAIL);
    const link = linkOf(mail);
    expect(link.url.startsWith(`${t.config.publicUrl}/Dashboard/ResetPassword?`)).toBe(true);
    expect(link.email).toBe(ADMIN_EMAIL);
    await t.server.outbound.runOnce();
    expect(smtp.messages.some((m) => m.to.includes('nobody@test.hotel'))).toBe(false);

    const session = (await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body;
    const done = await reset({ email: link.email, token: link.token, newPassword: 'Brand-new-pass1' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Password reset successfully');

    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(401);
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: 'Brand-new-pass1' } })).status).toBe(200);
    // Sessions opened before the reset end with it.
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: session.refreshToken } })).status).toBe(401);

    const again = await reset({ email: link.email, token: link.token, newPassword: 'Another-pass-22' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link is not valid or has expired, please ask for a new one');
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: 'Brand-new-pass1' } })).status).toBe(200);
  });

  it('sets the password once when the same link is submitted twice at the same moment', async () => {
    const before = smtp.messages.length;
    await forgot(ADMIN_EMAIL, 'en', '10.3.0.3');
    const { token } = linkOf(await mailTo(smtp, ADMIN_EMAIL, before));
    const answers = await Promise.all(
      ['Race-winner-1', 'Race-winner-2'].map((newPassword) => reset({ email: ADMIN_EMAIL, token, newPassword })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const won = answers[0].status === 200 ? 'Race-winner-1' : 'Race-winner-2';
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: won } })).status).toBe(200);
    // Back to the password the next test expects.
    const again = smtp.messages.length;
    await forgot(ADMIN_EMAIL, 'en', '10.3.0.4');
    const next = linkOf(await mailTo(smtp, ADMIN_EMAIL, again));
    expect((await reset({ email: ADMIN_EMAIL, token: next.token, newPassword: 'Brand-new-pass1' })).status).toBe(200);
  });

  it('refuses a token for another e-mail, a made-up token and an expired one, in the caller language', async () => {
    const before = smtp.messages.length;
    await forgot(ADMIN_EMAIL, 'en', '10.3.0.2');
    const { token } = linkOf(await mailTo(smtp, ADMIN_EMAIL, before));
    expect((await reset({ email: 'other@test.hotel', token, newPassword: 'Whatever-pass1' })).status).toBe(400);
    const ar = await reset({ email: ADMIN_EMAIL, token: 'made-up', newPassword: 'Whatever-pass1' }, 'ar');
    expect(ar.status).toBe(400);
    expect(ar.body.message).toBe('هذا الرابط غير صالح أو انتهت صلاحيته، يرجى طلب رابط جديد');

    const { passwordTokens } = await import('../../../server/src/db/schema');
    await t.server.app.ctx.database.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset({ email: ADMIN_EMAIL, token, newPassword: 'Whatever-pass1' })).status).toBe(400);
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: 'Whatever-pass1' } })).status).toBe(401);
  });

  it('refuses bad input: short password, missing fields, huge and markup-like values', async () => {
    const bodies = [
      { email: ADMIN_EMAIL, token: 'x', newPassword: 'short' },
      { email: ADMIN_EMAIL, newPassword: 'Long-enough-1' },
      { email: 'x'.repeat(10_000), token: 'x', newPassword: 'Long-enough-1' },
      { email: ADMIN_EMAIL, token: 'x'.repeat(10_000), newPassword: 'Long-enough-1' },
      { email: '<script>alert(1)</script>', token: "'; drop table users; --", newPassword: 'Long-enough-1' },
    ];
    for (const body of bodies) {
      const res = await reset(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const short = await reset(bodies[0], 'ar');
    expect(short.body.errors[0]).toEqual({ field: 'newPassword', message: 'يجب ألا يقل عن 8 أحرف' });
    for (const body of [{}, { email: 42 }, { email: 'x'.repeat(10_000) }, { email: "admin@test.hotel' OR 1=1" }]) {
      const res = await t.api.call(endpoints.forgotPassword, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
  });

  it('limits reset requests per e-mail and address with 429', async () => {
    // No proxy is configured: the forwarded addresses are ignored, all come from one.
    const email = 'limited@test.hotel';
    for (let i = 0; i < 5; i++) expect((await forgot(email, 'en', `10.3.1.${i}`)).status).toBe(200);
    const blocked = await forgot(email, 'ar', '10.3.1.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('محاولات كثيرة، يرجى المحاولة بعد بضع دقائق');
  });

  it('past ten links for one e-mail in the window, a further ask answers alike but sends nothing (the links already sent still work)', async () => {
    // E-mail is set up by the tests above.
    for (let i = 0; i < 10; i++) await t.server.app.ctx.rateLimiter.count(`forgot:email:${ADMIN_EMAIL}`, 900);
    await t.server.app.ctx.rateLimiter.reset('forgot:ip:127.0.0.1');
    await t.server.app.ctx.rateLimiter.reset(`forgot:email-ip:${ADMIN_EMAIL}|127.0.0.1`);
    const before = smtp.messages.length;
    const res = await forgot(ADMIN_EMAIL);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('If this e-mail belongs to an account, a link to reset the password has been sent to it');
    // The mail would go out after the answer, by the outbound queue: its next pass settles first.
    await t.server.outbound.runOnce();
    expect(smtp.messages.length).toBe(before);
  });
});
