import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Claim, endpoints } from '@shared';
import * as s from '../../../server/src/db/schema';
import { createStaffUser } from '../../support/fixtures';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { type TestServer, startTestServer } from '../../support/test-server';
import { hotelAndDepartment, linkOf, mailTo, newUserInput, useSmtp } from './administration.fixtures';
import { XLSX, fileForm, fillTemplate } from '../excel/excel.fixtures';

/**
 * User administration within one's own reach and rights: a manager of one hotel adds,
 * lists and manages only users of their hotels and departments, and a set-password link
 * never sets the password of a user who came to hold more than whoever took the link.
 */
describe('User administration: scope and the rights behind a link', () => {
  let t: TestServer;
  let smtp: SmtpCatcher;
  let admin: string;
  let a: { hotelId: number; departmentId: number };
  let b: { hotelId: number; departmentId: number };
  let n = 0;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer();
    admin = await t.adminToken();
    await useSmtp(t, smtp);
    a = await hotelAndDepartment(t);
    b = await hotelAndDepartment(t);
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  const db = () => t.server.app.ctx.database.db;
  const MANAGER: Claim[] = ['Administration.Users.View', 'Administration.Users.Create', 'Administration.Users.Edit', 'Service Management.Request List.View'];
  /** A manager of hotel A and its department, signed in. */
  const managerOfA = async (claims: Claim[] = MANAGER) => {
    const user = await createStaffUser(db(), { claims, hotelIds: [a.hotelId], departmentIds: [a.departmentId] });
    return { ...user, token: await t.api.login(user.email, user.password) };
  };
  const addByAdmin = async (hotelIds: number[], departmentIds: number[]) => {
    const res = await t.api.call(endpoints.addUser, { token: admin, body: { ...newUserInput(a, `scope${++n}`), hotelIds, departmentIds } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const roleIdsOf = async (userId: number) =>
    (await db().select({ id: s.userRoles.roleId }).from(s.userRoles).where(eq(s.userRoles.userId, userId))).map((r) => r.id).sort();
  const roleOf = async (userId: number) => (await roleIdsOf(userId))[0];
  const roleWith = async (claims: Claim[]) => {
    const [role] = await db().insert(s.roles).values({ name: `Scope role ${++n}` }).returning();
    if (claims.length) await db().insert(s.roleClaims).values(claims.map((claim) => ({ roleId: role.id, claim })));
    return role.id;
  };
  const give = (token: string, userId: number, roleId: number, isSelected = true) =>
    t.api.call(endpoints.updateUserRoles, { token, body: { userId, roles: [{ roleId, isSelected }] } });
  const takeLink = async (token: string, userId: number) => {
    const res = await t.api.call(endpoints.invitationLink, { token, body: { userId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.link);
    return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
  };
  const setPassword = (link: { email: string; token: string }, newPassword = 'Quiet-harbour-lantern-58') =>
    t.api.call(endpoints.resetPassword, { body: { ...link, newPassword } });
  /** Whether every link of the user is used up, before anyone tries it. */
  const linksEnded = async (userId: number) =>
    (await db().select({ usedAt: s.passwordTokens.usedAt }).from(s.passwordTokens).where(eq(s.passwordTokens.userId, userId))).every((l) => l.usedAt !== null);
  const EXPIRED_ANSWER = { en: 'This link is not valid or has expired, please ask for a new one', ar: 'هذا الرابط غير صالح أو انتهت صلاحيته، يرجى طلب رابط جديد' };

  describe('a link taken by someone with fewer rights', () => {
    it('stops working once the user is given the Admin role: the taker cannot sign in as an Admin', async () => {
      const clerk = await managerOfA(['Administration.Users.View', 'Administration.Users.Create']);
      const fresh = await addByAdmin([a.hotelId], [a.departmentId]);
      const link = await takeLink(clerk.token, fresh);
      expect((await give(admin, fresh, 1)).status).toBe(200);
      expect(await linksEnded(fresh)).toBe(true);
      const res = await setPassword(link);
      expect(res.status).toBe(400);
      // The same answer as any used or expired link: nothing tells the taker when the link might work again.
      expect(res.body.message).toBe(EXPIRED_ANSWER.en);
      const [user] = await db().select().from(s.users).where(eq(s.users.id, fresh));
      expect(user.passwordHash).toBeNull();
      expect((await t.api.call(endpoints.login, { body: { email: link.email, password: 'Quiet-harbour-lantern-58' } })).status).toBe(401);
      // The Admin's own link works.
      expect((await setPassword(await takeLink(admin, fresh))).status).toBe(200);
    });

    it('stops working once a role the user holds gains a permission the taker lacks', async () => {
      const clerk = await managerOfA(['Administration.Users.View', 'Administration.Users.Create', 'Basic Data.Room.View']);
      const fresh = await addByAdmin([a.hotelId], [a.departmentId]);
      const role = await roleWith(['Basic Data.Room.View']);
      expect((await give(admin, fresh, role)).status).toBe(200);
      const link = await takeLink(clerk.token, fresh);
      const detail = (await t.api.call(endpoints.roleClaims, { token: admin, params: { id: role } })).body;
      const wanted = ['Basic Data.Room.View', 'Administration.Email Settings.Edit'];
      const saved = await t.api.call(endpoints.updateRoleClaims, {
        token: admin,
        body: { roleId: role, roleName: detail.roleName, claims: detail.claims.map((c: { claimType: string }) => ({ ...c, isSelected: wanted.includes(c.claimType) })) },
      });
      expect(saved.status).toBe(200);
      expect(await linksEnded(fresh)).toBe(true);
      const res = await setPassword(link);
      expect(res.status).toBe(400);
      expect((await t.api.call(endpoints.resetPassword, { lang: 'ar', body: { ...link, newPassword: 'Quiet-harbour-lantern-58' } })).body.message).toBe(EXPIRED_ANSWER.ar);
    });

    it('is refused when the taker has since lost a permission the user holds, and stays refused when they get it back', async () => {
      const clerk = await managerOfA(['Administration.Users.View', 'Administration.Users.Create', 'Basic Data.Room.View']);
      const fresh = await addByAdmin([a.hotelId], [a.departmentId]);
      expect((await give(admin, fresh, await roleWith(['Basic Data.Room.View']))).status).toBe(200);
      const link = await takeLink(clerk.token, fresh);
      const clerkRole = await roleOf(clerk.userId);
      await db().delete(s.roleClaims).where(eq(s.roleClaims.roleId, clerkRole));
      await db().insert(s.roleClaims).values([{ roleId: clerkRole, claim: 'Administration.Users.View' }, { roleId: clerkRole, claim: 'Administration.Users.Create' }]);
      expect((await setPassword(link)).body.message).toBe(EXPIRED_ANSWER.en);
      // Refused once, ended: giving the taker the permission back does not revive it.
      await db().insert(s.roleClaims).values({ roleId: clerkRole, claim: 'Basic Data.Room.View' });
      expect((await setPassword(link)).status).toBe(400);
    });

    it('keeps working when the user is given a role within the taker’s rights (an Admin’s invitation, then roles, as usual)', async () => {
      const clerk = await managerOfA(['Administration.Users.View', 'Administration.Users.Create', 'Administration.Users.Edit', 'Basic Data.Room.View']);
      const fresh = await addByAdmin([a.hotelId], [a.departmentId]);
      const link = await takeLink(clerk.token, fresh);
      expect((await give(admin, fresh, await roleWith(['Basic Data.Room.View']))).status).toBe(200);
      expect((await setPassword(link)).status).toBe(200);
    });
  });

  describe('a password set through a link taken by someone with fewer rights', () => {
    const PASSWORD = 'Quiet-harbour-lantern-58';
    const signIn = (email: string, password = PASSWORD) => t.api.call(endpoints.login, { body: { email, password } });
    const refresh = (refreshToken: string) => t.api.call(endpoints.refreshToken, { body: { refreshToken } });
    const userRow = async (id: number) => (await db().select().from(s.users).where(eq(s.users.id, id)))[0];
    /** A clerk who may only add users adds one (no roles), takes its link and sets the password at once. */
    const clerkSetsPassword = async (clerkClaims: Claim[] = ['Administration.Users.View', 'Administration.Users.Create']) => {
      const clerk = await managerOfA(clerkClaims);
      const added = await t.api.call(endpoints.addUser, { token: clerk.token, body: newUserInput(a, `used${++n}`) });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const link = await takeLink(clerk.token, added.body.id);
      expect((await setPassword(link, PASSWORD)).status).toBe(200);
      return { clerk, userId: added.body.id as number, email: link.email };
    };

    it('stops working once an Admin gives the user the Admin role, and so do the sessions the clerk opened with it', async () => {
      const { userId, email } = await clerkSetsPassword();
      const before = await signIn(email);
      expect(before.status).toBe(200);
      expect((await t.api.call(endpoints.generateCompanies, { token: before.body.accessToken })).status).toBe(200);

      expect((await give(admin, userId, 1)).status).toBe(200);
      expect((await signIn(email)).status).toBe(401);
      // Neither a refresh nor the access token taken before gets the new rights.
      expect((await refresh(before.body.refreshToken)).status).toBe(401);
      expect((await t.api.call(endpoints.generateCompanies, { token: before.body.accessToken })).status).toBe(401);
      expect((await t.api.call(endpoints.allUsers, { token: before.body.accessToken })).status).toBe(401);
      const row = await userRow(userId);
      expect(row.passwordHash).toBeNull();
      expect(row.passwordIssuedBy).toBeNull();
    });

    it('stops working once a role the user holds gains a permission the clerk lacks', async () => {
      const { userId, email } = await clerkSetsPassword();
      const role = await roleWith([]);
      expect((await give(admin, userId, role)).status).toBe(200);
      expect((await signIn(email)).status).toBe(200);
      const detail = (await t.api.call(endpoints.roleClaims, { token: admin, params: { id: role } })).body;
      const saved = await t.api.call(endpoints.updateRoleClaims, {
        token: admin,
        body: { roleId: role, roleName: detail.roleName, claims: detail.claims.map((c: { claimType: string }) => ({ ...c, isSelected: c.claimType === 'Basic Data.Room.View' })) },
      });
      expect(saved.status).toBe(200);
      expect((await signIn(email)).status).toBe(401);
    });

    it('stops working once the clerk loses a permission the user holds', async () => {
      const { clerk, userId, email } = await clerkSetsPassword(['Administration.Users.View', 'Administration.Users.Create', 'Administration.Users.Edit', 'Basic Data.Room.View']);
      expect((await give(clerk.token, userId, await roleWith(['Basic Data.Room.View']))).status).toBe(200);
      expect((await signIn(email)).status).toBe(200);
      expect((await give(admin, clerk.userId, await roleOf(clerk.userId), false)).status).toBe(200);
      expect((await signIn(email)).status).toBe(401);
    });

    it('the user gets back in through "Forgot password" and then signs in with the new rights', async () => {
      const { userId, email } = await clerkSetsPassword();
      expect((await give(admin, userId, 1)).status).toBe(200);
      expect((await signIn(email)).status).toBe(401);
      const sent = smtp.messages.length;
      const asked = await t.api.call(endpoints.forgotPassword, { body: { email }, headers: { 'x-forwarded-for': '10.7.0.1' } });
      expect(asked.status).toBe(200);
      const link = linkOf(await mailTo(smtp, email, sent));
      expect((await setPassword(link, 'Own-choice-meadow-91')).status).toBe(200);
      expect((await userRow(userId)).passwordIssuedBy).toBeNull();
      expect((await signIn(email)).status).toBe(401);
      const session = await signIn(email, 'Own-choice-meadow-91');
      expect(session.status).toBe(200);
      expect((await t.api.call(endpoints.allUsers, { token: session.body.accessToken })).status).toBe(200);
      // A password only the user saw stays theirs when their rights change again.
      expect((await give(admin, userId, await roleWith(['Basic Data.Room.View']))).status).toBe(200);
      expect((await signIn(email, 'Own-choice-meadow-91')).status).toBe(200);
    });

    it('keeps working when set through an Admin’s link and the user is then given the Admin role (the usual invitation)', async () => {
      const fresh = await addByAdmin([a.hotelId], [a.departmentId]);
      const link = await takeLink(admin, fresh);
      expect((await setPassword(link, PASSWORD)).status).toBe(200);
      expect((await userRow(fresh)).passwordIssuedBy).not.toBeNull();
      expect((await give(admin, fresh, 1)).status).toBe(200);
      const session = await signIn(link.email);
      expect(session.status).toBe(200);
      expect((await t.api.call(endpoints.allUsers, { token: session.body.accessToken })).status).toBe(200);
    });

    it('keeps working when the user is given a role within the clerk’s rights', async () => {
      const { clerk, userId, email } = await clerkSetsPassword(['Administration.Users.View', 'Administration.Users.Create', 'Basic Data.Room.View']);
      const before = await signIn(email);
      expect((await give(admin, userId, await roleWith(['Basic Data.Room.View']))).status).toBe(200);
      // Still recorded as the clerk's: a later change beyond their rights ends it.
      expect((await userRow(userId)).passwordIssuedBy).toBe(clerk.userId);
      expect((await signIn(email)).status).toBe(200);
      // The refresh gives the new rights as usual.
      expect((await refresh(before.body.refreshToken)).status).toBe(200);
    });
  });

  describe('hotel scope', () => {
    it('AddUser refuses hotels or departments outside the caller’s own, in either language, and adds nothing', async () => {
      const manager = await managerOfA();
      for (const [hotelIds, departmentIds] of [[[a.hotelId, b.hotelId], [a.departmentId]], [[b.hotelId], [a.departmentId]], [[a.hotelId], [a.departmentId, b.departmentId]]]) {
        const input = { ...newUserInput(a, `out${++n}`), hotelIds, departmentIds };
        const res = await t.api.call(endpoints.addUser, { token: manager.token, body: input });
        expect(res.status, JSON.stringify({ hotelIds, departmentIds })).toBe(403);
        expect(res.body.message).toBe('You can only give a user hotels and departments that are yours');
        expect(await db().select().from(s.users).where(eq(s.users.email, input.email))).toEqual([]);
      }
      const ar = await t.api.call(endpoints.addUser, { token: manager.token, lang: 'ar', body: { ...newUserInput(a, `out${++n}`), hotelIds: [b.hotelId] } });
      expect(ar.body.message).toBe('يمكنك أن تمنح المستخدم فقط فنادق وأقسامًا تابعة لك');
      const own = await t.api.call(endpoints.addUser, { token: manager.token, body: newUserInput(a, `own${++n}`) });
      expect(own.status).toBe(200);
    });

    it('lists only the users within the caller’s hotels and departments; an Admin sees all', async () => {
      const manager = await managerOfA();
      const inA = await addByAdmin([a.hotelId], [a.departmentId]);
      const inB = await addByAdmin([b.hotelId], [b.departmentId]);
      const inBoth = await addByAdmin([a.hotelId, b.hotelId], [a.departmentId]);
      const otherDepartment = await addByAdmin([a.hotelId], [b.departmentId]);
      const seen = (await t.api.call(endpoints.allUsers, { token: manager.token })).body.map((u: { id: number }) => u.id);
      expect(seen).toContain(inA);
      for (const id of [inB, inBoth, otherDepartment]) expect(seen).not.toContain(id);
      const all = (await t.api.call(endpoints.allUsers, { token: admin })).body.map((u: { id: number }) => u.id);
      for (const id of [inA, inB, inBoth, otherDepartment]) expect(all).toContain(id);
    });

    it('answers a user outside the caller’s scope as not found for roles, links, invitations and language, and changes nothing', async () => {
      const manager = await managerOfA();
      const role = await roleOf(manager.userId);
      for (const [hotelIds, departmentIds] of [[[b.hotelId], [b.departmentId]], [[a.hotelId, b.hotelId], [a.departmentId]]]) {
        const outside = await addByAdmin(hotelIds, departmentIds);
        const tokensBefore = await db().select().from(s.passwordTokens).where(eq(s.passwordTokens.userId, outside));
        const calls = [
          () => give(manager.token, outside, role),
          () => t.api.call(endpoints.userRoles, { token: manager.token, params: { id: outside } }),
          () => t.api.call(endpoints.invitationLink, { token: manager.token, body: { userId: outside } }),
          () => t.api.call(endpoints.resendInvitation, { token: manager.token, body: { userId: outside } }),
          () => t.api.call(endpoints.setUserLanguage, { token: manager.token, body: { userId: outside, language: 'ar' } }),
        ];
        for (const call of calls) {
          const res = await call();
          expect(res.status, JSON.stringify(res.body)).toBe(404);
          expect(res.body.message).toBe('This user does not exist');
          expect(res.body.link).toBeUndefined();
        }
        expect(await roleIdsOf(outside)).toEqual([]);
        expect(await db().select().from(s.passwordTokens).where(eq(s.passwordTokens.userId, outside))).toEqual(tokensBefore);
        const [user] = await db().select().from(s.users).where(eq(s.users.id, outside));
        expect(user.language).toBe('en');
      }
      // Within scope, the same calls work.
      const inside = await addByAdmin([a.hotelId], [a.departmentId]);
      expect((await give(manager.token, inside, role)).status).toBe(200);
      expect((await t.api.call(endpoints.setUserLanguage, { token: manager.token, body: { userId: inside, language: 'ar' } })).status).toBe(200);
    });

    it('the Users sheet refuses rows with hotels or departments outside the uploader’s own', async () => {
      const manager = await managerOfA();
      const codes = await db().select({ id: s.hotels.id, code: s.hotels.hotelCode }).from(s.hotels).where(inArray(s.hotels.id, [a.hotelId, b.hotelId]));
      const deps = await db().select({ id: s.departments.id, code: s.departments.departmentCode }).from(s.departments).where(inArray(s.departments.id, [a.departmentId, b.departmentId]));
      const hotelCode = (id: number) => codes.find((c) => c.id === id)!.code;
      const depCode = (id: number) => deps.find((d) => d.id === id)!.code;
      const template = (await t.api.call<Buffer>(endpoints.userTemplate, { token: manager.token })).body;
      const rows = [
        [`XS${++n}`, 'Mona', 'Said', `xs.mona${n}@test.hotel`, '+966 50 111 2222', hotelCode(a.hotelId), depCode(a.departmentId)],
        [`XS${++n}`, 'Omar', 'Adel', `xs.omar${n}@test.hotel`, '+966 50 111 3333', `${hotelCode(a.hotelId)}, ${hotelCode(b.hotelId)}`, depCode(a.departmentId)],
        [`XS${++n}`, 'Huda', 'Ali', `xs.huda${n}@test.hotel`, '+966 50 111 4444', hotelCode(a.hotelId), depCode(b.departmentId)],
      ];
      const res = await t.api.call(endpoints.uploadUser, { token: manager.token, form: fileForm(await fillTemplate(template, rows), 'users.xlsx', XLSX) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.rowErrors).toEqual([
        { row: 3, column: 'hotelCodes', message: 'You can only give a user hotels and departments that are yours' },
        { row: 4, column: 'departmentCodes', message: 'You can only give a user hotels and departments that are yours' },
      ]);
      expect(await db().select().from(s.users).where(eq(s.users.email, `xs.mona${n - 2}@test.hotel`))).toEqual([]);
      const ok = await t.api.call(endpoints.uploadUser, { token: manager.token, form: fileForm(await fillTemplate(template, [rows[0]]), 'users.xlsx', XLSX) });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });
  });
});
