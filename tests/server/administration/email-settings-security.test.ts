import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { createStaffUser } from '../../support/fixtures';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, type TestServer, startTestServer } from '../../support/test-server';

/**
 * The stored SMTP password is only
 * ever sent to the server, port and user name it was typed for; only an Admin moves
 * the connection; TLS is required by default off loopback; a failed test e-mail says
 * what went wrong in plain words, never the remote server's text.
 */
describe('E-mail settings: the stored SMTP password stays with its server', () => {
  let t: TestServer;
  let admin: string;
  let editor: string;
  /** The hotel's real mail server, which wants a login. */
  let home: SmtpCatcher;
  /** A receiver an attacker runs: it offers AUTH and keeps whatever it is sent. */
  let rogue: SmtpCatcher;
  const PASSWORD = 'S3cret-smtp-pass';
  beforeAll(async () => {
    [t, home, rogue] = await Promise.all([
      startTestServer(),
      startSmtp({ requireAuth: { user: 'mailer', pass: PASSWORD } }),
      // Another loopback address, so "another host" is really another host.
      startSmtp({ requireAuth: { user: 'attacker', pass: 'x' }, host: '127.0.0.2' }),
    ]);
    admin = await t.adminToken();
    const user = await createStaffUser(t.server.app.ctx.database.db, { claims: ['Administration.Email Settings.View', 'Administration.Email Settings.Edit'] });
    editor = await t.api.login(user.email, user.password);
    await homeSettings();
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([home.close(), rogue.close()]);
  });

  const base = { senderName: 'Grand Hotel', senderEmail: 'noreply@grand.hotel', username: 'mailer' };
  const save = (token: string, body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.updateEmailSettings, { token, body: { ...base, ...body }, lang });
  const sendTest = (token: string, to: string, lang?: 'en' | 'ar') => t.api.call(endpoints.sendTestEmail, { token, body: { to }, lang });
  const stored = async () => (await t.server.app.ctx.database.db.select().from(s.emailSettings))[0];
  const homeSettings = async () =>
    expect((await save(admin, { smtpServer: '127.0.0.1', smtpPort: home.port, password: PASSWORD, tlsMode: 'starttls', requireTls: false })).status).toBe(200);
  const rogueGotNothing = () => {
    expect(rogue.auths).toEqual([]);
    expect(rogue.messages).toEqual([]);
  };

  it('refuses an e-mail settings editor who points the server or port elsewhere; the password and reset links stay home', async () => {
    const before = await stored();
    for (const move of [{ smtpServer: '127.0.0.2', smtpPort: rogue.port }, { smtpServer: '127.0.0.1', smtpPort: rogue.port }, { smtpServer: '127.0.0.1', smtpPort: home.port, requireTls: true }]) {
      const res = await save(editor, { ...move, password: '' });
      expect(res.status, JSON.stringify(move)).toBe(403);
      expect(res.body.message).toBe('Only a user with the Admin role can change the e-mail server, its port or its TLS settings');
    }
    expect((await save(editor, { smtpServer: '127.0.0.2', smtpPort: rogue.port }, 'ar')).body.message).toBe(
      'لا يمكن تغيير خادم البريد أو منفذه أو إعدادات TLS إلا من قبل مستخدم لديه دور المدير',
    );
    expect(await stored()).toEqual(before);

    expect((await sendTest(editor, 'probe@test.hotel')).status).toBe(200);
    await home.waitFor((m) => m.to.includes('probe@test.hotel'));
    expect((await t.api.call(endpoints.forgotPassword, { body: { email: ADMIN_EMAIL } })).status).toBe(200);
    await home.waitFor((m) => m.to.includes(ADMIN_EMAIL));
    rogueGotNothing();
  });

  it('lets an editor change the sender while the connection stays, keeping the password', async () => {
    const res = await save(editor, { smtpServer: '127.0.0.1', smtpPort: home.port, senderName: 'Front office' });
    expect(res.status).toBe(200);
    expect((await t.api.call(endpoints.emailSettings, { token: editor })).body).toMatchObject({ senderName: 'Front office', hasPassword: true });
    expect((await sendTest(editor, 'sender@test.hotel')).status).toBe(200);
    await home.waitFor((m) => m.to.includes('sender@test.hotel'));
    await homeSettings();
  });

  it('makes even an Admin type the password again to change server, port or user name; the rogue gets only what was typed for it', async () => {
    const before = await stored();
    for (const change of [{ smtpServer: '127.0.0.2', smtpPort: rogue.port }, { smtpServer: '127.0.0.1', smtpPort: rogue.port }, { smtpServer: '127.0.0.1', smtpPort: home.port, username: 'someone-else' }]) {
      const res = await save(admin, { ...change, password: '' });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'password', message: 'Enter the password again: the server, port or user name changed, and a stored password is only sent to the server it was entered for' },
      ]);
    }
    expect(await stored()).toEqual(before);
    rogueGotNothing();

    expect((await save(admin, { smtpServer: '127.0.0.2', smtpPort: rogue.port, password: 'typed-for-the-rogue' })).status).toBe(200);
    expect((await sendTest(admin, 'moved@test.hotel')).status).toBe(400);
    expect(rogue.auths).toEqual([{ user: 'mailer', pass: 'typed-for-the-rogue' }]);
    rogue.auths.length = 0;
    await homeSettings();
  });

  it('never sends the stored password to a server it was not typed for, even when the row was changed behind the screen', async () => {
    await t.server.app.ctx.database.db.update(s.emailSettings).set({ smtpServer: '127.0.0.2', smtpPort: rogue.port });
    const res = await sendTest(admin, 'tampered@test.hotel');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The test e-mail could not be sent: the stored password was entered for another server; enter it again in the e-mail settings');
    rogueGotNothing();
    await t.server.app.ctx.database.db.update(s.emailSettings).set({ smtpServer: '127.0.0.1', smtpPort: home.port });
    expect((await sendTest(admin, 'restored@test.hotel')).status).toBe(200);
  });

  it('says why a test e-mail failed in plain words, never the server text, and alike for closed and non-SMTP ports', async () => {
    expect((await save(admin, { smtpServer: '127.0.0.1', smtpPort: home.port, password: 'wrong-password' })).status).toBe(200);
    const denied = await sendTest(admin, 'x@test.hotel');
    expect(denied.status).toBe(400);
    expect(denied.body.message).toBe('The test e-mail could not be sent: the e-mail server refused the user name or password');

    // Something that is not SMTP (here it claims to be SSH) and a closed port read the same.
    const ssh = net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 internal-build-host\r\n'));
    await new Promise<void>((resolve) => ssh.listen(0, '127.0.0.1', resolve));
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    try {
      const answers: string[] = [];
      for (const port of [(ssh.address() as net.AddressInfo).port, closedPort]) {
        expect((await save(admin, { smtpServer: '127.0.0.1', smtpPort: port, username: '' })).status).toBe(200);
        const res = await sendTest(admin, 'x@test.hotel');
        expect(res.status).toBe(400);
        answers.push(res.body.message);
      }
      expect(answers).toEqual(['The test e-mail could not be sent: could not connect to the e-mail server', 'The test e-mail could not be sent: could not connect to the e-mail server']);
      expect((await sendTest(admin, 'x@test.hotel', 'ar')).body.message).toBe('تعذر إرسال بريد الاختبار: تعذر الاتصال بخادم البريد');
    } finally {
      await new Promise((resolve) => ssh.close(resolve));
    }
    await homeSettings();
    const sent = await sendTest(admin, 'ok@test.hotel');
    expect(sent.body.message).toBe('Test e-mail sent to ok@test.hotel');
  });

  it('requires TLS by default for a server off loopback, and never sends the password in the clear when TLS is required', async () => {
    expect((await save(admin, { smtpServer: 'mail.example.com', smtpPort: 587, username: '' })).status).toBe(200);
    expect((await t.api.call(endpoints.emailSettings, { token: admin })).body).toMatchObject({ tlsMode: 'starttls', requireTls: true });
    expect((await save(admin, { smtpServer: 'mail.example.com', smtpPort: 465, username: '' })).status).toBe(200);
    expect((await t.api.call(endpoints.emailSettings, { token: admin })).body).toMatchObject({ tlsMode: 'tls', requireTls: true });
    expect((await save(admin, { smtpServer: '127.0.0.1', smtpPort: home.port, username: '' })).status).toBe(200);
    expect((await t.api.call(endpoints.emailSettings, { token: admin })).body).toMatchObject({ tlsMode: 'starttls', requireTls: false });

    // The home receiver offers no STARTTLS: with TLS required, nothing (no password) is sent.
    const authsBefore = home.auths.length;
    expect((await save(admin, { smtpServer: '127.0.0.1', smtpPort: home.port, password: PASSWORD, requireTls: true })).status).toBe(200);
    const res = await sendTest(admin, 'tls@test.hotel', 'en');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The test e-mail could not be sent: could not set up a secure (TLS) connection with the e-mail server');
    expect(home.auths.length).toBe(authsBefore);
    await homeSettings();
  });
});
