import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';

describe('Administration: e-mail settings', () => {
  let t: TestServer;
  let admin: string;
  let plain: SmtpCatcher;
  let authed: SmtpCatcher;
  beforeAll(async () => {
    [t, plain, authed] = await Promise.all([startTestServer(), startSmtp(), startSmtp({ requireAuth: { user: 'mailer', pass: 'S3cret-pass' } })]);
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([plain.close(), authed.close()]);
  });

  const settings = async () => (await t.api.call(endpoints.emailSettings, { token: admin })).body;
  const save = (body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.updateEmailSettings, { token: admin, body, lang });
  const sendTest = (to: string, lang?: 'en' | 'ar') => t.api.call(endpoints.sendTestEmail, { token: admin, body: { to }, lang });
  const stored = async () => (await t.server.app.ctx.database.db.select().from(s.emailSettings))[0];
  const base = { smtpServer: '127.0.0.1', senderName: 'Grand Hotel', senderEmail: 'noreply@grand.hotel', username: '' };

  it('starts empty, and a test e-mail before saving says to save first', async () => {
    expect(await settings()).toEqual({ smtpServer: '', smtpPort: 587, senderName: '', senderEmail: '', username: '', password: '', hasPassword: false, tlsMode: 'starttls', requireTls: true });
    const res = await sendTest('someone@test.hotel');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Save the e-mail settings first');
  });

  it('saves settings and sends a test e-mail, saying where it went', async () => {
    const saved = await save({ ...base, smtpPort: String(plain.port) });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Updated Successfully');
    expect(await settings()).toEqual({ ...base, smtpPort: plain.port, password: '', hasPassword: false, tlsMode: 'starttls', requireTls: false });
    const res = await sendTest('someone@test.hotel');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Test e-mail sent to someone@test.hotel');
    const mail = await plain.waitFor((m) => m.to.includes('someone@test.hotel'));
    expect(mail.from).toBe('noreply@grand.hotel');
    expect(mail.text).toContain('This is a test e-mail');
  });

  it('signs in to an SMTP server that requires it; the password is sealed, never returned, and kept when left empty', async () => {
    await save({ ...base, smtpPort: authed.port, username: 'mailer', password: 'S3cret-pass' });
    const shown = await settings();
    expect(shown.password).toBe('');
    expect(shown.hasPassword).toBe(true);
    const row = await stored();
    expect(row.passwordEnc).not.toContain('S3cret-pass');
    expect(t.server.app.ctx.box.open(row.passwordEnc!)).toBe('S3cret-pass');
    expect((await sendTest('auth@test.hotel')).status).toBe(200);
    await authed.waitFor((m) => m.to.includes('auth@test.hotel'));

    // The screen sends the form back with an empty password: the stored one stays.
    await save({ ...base, senderName: 'Grand Hotel Reception', smtpPort: authed.port, username: 'mailer', password: '' });
    await save({ ...base, senderName: 'Grand Hotel Reception', smtpPort: authed.port, username: 'mailer' });
    expect((await settings()).hasPassword).toBe(true);
    expect((await sendTest('kept@test.hotel')).status).toBe(200);
  });

  it('reports a wrong SMTP password or port as a 400 with the reason in plain words, never a 500', async () => {
    await save({ ...base, smtpPort: authed.port, username: 'mailer', password: 'wrong-one' });
    const denied = await sendTest('x@test.hotel');
    expect(denied.status).toBe(400);
    expect(denied.body.message).toBe('The test e-mail could not be sent: the e-mail server refused the user name or password');

    await save({ ...base, smtpPort: 1 });
    const refused = await sendTest('x@test.hotel', 'ar');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('تعذر إرسال بريد الاختبار: تعذر الاتصال بخادم البريد');
    expect((await settings()).hasPassword).toBe(false);
  });

  it('refuses bad settings with 400 and a message, keeping what was stored', async () => {
    await save({ ...base, smtpPort: plain.port });
    const before = await stored();
    const bad = [
      {},
      { ...base },
      { ...base, smtpPort: 0 },
      { ...base, smtpPort: 70_000 },
      { ...base, smtpPort: 'twenty-five' },
      { ...base, smtpPort: 25, smtpServer: '' },
      { ...base, smtpPort: 25, smtpServer: 'x'.repeat(10_000) },
      { ...base, smtpPort: 25, smtpServer: '<script>alert(1)</script>' },
      { ...base, smtpPort: 25, smtpServer: "mail'; drop table users; --" },
      { ...base, smtpPort: 25, senderEmail: 'not-an-email' },
      { ...base, smtpPort: 25, senderName: '<b>Hotel</b>' },
      { ...base, smtpPort: 25, senderName: 'x'.repeat(10_000) },
      { ...base, smtpPort: 25, password: 'x'.repeat(10_000) },
    ];
    for (const body of bad) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const ar = await save({ ...base, smtpPort: 25, smtpServer: 'bad host!' }, 'ar');
    expect(ar.body.errors).toEqual([{ field: 'smtpServer', message: 'أدخل اسم خادم أو عنوان IP' }]);
    expect(await stored()).toEqual(before);
    for (const to of ['', 'x'.repeat(10_000), 'nope', '<a>@b.cd']) expect((await sendTest(to)).status).toBe(400);
  });
});
