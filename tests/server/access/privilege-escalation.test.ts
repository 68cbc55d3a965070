import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claim, endpoints } from '@shared';
import { eq } from 'drizzle-orm';
import * as s from '../../../server/src/db/schema';
import { createStaffUser } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Nobody grants a claim they do not hold (giving a role gives its
 * claims), nobody edits the claims of a role they hold, and only an Admin touches an
 * Admin user or the Admin role. Every refused call answers 403 with a plain reason
 * and changes nothing.
 */
describe('Administration: no way up through users and roles', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  const db = () => t.server.app.ctx.database.db;
  const staff = async (claims: Claim[]) => {
    const user = await createStaffUser(db(), { claims });
    return { ...user, token: await t.api.login(user.email, user.password) };
  };
  const roleWith = async (name: string, claims: Claim[]) => {
    const [role] = await db().insert(s.roles).values({ name }).returning();
    if (claims.length) await db().insert(s.roleClaims).values(claims.map((claim) => ({ roleId: role.id, claim })));
    return role.id;
  };
  const roleIdsOf = async (userId: number) =>
    (await db().select({ id: s.userRoles.roleId }).from(s.userRoles).where(eq(s.userRoles.userId, userId))).map((r) => r.id).sort();
  const claimsOfRole = async (roleId: number) =>
    (await db().select({ c: s.roleClaims.claim }).from(s.roleClaims).where(eq(s.roleClaims.roleId, roleId))).map((r) => r.c).sort();
  const myRoleId = async (userId: number) => (await roleIdsOf(userId))[0];

  const USER_MANAGER: Claim[] = ['Administration.Users.View', 'Administration.Users.Edit'];
  const ROLE_MANAGER: Claim[] = ['Administration.Roles.View', 'Administration.Roles.Edit'];

  it('refuses a user manager who gives themselves a role with permissions they lack', async () => {
    const me = await staff(USER_MANAGER);
    const powerful = await roleWith('Powerful', ['Administration.Roles.Edit', 'Administration.Email Settings.Edit']);
    const before = await roleIdsOf(me.userId);
    const res = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: me.userId, roles: [{ roleId: powerful, isSelected: true }] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot give permissions you do not hold yourself: Administration.Email Settings.Edit, Administration.Roles.Edit');
    const ar = await t.api.call(endpoints.updateUserRoles, { token: me.token, lang: 'ar', body: { userId: me.userId, roles: [{ roleId: powerful, isSelected: true }] } });
    expect(ar.status).toBe(403);
    expect(ar.body.message).toContain('لا يمكنك منح صلاحيات لا تملكها');
    expect(await roleIdsOf(me.userId)).toEqual(before);
  });

  it('refuses a user manager who gives another user such a role, yet lets them give a role within their own permissions', async () => {
    const me = await staff([...USER_MANAGER, 'Basic Data.Hotel.View']);
    const other = await createStaffUser(db(), { claims: [] });
    const wide = await roleWith('Wide', ['Basic Data.Hotel.View', 'Basic Data.Hotel.Delete']);
    const narrow = await roleWith('Narrow', ['Basic Data.Hotel.View']);
    const before = await roleIdsOf(other.userId);
    const refused = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: other.userId, roles: [{ roleId: wide, isSelected: true }] } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot give permissions you do not hold yourself: Basic Data.Hotel.Delete');
    expect(await roleIdsOf(other.userId)).toEqual(before);

    const allowed = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: other.userId, roles: [{ roleId: narrow, isSelected: true }] } });
    expect(allowed.status).toBe(200);
    expect(await roleIdsOf(other.userId)).toEqual([...before, narrow].sort());
    // Taking a role away is held to the same bound: refused when the role holds more than the caller, allowed within it.
    await db().insert(s.userRoles).values({ userId: other.userId, roleId: wide });
    const removed = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: other.userId, roles: [{ roleId: wide, isSelected: false }] } });
    expect(removed.status).toBe(403);
    expect(removed.body.message).toBe('You cannot take away permissions you do not hold yourself: Basic Data.Hotel.Delete');
    const ar = await t.api.call(endpoints.updateUserRoles, { token: me.token, lang: 'ar', body: { userId: other.userId, roles: [{ roleId: wide, isSelected: false }] } });
    expect(ar.body.message).toContain('لا يمكنك سحب صلاحيات لا تملكها');
    expect(await roleIdsOf(other.userId)).toContain(wide);
    const narrowOff = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: other.userId, roles: [{ roleId: narrow, isSelected: false }] } });
    expect(narrowOff.status).toBe(200);
    expect(await roleIdsOf(other.userId)).not.toContain(narrow);
  });

  it('refuses anyone but an Admin who changes the roles of an Admin user', async () => {
    const me = await staff([...USER_MANAGER, 'Basic Data.Hotel.View']);
    const narrow = await roleWith('Narrow 2', ['Basic Data.Hotel.View']);
    const boss = await createStaffUser(db(), { isAdmin: true });
    const before = await roleIdsOf(boss.userId);
    const res = await t.api.call(endpoints.updateUserRoles, { token: me.token, body: { userId: boss.userId, roles: [{ roleId: narrow, isSelected: true }] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a user with the Admin role can change an Admin user or the Admin role');
    expect(await roleIdsOf(boss.userId)).toEqual(before);
    // An Admin may.
    const byAdmin = await t.api.call(endpoints.updateUserRoles, { token: admin, body: { userId: boss.userId, roles: [{ roleId: narrow, isSelected: true }] } });
    expect(byAdmin.status).toBe(200);
  });

  it('refuses a role manager who adds a permission to a role they hold', async () => {
    const me = await staff(ROLE_MANAGER);
    const roleId = await myRoleId(me.userId);
    const before = await claimsOfRole(roleId);
    const res = await t.api.call(endpoints.updateRoleClaims, {
      token: me.token,
      body: { roleId, roleName: 'Mine', claims: [{ claimType: 'Administration.Users.Edit', category: 'x', isSelected: true }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot change the permissions of a role you hold; ask another administrator');
    expect(await claimsOfRole(roleId)).toEqual(before);
    // Not even a permission they already hold through it (no rename either).
    const same = await t.api.call(endpoints.updateRoleClaims, { token: me.token, lang: 'ar', body: { roleId, roleName: 'Mine', claims: [] } });
    expect(same.status).toBe(403);
    expect(same.body.message).toContain('لا يمكنك تغيير صلاحيات دور تملكه');
  });

  it('refuses a role manager who adds a permission they lack to another role, yet lets them add one they hold', async () => {
    const me = await staff([...ROLE_MANAGER, 'Basic Data.Room.View']);
    const target = await roleWith('Front desk', []);
    const refused = await t.api.call(endpoints.updateRoleClaims, {
      token: me.token,
      body: { roleId: target, roleName: 'Front desk', claims: [{ claimType: 'Administration.Users.Edit', category: 'x', isSelected: true }, { claimType: 'Basic Data.Room.View', category: 'x', isSelected: true }] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot give permissions you do not hold yourself: Administration.Users.Edit');
    expect(await claimsOfRole(target)).toEqual([]);
    const allowed = await t.api.call(endpoints.updateRoleClaims, {
      token: me.token,
      body: { roleId: target, roleName: 'Front desk', claims: [{ claimType: 'Basic Data.Room.View', category: 'x', isSelected: true }] },
    });
    expect(allowed.status).toBe(200);
    expect(await claimsOfRole(target)).toEqual(['Basic Data.Room.View']);
  });

  it('refuses a role manager who takes from another role a permission they lack, yet lets them take one they hold', async () => {
    const me = await staff([...ROLE_MANAGER, 'Basic Data.Room.View']);
    const target = await roleWith('Night desk', ['Basic Data.Room.View', 'Administration.Email Settings.Edit']);
    const refused = await t.api.call(endpoints.updateRoleClaims, {
      token: me.token,
      body: { roleId: target, roleName: 'Night desk', claims: [{ claimType: 'Administration.Email Settings.Edit', category: 'x', isSelected: false }] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot take away permissions you do not hold yourself: Administration.Email Settings.Edit');
    expect(await claimsOfRole(target)).toEqual(['Administration.Email Settings.Edit', 'Basic Data.Room.View']);
    const allowed = await t.api.call(endpoints.updateRoleClaims, {
      token: me.token,
      body: { roleId: target, roleName: 'Night desk', claims: [{ claimType: 'Basic Data.Room.View', category: 'x', isSelected: false }] },
    });
    expect(allowed.status).toBe(200);
    expect(await claimsOfRole(target)).toEqual(['Administration.Email Settings.Edit']);
  });

  it('refuses anyone but an Admin who saves the Admin role, even unchanged', async () => {
    const me = await staff(ROLE_MANAGER);
    const detail = (await t.api.call(endpoints.roleClaims, { token: admin, params: { id: 1 } })).body;
    const res = await t.api.call(endpoints.updateRoleClaims, { token: me.token, body: { roleId: 1, roleName: 'Admin', claims: detail.claims } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a user with the Admin role can change an Admin user or the Admin role');
  });
});
