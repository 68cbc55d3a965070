import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claim, endpoints } from '@shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../server/src/config';
import * as s from '../../../server/src/db/schema';
import { type RunningServer, startServer } from '../../../server/src/server';
import { ApiClient } from '../../support/api-client';
import { createStaffUser } from '../../support/fixtures';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';
import { linkOf, mailTo, useSmtp } from '../administration/administration.fixtures';

/**
 * Logout, a password reset, a role change or a change of a role's
 * permissions end the access tokens they concern at once, in every server process
 * (not up to 15 minutes later); a logout with a refresh token ends only that device.
 */
describe('Sessions end when they should, at once, in every process', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  /** A second server on the same database (PostgreSQL), or the same server (PGlite: one process owns the folder). */
  let other: { api: ApiClient; server?: RunningServer };
  let admin: string;
  beforeAll(async () => {
    [t, smtp] = await Promise.all([startTestServer(), startSmtp()]);
    admin = await t.adminToken();
    await useSmtp(t, smtp);
    if (testDbKind() === 'postgres') {
      const env = { PORT: '0', HOST: '127.0.0.1', HOTEL_DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl!, HOTEL_JWT_SECRET: t.config.jwtSecret, LOG_LEVEL: 'silent' };
      const server = await startServer(loadConfig(env), { logger: false });
      other = { api: new ApiClient(server.url), server };
    } else {
      other = { api: t.api };
    }
  });
  afterAll(async () => {
    await other.server?.close();
    await t.cleanup();
    await smtp.close();
  });

  const CLAIMS: Claim[] = ['Administration.Roles.View', 'Basic Data.Company.View'];
  const db = () => t.server.app.ctx.database.db;
  const signIn = async (email: string, password: string) => {
    const res = await t.api.call(endpoints.login, { body: { email, password } });
    expect(res.status).toBe(200);
    return { access: res.body.accessToken as string, refresh: res.body.refreshToken as string };
  };
  /** A call the user's claims allow, made on the other process. */
  const rolesOn = (api: ApiClient, token: string) => api.call(endpoints.allRoles, { token }).then((r) => r.status);
  const staff = async () => {
    const user = await createStaffUser(db(), { claims: CLAIMS });
    const [link] = await db().select({ roleId: s.userRoles.roleId }).from(s.userRoles).where(eq(s.userRoles.userId, user.userId));
    return { ...user, roleId: link.roleId };
  };

  it('a logout with its refresh token ends that device only: its token is refused on the other process right away, another device works on', async () => {
    const user = await staff();
    const [phone, desk] = [await signIn(user.email, user.password), await signIn(user.email, user.password)];
    expect(await rolesOn(other.api, phone.access)).toBe(200);
    expect(await rolesOn(other.api, desk.access)).toBe(200);
    expect((await t.api.call(endpoints.logout, { token: phone.access, body: { refreshToken: phone.refresh } })).status).toBe(200);
    expect(await rolesOn(other.api, phone.access)).toBe(401);
    expect(await rolesOn(t.api, phone.access)).toBe(401);
    expect(await rolesOn(other.api, desk.access)).toBe(200);
    expect((await t.api.call(endpoints.refreshToken, { body: { accessToken: desk.access, refreshToken: desk.refresh } })).status).toBe(200);
    expect((await t.api.call(endpoints.refreshToken, { body: { accessToken: phone.access, refreshToken: phone.refresh } })).status).toBe(401);
  });

  it('a logout without a refresh token ends every device at once', async () => {
    const user = await staff();
    const [a, b] = [await signIn(user.email, user.password), await signIn(user.email, user.password)];
    expect(await rolesOn(other.api, b.access)).toBe(200);
    expect((await t.api.call(endpoints.logout, { token: a.access, body: {} })).status).toBe(200);
    expect(await rolesOn(other.api, a.access)).toBe(401);
    expect(await rolesOn(other.api, b.access)).toBe(401);
  });

  it('a password reset ends every session at once', async () => {
    const user = await staff();
    const session = await signIn(user.email, user.password);
    expect(await rolesOn(other.api, session.access)).toBe(200);
    const before = smtp.messages.length;
    await t.api.call(endpoints.forgotPassword, { body: { email: user.email } });
    const link = linkOf(await mailTo(smtp, user.email, before));
    const reset = await t.api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword: 'Quiet-harbour-lantern-58' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await rolesOn(other.api, session.access)).toBe(401);
  });

  it('taking a role away ends the token that carried it at once; a refresh issues a token without it', async () => {
    const user = await staff();
    const session = await signIn(user.email, user.password);
    expect(await rolesOn(other.api, session.access)).toBe(200);
    const res = await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: user.userId, roles: [{ roleId: user.roleId, isSelected: false }] } });
    expect(res.status).toBe(200);
    expect(await rolesOn(other.api, session.access)).toBe(401);
    const renewed = await t.api.call(endpoints.refreshToken, { body: { accessToken: session.access, refreshToken: session.refresh } });
    expect(renewed.status).toBe(200);
    expect(await rolesOn(other.api, renewed.body.accessToken)).toBe(403);
  });

  it('taking a permission from a role ends its holders’ tokens at once; a refresh issues the narrower rights', async () => {
    const user = await staff();
    const session = await signIn(user.email, user.password);
    expect(await rolesOn(other.api, session.access)).toBe(200);
    const res = await t.api.call(endpoints.updateRoleClaims, {
      token: admin,
      body: { roleId: user.roleId, roleName: `Role ${user.userId}`, claims: [{ claimType: 'Administration.Roles.View', category: 'x', isSelected: false }] },
    });
    expect(res.status).toBe(200);
    expect(await rolesOn(other.api, session.access)).toBe(401);
    const renewed = await t.api.call(endpoints.refreshToken, { body: { accessToken: session.access, refreshToken: session.refresh } });
    expect(await rolesOn(other.api, renewed.body.accessToken)).toBe(403);
    expect((await other.api.call(endpoints.company.list, { token: renewed.body.accessToken })).status).toBe(200);
  });

  it('an Admin switches a user off: every token and refresh of theirs is refused at once, and sign-in too, until switched on again', async () => {
    const user = await staff();
    const device = await signIn(user.email, user.password);
    expect(await rolesOn(other.api, device.access)).toBe(200);

    const off = await t.api.call(endpoints.setUserActive, { token: admin, body: { userId: user.userId, isActive: false }, lang: 'ar' });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe('تم إيقاف المستخدم: لا يمكنه تسجيل الدخول');
    expect(await rolesOn(other.api, device.access)).toBe(401);
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: device.refresh } })).status).toBe(401);
    expect((await t.api.call(endpoints.login, { body: { email: user.email, password: user.password } })).status).toBe(401);
    const listed = (await t.api.call(endpoints.allUsers, { token: admin })).body.find((u: { id: number }) => u.id === user.userId);
    expect(listed.isActive).toBe(false);

    expect((await t.api.call(endpoints.setUserActive, { token: admin, body: { userId: user.userId, isActive: true } })).status).toBe(200);
    const back = await signIn(user.email, user.password);
    expect(await rolesOn(other.api, back.access)).toBe(200);
  });

  it('lets only an Admin switch users, never themselves, and never the last Admin', async () => {
    const target = await staff();
    const manager = await createStaffUser(db(), { claims: ['Administration.Users.View', 'Administration.Users.Edit'] });
    const managerToken = (await signIn(manager.email, manager.password)).access;
    const refused = await t.api.call(endpoints.setUserActive, { token: managerToken, body: { userId: target.userId, isActive: false } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a user with the Admin role can switch a user off or on');
    expect(await rolesOn(t.api, (await signIn(target.email, target.password)).access)).toBe(200);

    const me = (await t.api.call(endpoints.allUsers, { token: admin })).body.find((u: { email: string }) => u.email === t.config.adminEmail);
    const self = await t.api.call(endpoints.setUserActive, { token: admin, body: { userId: me.id, isActive: false } });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot switch yourself off');

    // A second Admin switches the first off (their token ends at once); nobody is then left to switch the second off.
    const second = await createStaffUser(db(), { isAdmin: true });
    const secondToken = (await signIn(second.email, second.password)).access;
    expect((await t.api.call(endpoints.setUserActive, { token: secondToken, body: { userId: me.id, isActive: false } })).status).toBe(200);
    const last = await t.api.call(endpoints.setUserActive, { token: admin, body: { userId: second.userId, isActive: false } });
    expect(last.status).toBe(401);
    const lastByNobody = await t.api.call(endpoints.setUserActive, { token: secondToken, body: { userId: second.userId, isActive: false } });
    expect(lastByNobody.status).toBe(400);
    expect((await t.api.call(endpoints.setUserActive, { token: secondToken, body: { userId: me.id, isActive: true } })).status).toBe(200);
    admin = await t.adminToken();
  });
});
