import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, CATALOGUE, endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { type TestServer, startTestServer } from '../../support/test-server';
import { userWithClaims } from '../basic-data/basic-data.fixtures';

interface ClaimRow {
  claimType: string;
  category: string;
  isSelected: boolean;
}

describe('Administration: roles and their permissions', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.adminToken();
  });
  afterAll(() => t.cleanup());

  const addRole = (body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.addRole, { token: admin, body, lang });
  const claimsOf = async (id: number) => (await t.api.call(endpoints.roleClaims, { token: admin, params: { id } })).body;
  const update = (body: object, lang?: 'en' | 'ar') => t.api.call(endpoints.updateRoleClaims, { token: admin, body, lang });
  const roleCount = async () => (await t.server.app.ctx.database.db.select().from(s.roles)).length;

  it('adds a role and lists it with its description', async () => {
    const res = await addRole({ name: 'Housekeeping', description: 'Rooms and cleaning' }, 'ar');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('تمت الإضافة بنجاح');
    const roles = (await t.api.call(endpoints.allRoles, { token: admin })).body;
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Housekeeping']);
    expect(roles[1]).toMatchObject({ id: res.body.id, description: 'Rooms and cleaning' });
    expect(Date.parse(roles[1].createdAt)).not.toBeNaN();
  });

  it('refuses a role name already used, whatever its case, with 409', async () => {
    const before = await roleCount();
    const res = await addRole({ name: 'housekeeping' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A role named "housekeeping" already exists');
    expect((await addRole({ name: 'ADMIN' }, 'ar')).body.message).toBe('يوجد دور باسم "ADMIN" من قبل');
    expect(await roleCount()).toBe(before);
  });

  it('refuses bad role input with 400, storing nothing', async () => {
    const before = await roleCount();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(10_000) }, { name: 5 }, { name: '<b>Boss</b>' }, { name: 'ok', description: 'x'.repeat(10_000) }]) {
      const res = await addRole(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await roleCount()).toBe(before);
  });

  it('shows every claim of the catalogue with its category, and saves a round trip of selections and a new name', async () => {
    const id = (await addRole({ name: 'Night shift' })).body.id;
    const detail = await claimsOf(id);
    expect(detail.roleId).toBe(id);
    expect(detail.roleName).toBe('Night shift');
    expect(detail.claims.map((c: ClaimRow) => c.claimType)).toEqual([...ALL_CLAIMS]);
    expect(detail.claims.every((c: ClaimRow) => !c.isSelected)).toBe(true);
    expect(detail.claims.find((c: ClaimRow) => c.claimType === 'Basic Data.Use Type.View').category).toBe('Basic Data [Use Type]');

    const wanted = new Set(['Basic Data.Hotel.View', 'Basic Data.Hotel.Edit', 'Administration.Users.View']);
    const saved = await update({ roleId: id, roleName: 'Night desk', claims: detail.claims.map((c: ClaimRow) => ({ ...c, isSelected: wanted.has(c.claimType) })) });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Role permissions updated successfully!');
    const after = await claimsOf(id);
    expect(after.roleName).toBe('Night desk');
    expect(after.claims.filter((c: ClaimRow) => c.isSelected).map((c: ClaimRow) => c.claimType).sort()).toEqual([...wanted].sort());

    // Unlisted claims keep their state; listed ones follow their checkbox.
    await update({ roleId: id, roleName: 'Night desk', claims: [{ claimType: 'Basic Data.Hotel.Edit', isSelected: false }] });
    expect((await claimsOf(id)).claims.filter((c: ClaimRow) => c.isSelected).length).toBe(2);
  });

  it('refuses unknown claims, unknown roles, a taken name and bad input, changing nothing', async () => {
    const id = (await addRole({ name: 'Laundry' })).body.id;
    const unknown = await update({ roleId: id, roleName: 'Laundry', claims: [{ claimType: 'Everything.All.Delete', isSelected: true }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown permissions: Everything.All.Delete');
    const noRole = await update({ roleId: 99_999, roleName: 'Ghost', claims: [] }, 'ar');
    expect(noRole.status).toBe(404);
    expect(noRole.body.message).toBe('هذا الدور غير موجود');
    const taken = await update({ roleId: id, roleName: 'HOUSEKEEPING', claims: [] });
    expect(taken.status).toBe(409);
    for (const body of [{}, { roleId: id }, { roleId: id, roleName: '', claims: [] }, { roleId: id, roleName: 'x'.repeat(10_000), claims: [] }, { roleId: 'one', roleName: 'L', claims: [] }, { roleId: id, roleName: 'L', claims: [{ claimType: 'Basic Data.Hotel.View', isSelected: 'yes' }] }, { roleId: id, roleName: '<i>L</i>', claims: [] }]) {
      const res = await update(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    const detail = await claimsOf(id);
    expect(detail.roleName).toBe('Laundry');
    expect(detail.claims.some((c: ClaimRow) => c.isSelected)).toBe(false);
  });

  it('keeps every claim and the name of the Admin role; saving it unchanged is accepted', async () => {
    const detail = await claimsOf(1);
    expect(detail.roleName).toBe('Admin');
    expect(detail.claims.every((c: ClaimRow) => c.isSelected)).toBe(true);
    const drop = await update({ roleId: 1, roleName: 'Admin', claims: [{ claimType: 'Administration.Roles.Edit', isSelected: false }] });
    expect(drop.status).toBe(400);
    expect(drop.body.message).toBe('The Admin role always holds every permission; it cannot be renamed or lose permissions');
    const rename = await update({ roleId: 1, roleName: 'Boss', claims: detail.claims }, 'ar');
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe('دور المدير يملك كل الصلاحيات دائمًا؛ لا يمكن إعادة تسميته أو سحب صلاحيات منه');
    expect((await update({ roleId: 1, roleName: 'Admin', claims: detail.claims })).status).toBe(200);
    const login = await t.api.call(endpoints.login, { body: { email: 'admin@test.hotel', password: 'Admin-Passw0rd!' } });
    // Every screen: an item whose View (Routing: Read) the Admin holds. Escalations (Receive) is a
    // right to hold, not a screen.
    const screens = CATALOGUE.filter((e) => e.actions.some((a: string) => a === 'View' || a === 'Read')).map((e) => `${e.section}.${e.item}`);
    expect(login.body.permissions).toEqual(screens);
    expect(login.body.permissions).toContain('Basic Data.Routing');
    expect(login.body.permissions).not.toContain('Service Management.Escalations');
  });

  it('lets only an admin give the Admin role: a user manager cannot promote themselves', async () => {
    const token = await userWithClaims(t, 'manager@test.hotel', ['Administration.Users.View', 'Administration.Users.Edit']);
    const [me] = (await t.api.call(endpoints.allUsers, { token })).body.filter((u: { email: string }) => u.email === 'manager@test.hotel');
    const res = await t.api.call(endpoints.updateUserRoles, { token, body: { userId: me.id, roles: [{ roleId: 1, isSelected: true }] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only a user with the Admin role can give or take the Admin role');
    expect((await t.api.call(endpoints.userRoles, { token, params: { id: me.id } })).body.find((r: { roleId: number }) => r.roleId === 1).isSelected).toBe(false);
  });

  it('asks for the right permission on every administration call', async () => {
    const token = await userWithClaims(t, 'viewer@test.hotel', ['Administration.Roles.View']);
    expect((await t.api.call(endpoints.allRoles, { token })).status).toBe(200);
    expect((await t.api.call(endpoints.addRole, { token, body: { name: 'Sneaky' } })).status).toBe(403);
    expect((await t.api.call(endpoints.updateRoleClaims, { token, body: { roleId: 1, roleName: 'Admin', claims: [] } })).status).toBe(403);
    expect((await t.api.call(endpoints.emailSettings, { token })).status).toBe(403);
    expect((await t.api.call(endpoints.allRoles, {})).status).toBe(401);
  });
});
