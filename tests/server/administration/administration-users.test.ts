import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { createStaffUser } from '../../support/fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer } from '../../support/test-server';
import { hotelAndDepartment, linkOf, mailTo, newUserInput, useSmtp } from './administration.fixtures';

describe('Administration: users and their roles', () => {
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

  const addUser = (body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.addUser, { token: admin, body, lang });
  const userCount = async () => (await t.server.app.ctx.database.db.select().from(s.users)).length;

  it('adds a user whose invitation is not sent while e-mail is not set up, and says so', async () => {
    const res = await addUser(newUserInput(ids, 'nomail'));
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('User added, but the invitation e-mail could not be sent (e-mail settings are not configured)');
    expect(res.body.invitation).toBe('failed');
    const list = (await t.api.call(endpoints.allUsers, { token: admin })).body;
    expect(list[0]).toMatchObject({ id: res.body.id, email: 'sara.nomail@test.hotel', hasPassword: false, roles: [], hotelIds: [ids.hotelId] });
  });

  it('invites a new user by e-mail; the link sets the password, and login lists exactly the permissions of the roles given', async () => {
    await useSmtp(t, smtp);
    const input = { ...newUserInput(ids, 'a'), email: 'Sara.A@Test.Hotel' };
    const added = await addUser(input);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('User added successfully');

    const list = (await t.api.call(endpoints.allUsers, { token: admin })).body;
    expect(list[0]).toMatchObject({
      id: added.body.id,
      userCode: 'U-a',
      firstName: 'Sara',
      lastName: 'Tester a',
      phoneNumber: '+966 55 123 4567',
      email: 'sara.a@test.hotel',
      hotelIds: [ids.hotelId],
      departmentIds: [ids.departmentId],
      roles: [],
      hasPassword: false,
    });

    const role = await t.api.call(endpoints.addRole, { token: admin, body: { name: 'Front desk', description: 'Requests only' } });
    expect(role.body.message).toBe('Added Successfully');
    const claims = (await t.api.call(endpoints.roleClaims, { token: admin, params: { id: role.body.id } })).body.claims;
    const wanted = ['Service Management.Request List.View', 'Basic Data.Room.View', 'Basic Data.Room.Edit'];
    const saved = await t.api.call(endpoints.updateRoleClaims, {
      token: admin,
      body: { roleId: role.body.id, roleName: 'Front desk', claims: claims.map((c: { claimType: string }) => ({ ...c, isSelected: wanted.includes(c.claimType) })) },
    });
    expect(saved.body.message).toBe('Role permissions updated successfully!');
    const given = await t.api.call(endpoints.updateUserRoles, {
      token: admin,
      body: { userId: added.body.id, roles: [{ roleId: role.body.id, isSelected: true }] },
    });
    expect(given.status).toBe(200);
    expect(given.body.message).toBe('User roles updated successfully');

    const link = linkOf(await mailTo(smtp, 'sara.a@test.hotel'));
    expect(link.email).toBe('sara.a@test.hotel');
    expect((await t.api.call(endpoints.login, { body: { email: 'sara.a@test.hotel', password: 'Sara-password-1' } })).status).toBe(401);
    const set = await t.api.call(endpoints.resetPassword, { body: { email: link.email, token: link.token, newPassword: 'Sara-password-1' } });
    expect(set.status).toBe(200);

    const session = await t.api.call(endpoints.login, { body: { email: 'sara.a@test.hotel', password: 'Sara-password-1' } });
    expect(session.status).toBe(200);
    expect(session.body.permissions).toEqual(['Basic Data.Room', 'Service Management.Request List']);
    expect([...session.body.claims].sort()).toEqual([...wanted].sort());
    expect(session.body.userRoles).toEqual(['Front desk']);
    expect(session.body.userName).toBe('Sara Tester a');
    // What the token carries is what the server enforces.
    expect((await t.api.call(endpoints.allUsers, { token: session.body.accessToken })).status).toBe(403);
    expect((await t.api.call(endpoints.allUsers, { token: admin })).body[0].hasPassword).toBe(true);

    // A refresh re-reads the roles: a permission given meanwhile is in the new token.
    await t.api.call(endpoints.updateRoleClaims, {
      token: admin,
      body: { roleId: role.body.id, roleName: 'Front desk', claims: [{ claimType: 'Administration.Users.View', isSelected: true }] },
    });
    const refreshed = await t.api.call(endpoints.refreshToken, { body: { refreshToken: session.body.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await t.api.call(endpoints.allUsers, { token: refreshed.body.accessToken })).status).toBe(200);
  });

  it('refuses a used e-mail or user code with 409 and the duplicate named, and stores nothing', async () => {
    const before = await userCount();
    const email = await addUser({ ...newUserInput(ids, 'b'), email: 'SARA.A@test.hotel' });
    expect(email.status).toBe(409);
    expect(email.body.message).toBe('The e-mail "sara.a@test.hotel" is already used by another user');
    const code = await addUser({ ...newUserInput(ids, 'b'), userCode: 'u-A' }, 'ar');
    expect(code.status).toBe(409);
    expect(code.body.message).toBe('رمز المستخدم "u-A" مستخدم من قبل');
    expect(await userCount()).toBe(before);
  });

  it('refuses hotels or departments that do not exist, and stores nothing', async () => {
    const before = await userCount();
    const hotel = await addUser({ ...newUserInput(ids, 'c'), hotelIds: [ids.hotelId, 999_999] });
    expect(hotel.status).toBe(400);
    expect(hotel.body.message).toBe('Some of the chosen hotels do not exist: 999999');
    const dep = await addUser({ ...newUserInput(ids, 'c'), departmentIds: [888_888] });
    expect(dep.status).toBe(400);
    expect(dep.body.message).toBe('Some of the chosen departments do not exist: 888888');
    expect(await userCount()).toBe(before);
  });

  it('refuses bad user input with 400 and a message, and stores nothing', async () => {
    const before = await userCount();
    const base = newUserInput(ids, 'd');
    const bad = [
      {},
      { ...base, firstName: undefined },
      { ...base, firstName: '   ' },
      { ...base, firstName: 'x'.repeat(10_000) },
      { ...base, lastName: '<img src=x onerror=alert(1)>' },
      { ...base, email: 'not-an-email' },
      { ...base, email: '<script>@x.com' },
      { ...base, phoneNumber: "1'; drop table users; --" },
      { ...base, userCode: 'x'.repeat(10_000) },
      { ...base, hotelIds: [] },
      { ...base, hotelIds: ['abc'] },
      { ...base, departmentIds: 'all' },
    ];
    for (const body of bad) {
      const res = await addUser(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const ar = await addUser({ ...base, email: 'nope' }, 'ar');
    expect(ar.body.errors).toEqual([{ field: 'email', message: 'يجب إدخال بريد إلكتروني صحيح' }]);
    expect(await userCount()).toBe(before);
  });

  it('keeps SQL-looking names exactly as typed (they are data, not commands)', async () => {
    const res = await addUser({ ...newUserInput(ids, 'e'), lastName: "O'Brien'); DROP TABLE users; --" });
    expect(res.status).toBe(200);
    const list = (await t.api.call(endpoints.allUsers, { token: admin })).body;
    expect(list.find((u: { id: number }) => u.id === res.body.id).lastName).toBe("O'Brien'); DROP TABLE users; --");
  });

  it('lists every role with whether the user holds it', async () => {
    const roles = await t.api.call(endpoints.userRoles, { token: admin, params: { id: 1 } });
    expect(roles.status).toBe(200);
    expect(roles.body).toContainEqual({ roleId: 1, roleName: 'Admin', isSelected: true });
    expect(roles.body.find((r: { roleName: string }) => r.roleName === 'Front desk').isSelected).toBe(false);
    const missing = await t.api.call(endpoints.userRoles, { token: admin, params: { id: 99_999 }, lang: 'ar' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('هذا المستخدم غير موجود');
    expect((await t.api.call(endpoints.userRoles, { token: admin, params: { id: 'abc' } })).status).toBe(400);
  });

  it('refuses to take the Admin role from the last admin, and allows it once another admin exists', async () => {
    const last = await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: 1, roles: [{ roleId: 1, isSelected: false }] } });
    expect(last.status).toBe(400);
    expect(last.body.message).toBe('This is the last user with the Admin role; give the role to another user first, so nobody is locked out');
    expect((await t.api.call(endpoints.login, { body: { email: 'admin@test.hotel', password: 'Admin-Passw0rd!' } })).body.userRoles).toEqual(['Admin']);

    const other = (await addUser(newUserInput(ids, 'f'))).body.id;
    expect((await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: other, roles: [{ roleId: 1, isSelected: true }] } })).status).toBe(200);
    expect((await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: 1, roles: [{ roleId: 1, isSelected: false }] } })).status).toBe(200);
    // User 1 is no Admin any more, whatever their token says: another admin gives the role back.
    const second = await createStaffUser(t.server.app.ctx.database.db, { isAdmin: true });
    const secondToken = await t.api.login(second.email, second.password);
    expect((await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: 1, roles: [{ roleId: 1, isSelected: true }] } })).status).not.toBe(200);
    const back = await t.api.call(endpoints.updateUserRoles, { token: secondToken, body: { userId: 1, roles: [{ roleId: 1, isSelected: true }] } });
    expect(back.status).toBe(200);
    admin = await t.api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  it('refuses role updates for unknown users or roles, repeats and bad input, changing nothing', async () => {
    const call = (body: object) => t.api.call(endpoints.updateUserRoles, { token: admin, body });
    const noUser = await call({ userId: 99_999, roles: [{ roleId: 1, isSelected: true }] });
    expect(noUser.status).toBe(404);
    const noRole = await call({ userId: 1, roles: [{ roleId: 77_777, isSelected: true }] });
    expect(noRole.status).toBe(400);
    expect(noRole.body.message).toBe('Some of the chosen roles do not exist: 77777');
    expect((await call({ userId: 1, roles: [{ roleId: 1, isSelected: true }, { roleId: 1, isSelected: false }] })).status).toBe(400);
    for (const body of [{}, { userId: 1, roles: [] }, { userId: 'x', roles: [{ roleId: 1, isSelected: 'yes' }] }, { userId: 1, roles: 'x'.repeat(10_000) }]) {
      const res = await call(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await t.api.call(endpoints.userRoles, { token: admin, params: { id: 1 } })).body).toContainEqual({ roleId: 1, roleName: 'Admin', isSelected: true });
  });
});
