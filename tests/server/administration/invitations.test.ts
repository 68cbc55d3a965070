import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { createStaffUser } from '../../support/fixtures';
import { type SmtpCatcher, bodyOf, startSmtp, subjectOf } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { hotelAndDepartment, linkOf, mailTo, newUserInput, useSmtp } from './administration.fixtures';

/** A loopback port nobody listens on: an e-mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A new user gets a password even when the invitation e-mail fails. The
 * failure is told in plain words and kept in the list; the admin resends it or copies
 * the link (a fresh single-use credential, answered only to that call); e-mails and
 * links are in the user's own language.
 */
/** A staff user of the test hotel and department: user administration reaches only users within one's own. */
const ofHotel = (ids: { hotelId: number; departmentId: number }) => ({ hotelIds: [ids.hotelId], departmentIds: [ids.departmentId] });

describe('invitations', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let admin: string;
  let ids: { hotelId: number; departmentId: number };
  beforeAll(async () => {
    [t, smtp] = await Promise.all([startTestServer(), startSmtp()]);
    admin = await t.adminToken();
    ids = await hotelAndDepartment(t);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const mailServerDown = async () => {
    const res = await t.api.call(endpoints.updateEmailSettings, {
      token: admin,
      body: { smtpServer: '127.0.0.1', smtpPort: await closedPort(), senderName: 'Hotel', senderEmail: 'noreply@test.hotel', username: '' },
    });
    expect(res.status).toBe(200);
  };
  const listed = async (id: number, lang: 'en' | 'ar' = 'en') => {
    const res = await t.api.call(endpoints.allUsers, { token: admin, lang });
    expect(res.status).toBe(200);
    return { row: res.body.find((u: { id: number }) => u.id === id), raw: JSON.stringify(res.body) };
  };
  const linkFor = (userId: number, token = admin) => t.api.call(endpoints.invitationLink, { token, body: { userId } });
  const setPassword = (link: { email: string; token: string }, newPassword: string) =>
    t.api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword } });

  it('a failed invitation e-mail: plain words in the answer and the list (en and ar), state failed, no link anywhere', async () => {
    await mailServerDown();
    const added = await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'down') });
    expect(added.status).toBe(200);
    expect(added.body.invitation).toBe('failed');
    expect(added.body.message).toContain('the invitation e-mail could not be sent (could not connect to the e-mail server)');
    expect(added.body.message).toContain('Copy invitation link');
    expect(added.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect E/);

    const { row, raw } = await listed(added.body.id);
    expect(row.invitation).toMatchObject({ state: 'failed', failure: 'could not connect to the e-mail server' });
    expect(raw).not.toMatch(/token|ResetPassword|ECONNREFUSED/i);
    expect((await listed(added.body.id, 'ar')).row.invitation.failure).toBe('تعذر الاتصال بخادم البريد');

    const ar = await t.api.call(endpoints.resendInvitation, { token: admin, lang: 'ar', body: { userId: added.body.id } });
    expect(ar.status).toBe(200);
    expect(ar.body).toMatchObject({ invitation: 'failed' });
    expect(ar.body.message).toContain('تعذر إرسال بريد الدعوة (تعذر الاتصال بخادم البريد)');
  });

  it('resend e-mails a fresh link once the e-mail works; the earlier link stops working', async () => {
    await mailServerDown();
    const added = await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'resend') });
    expect(added.body.invitation).toBe('failed');
    await useSmtp(t, smtp);
    const first = await t.api.call(endpoints.resendInvitation, { token: admin, body: { userId: added.body.id } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Invitation sent to sara.resend@test.hotel', invitation: 'sent' });
    const firstLink = linkOf(await mailTo(smtp, 'sara.resend@test.hotel'));
    expect((await listed(added.body.id)).row.invitation).toMatchObject({ state: 'sent', via: 'email' });

    const count = smtp.messages.length;
    expect((await t.api.call(endpoints.resendInvitation, { token: admin, body: { userId: added.body.id } })).body.invitation).toBe('sent');
    const second = linkOf(await mailTo(smtp, 'sara.resend@test.hotel', count));
    expect(second.token).not.toBe(firstLink.token);
    expect((await setPassword(firstLink, 'Resend-password-1')).status).toBe(400);
    expect((await setPassword(second, 'Resend-password-1')).status).toBe(200);
    expect((await listed(added.body.id)).row.invitation).toEqual({ state: 'accepted' });
    const again = await t.api.call(endpoints.resendInvitation, { token: admin, body: { userId: added.body.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already set a password');
  });

  it('copy link: a fresh single-use link in the user’s language, not cached; it works once and ends the e-mailed one', async () => {
    await useSmtp(t, smtp);
    const added = await t.api.call(endpoints.addUser, { token: admin, body: { ...newUserInput(ids, 'copy'), language: 'ar' } });
    expect(added.body.invitation).toBe('sent');
    const mailed = linkOf(await mailTo(smtp, 'sara.copy@test.hotel'));

    const res = await linkFor(added.body.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const url = new URL(res.body.link);
    expect(url.pathname).toBe('/Dashboard/ResetPassword');
    expect(url.searchParams.get('email')).toBe('sara.copy@test.hotel');
    expect(url.searchParams.get('lang')).toBe('ar');
    const expires = new Date(res.body.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(expires).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect((await listed(added.body.id)).row.invitation).toMatchObject({ state: 'sent', via: 'link' });
    expect((await listed(added.body.id)).raw).not.toContain(url.searchParams.get('token')!);

    const copied = { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
    expect((await setPassword(mailed, 'Copy-password-1')).status).toBe(400);
    expect((await setPassword(copied, 'Copy-password-1')).status).toBe(200);
    expect((await setPassword(copied, 'Copy-password-2')).status).toBe(400);
    expect((await t.api.call(endpoints.login, { body: { email: 'sara.copy@test.hotel', password: 'Copy-password-1' } })).status).toBe(200);
    const after = await linkFor(added.body.id);
    expect(after.status).toBe(409);
    expect(after.body).not.toHaveProperty('link');
  });

  it('shows an invitation whose link ran out as expired; the link no longer works', async () => {
    await useSmtp(t, smtp);
    const added = await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'late') });
    const link = linkOf(await mailTo(smtp, 'sara.late@test.hotel'));
    const db = t.server.app.ctx.database.db;
    await db.update(s.passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(s.passwordTokens.userId, added.body.id));
    expect((await listed(added.body.id)).row.invitation).toMatchObject({ state: 'expired', via: 'email' });
    expect((await setPassword(link, 'Late-password-1')).status).toBe(400);
  });

  it('nobody gets a link or resends for a user above their rights, an Admin, a switched-off user, or without the Create claim', async () => {
    await useSmtp(t, smtp);
    const db = t.server.app.ctx.database.db;
    const clerk = await createStaffUser(db, { claims: ['Administration.Users.View', 'Administration.Users.Create'], ...ofHotel(ids) });
    const clerkToken = await t.api.login(clerk.email, clerk.password);
    const viewer = await createStaffUser(db, { claims: ['Administration.Users.View'] });
    const viewerToken = await t.api.login(viewer.email, viewer.password);

    const plain = (await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'plain') })).body.id;
    const strong = (await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'strong') })).body.id;
    const boss = (await t.api.call(endpoints.addUser, { token: admin, body: newUserInput(ids, 'boss') })).body.id;
    const roles = (await t.api.call(endpoints.allRoles, { token: admin })).body as { id: number; name: string }[];
    const adminRole = roles.find((r) => r.name === 'Admin')!.id;
    const reporter = await t.api.call(endpoints.addRole, { token: admin, body: { name: 'Reporter', description: '' } });
    await db.insert(s.roleClaims).values({ roleId: reporter.body.id, claim: 'Reports.Guest Feedback.View' });
    const give = (userId: number, roleId: number) =>
      t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId, roles: [{ roleId, isSelected: true }] } });
    expect((await give(strong, reporter.body.id)).status).toBe(200);
    expect((await give(boss, adminRole)).status).toBe(200);

    expect((await linkFor(plain, clerkToken)).status).toBe(200);
    for (const userId of [strong, boss]) {
      const refused = await linkFor(userId, clerkToken);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You cannot invite a user who holds permissions you do not hold');
      expect((await t.api.call(endpoints.resendInvitation, { token: clerkToken, body: { userId } })).status).toBe(403);
    }
    expect((await linkFor(boss)).status).toBe(200);
    expect((await linkFor(plain, viewerToken)).status).toBe(403);
    expect((await t.api.call(endpoints.resendInvitation, { token: viewerToken, body: { userId: plain } })).status).toBe(403);
    expect((await linkFor(987_654)).status).toBe(404);
    expect((await t.api.call(endpoints.invitationLink, { token: admin, body: { userId: 'x' } })).status).toBe(400);

    expect((await t.api.call(endpoints.setUserActive, { token: admin, body: { userId: plain, isActive: false } })).status).toBe(200);
    const off = await linkFor(plain);
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('This user is switched off; switch them on before inviting them');
  });

  it('writes invitation and reset e-mails in the user’s language, whatever the language of the call', async () => {
    await useSmtp(t, smtp);
    const added = await t.api.call(endpoints.addUser, { token: admin, lang: 'en', body: { ...newUserInput(ids, 'lang'), language: 'ar' } });
    expect(added.body.message).toBe('User added successfully');
    const invite = await mailTo(smtp, 'sara.lang@test.hotel');
    expect(subjectOf(invite)).toBe('حسابك في نظام خدمات الفندق');
    expect(bodyOf(invite)).toContain('مرحبًا Sara Tester lang');
    expect(new URL(linkOf(invite).url).searchParams.get('lang')).toBe('ar');
    expect((await listed(added.body.id)).row.language).toBe('ar');

    expect((await setPassword(linkOf(invite), 'Lang-password-1')).status).toBe(200);
    const count = smtp.messages.length;
    expect((await t.api.call(endpoints.forgotPassword, { lang: 'en', body: { email: 'sara.lang@test.hotel' } })).status).toBe(200);
    const reset = await mailTo(smtp, 'sara.lang@test.hotel', count);
    expect(subjectOf(reset)).toBe('إعادة تعيين كلمة المرور');
    expect(new URL(linkOf(reset).url).searchParams.get('lang')).toBe('ar');

    // No language given: the one the admin works in.
    const byArabicAdmin = await t.api.call(endpoints.addUser, { token: admin, lang: 'ar', body: newUserInput(ids, 'lang2') });
    expect(subjectOf(await mailTo(smtp, 'sara.lang2@test.hotel'))).toBe('حسابك في نظام خدمات الفندق');
    expect((await listed(byArabicAdmin.body.id)).row.language).toBe('ar');
    const english = await t.api.call(endpoints.addUser, { token: admin, lang: 'ar', body: { ...newUserInput(ids, 'lang3'), language: 'en' } });
    expect(subjectOf(await mailTo(smtp, 'sara.lang3@test.hotel'))).toBe('Your hotel service account');
    expect((await listed(english.body.id)).row.language).toBe('en');
    const bad = await t.api.call(endpoints.addUser, { token: admin, body: { ...newUserInput(ids, 'lang4'), language: 'fr' } });
    expect(bad.status).toBe(400);
  });

  it('an existing user’s language changes with SetUserLanguage (Users.Edit; only an Admin changes an Admin); the next e-mail follows it', async () => {
    await useSmtp(t, smtp);
    const db = t.server.app.ctx.database.db;
    const added = await t.api.call(endpoints.addUser, { token: admin, body: { ...newUserInput(ids, 'switch'), language: 'en' } });
    const changed = await t.api.call(endpoints.setUserLanguage, { token: admin, lang: 'ar', body: { userId: added.body.id, language: 'ar' } });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('تم تغيير لغة رسائل المستخدم');
    expect((await listed(added.body.id)).row.language).toBe('ar');
    const count = smtp.messages.length;
    await t.api.call(endpoints.resendInvitation, { token: admin, body: { userId: added.body.id } });
    expect(subjectOf(await mailTo(smtp, 'sara.switch@test.hotel', count))).toBe('حسابك في نظام خدمات الفندق');

    const editor = await createStaffUser(db, { claims: ['Administration.Users.View', 'Administration.Users.Edit'], ...ofHotel(ids) });
    const editorToken = await t.api.login(editor.email, editor.password);
    const adminId = (await t.api.call(endpoints.allUsers, { token: admin })).body.find((u: { email: string }) => u.email === 'admin@test.hotel').id;
    expect((await t.api.call(endpoints.setUserLanguage, { token: editorToken, body: { userId: adminId, language: 'ar' } })).status).toBe(403);
    expect((await t.api.call(endpoints.setUserLanguage, { token: editorToken, body: { userId: added.body.id, language: 'en' } })).status).toBe(200);
    const viewer = await createStaffUser(db, { claims: ['Administration.Users.View'] });
    const viewerToken = await t.api.login(viewer.email, viewer.password);
    expect((await t.api.call(endpoints.setUserLanguage, { token: viewerToken, body: { userId: added.body.id, language: 'ar' } })).status).toBe(403);
    expect((await t.api.call(endpoints.setUserLanguage, { token: admin, body: { userId: added.body.id, language: 'fr' } })).status).toBe(400);
    expect((await listed(added.body.id)).row.language).toBe('en');
  });
});
