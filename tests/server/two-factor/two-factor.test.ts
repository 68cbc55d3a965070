import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { recoveryCodes, roles, securityEvents, userRoles, users } from '../../../server/src/db/schema';
import { totpCode } from '../../../server/src/security/totp';
import { createStaffUser, seedFixture, tokenFor, type StaffUser } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** Each test speaks from its own address, so one test's attempts do not count in another's limit. */
let nextIp = 1;
const newIp = () => `10.28.0.${nextIp++}`;

/** Every test starts its clock here, 5 s into a 30-second step (its users are its own, so steps never go back). */
const BASE = Date.parse('2026-03-02T08:00:05Z');
const STEP = 30_000;

describe('Two-factor sign-in (TOTP)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.cleanup());

  const db = () => t.server.app.ctx.database.db;
  const login = (u: { email: string; password: string }, ip: string, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.login, { body: { email: u.email, password: u.password }, headers: { 'x-forwarded-for': ip }, lang });
  const giveCode = (twoFactorToken: string, code: string, ip: string, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.loginTwoFactor, { body: { twoFactorToken, code }, headers: { 'x-forwarded-for': ip }, lang });

  /** A user enrolled through the API at the clock's time; answers its secret and recovery codes. */
  async function enrolled(user: StaffUser): Promise<{ secret: string; recovery: string[] }> {
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const setup = await t.api.call(endpoints.twoFactorSetup, { token });
    expect(setup.status).toBe(200);
    const secret: string = setup.body.secret;
    const confirmed = await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(secret, t.clock.now()) } });
    expect(confirmed.status).toBe(200);
    return { secret, recovery: confirmed.body.recoveryCodes };
  }

  const events = async (userId: number) =>
    (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);

  it('enrols: a QR secret, confirmed with a code, ten recovery codes kept hashed, the secret sealed at rest', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const setup = await t.api.call(endpoints.twoFactorSetup, { token });
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    // Not on until confirmed: the password alone still signs in.
    expect((await login(user, newIp())).body.accessToken).toBeTruthy();
    const wrong = await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: '000000' }, lang: 'ar' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('الرمز غير صحيح');
    const ok = await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(setup.body.secret, t.clock.now()) } });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(ok.body.session).toBeUndefined();
    const [row] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(row.totpSecretEnc).toMatch(/^v1\./);
    expect(row.totpSecretEnc).not.toContain(setup.body.secret);
    const codes = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId));
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(ok.body.recoveryCodes).not.toContain(c.codeHash);
    expect((await t.api.call(endpoints.twoFactorStatus, { token })).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await events(user.userId)).toContain('two-factor-enrolled');
  });

  it('signs in in two steps: the password answers a second-step token (no access token), the code answers the session', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const { secret } = await enrolled(user);
    t.clock.advance(STEP);
    const ip = newIp();
    const first = await login(user, ip);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: 'code', twoFactorToken: expect.any(String), expiresIn: 300 });
    expect(first.body.accessToken).toBeUndefined();
    // The second-step token is no access token.
    expect((await t.api.call(endpoints.twoFactorStatus, { token: first.body.twoFactorToken })).status).toBe(401);
    const second = await giveCode(first.body.twoFactorToken, totpCode(secret, t.clock.now()), ip);
    expect(second.status).toBe(200);
    expect(second.body.userEmail).toBe(user.email);
    expect((await t.api.call(endpoints.twoFactorStatus, { token: second.body.accessToken })).status).toBe(200);
    expect(await events(user.userId)).toContain('sign-in');
  });

  it('refuses a replayed code, a code two steps old, and a reused or expired second-step token, changing nothing', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const { secret } = await enrolled(user);
    t.clock.advance(STEP);
    const ip = newIp();
    const code = totpCode(secret, t.clock.now());
    const a = await login(user, ip);
    expect((await giveCode(a.body.twoFactorToken, code, ip)).status).toBe(200);
    // The same code again (still inside its window), on a fresh sign-in: refused as used.
    const b = await login(user, ip);
    const replay = await giveCode(b.body.twoFactorToken, code, ip, 'ar');
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('سبق استخدام هذا الرمز: انتظر الرمز التالي في تطبيق المصادقة');
    // The token that was used: refused even with a good new code.
    t.clock.advance(STEP);
    const reused = await giveCode(a.body.twoFactorToken, totpCode(secret, t.clock.now()), ip);
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/sign in again/);
    // A code two steps old is outside the ±1 window.
    t.clock.advance(STEP);
    const old = await giveCode(b.body.twoFactorToken, totpCode(secret, new Date(t.clock.now().getTime() - 2 * STEP)), ip);
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/not correct or has expired/);
    // One step behind is still taken (a phone's clock a little slow) — but only after five minutes it is not.
    t.clock.advance(5 * 60_000);
    const expired = await giveCode(b.body.twoFactorToken, totpCode(secret, t.clock.now()), ip);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/sign in again/);
    const c = await login(user, ip);
    const late = await giveCode(c.body.twoFactorToken, totpCode(secret, new Date(t.clock.now().getTime() - STEP)), ip);
    expect(late.status).toBe(200);
  });

  it('takes each recovery code once', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const { recovery } = await enrolled(user);
    const ip = newIp();
    const a = await login(user, ip);
    const first = await giveCode(a.body.twoFactorToken, recovery[0].toUpperCase(), ip);
    expect(first.status).toBe(200);
    const b = await login(user, ip);
    const again = await giveCode(b.body.twoFactorToken, recovery[0], ip);
    expect(again.status).toBe(401);
    expect(again.body.accessToken).toBeUndefined();
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    expect((await t.api.call(endpoints.twoFactorStatus, { token })).body.recoveryCodesLeft).toBe(9);
    expect(await events(user.userId)).toEqual(expect.arrayContaining(['recovery-code-used', 'two-factor-failed']));
  });

  it('counts wrong codes toward the sign-in lockout of that e-mail and address (429), and a right password does not clear it', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const { secret } = await enrolled(user);
    const ip = newIp();
    const { body } = await login(user, ip);
    for (let i = 0; i < 8; i++) expect((await giveCode(body.twoFactorToken, '000000', ip)).status).toBe(401);
    // A correct password again must not reset the count the codes built up.
    const again = await login(user, ip);
    expect(again.status).toBe(200);
    // A code of a step not used yet: only the limit stands in its way.
    t.clock.advance(STEP);
    const locked = await giveCode(again.body.twoFactorToken, totpCode(secret, t.clock.now()), ip);
    expect(locked.status).toBe(429);
  });

  it('a role that requires two-factor gets its holder an enrolment-only token, refused elsewhere with 403, until enrolled', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db(), { claims: ['Administration.Users.View'] });
    const [{ roleId }] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.userId));
    const admin = await t.adminToken();
    const flag = await t.api.call(endpoints.setRoleTwoFactor, { token: admin, body: { roleId, requireTwoFactor: true } });
    expect(flag.status).toBe(200);
    const listed = await t.api.call(endpoints.allRoles, { token: admin });
    expect(listed.body.find((r: { id: number }) => r.id === roleId).requireTwoFactor).toBe(true);
    const ip = newIp();
    const first = await login(user, ip);
    expect(first.body).toEqual({ twoFactor: 'enrol', twoFactorToken: expect.stringMatching(/^enrol_/), expiresIn: expect.any(Number) });
    const enrolToken: string = first.body.twoFactorToken;
    const elsewhere = await t.api.call(endpoints.allUsers, { token: enrolToken, lang: 'ar' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toBe('فعّل التحقق بخطوتين أولًا: دورك يتطلب ذلك');
    expect((await t.api.call(endpoints.twoFactorStatus, { token: enrolToken })).status).toBe(403);
    // Not a code token either.
    expect((await giveCode(enrolToken, '000000', ip)).status).toBe(401);
    const setup = await t.api.call(endpoints.twoFactorSetup, { token: enrolToken });
    expect(setup.status).toBe(200);
    const confirmed = await t.api.call(endpoints.twoFactorConfirm, { token: enrolToken, body: { code: totpCode(setup.body.secret, t.clock.now()) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(confirmed.body.session.userEmail).toBe(user.email);
    expect((await t.api.call(endpoints.allUsers, { token: confirmed.body.session.accessToken })).status).toBe(200);
    // Single use: the enrolment token is spent.
    expect((await t.api.call(endpoints.twoFactorSetup, { token: enrolToken })).status).toBe(401);
    // From now on the role's holder signs in with a code.
    expect((await login(user, ip)).body.twoFactor).toBe('code');
    await db().update(roles).set({ requireTwoFactor: false }).where(eq(roles.id, roleId));
  });

  it('an Admin resets a user\'s two-factor (recorded); a user who is no Admin may not, and may not read the audit', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    await enrolled(user);
    const clerk = await createStaffUser(db(), { claims: ['Administration.Users.View', 'Administration.Users.Edit'] });
    const clerkToken = await tokenFor(t.server.app.ctx.tokens, clerk);
    const refused = await t.api.call(endpoints.resetUserTwoFactor, { token: clerkToken, body: { userId: user.userId } });
    expect(refused.status).toBe(403);
    expect((await t.api.call(endpoints.securityEvents, { token: clerkToken })).status).toBe(403);
    const admin = await t.adminToken();
    const reset = await t.api.call(endpoints.resetUserTwoFactor, { token: admin, body: { userId: user.userId }, lang: 'ar' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('أُعيد تعيين التحقق بخطوتين لهذا المستخدم');
    expect((await login(user, newIp())).body.accessToken).toBeTruthy();
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.userId))).toHaveLength(0);
    const page = await t.api.call(endpoints.securityEvents, { token: admin, query: { page: 0, pageSize: 500 } });
    expect(page.status).toBe(200);
    const row = page.body.items.find((e: { kind: string; email: string }) => e.kind === 'two-factor-reset' && e.email === user.email);
    expect(row.actorEmail).toBe('admin@test.hotel');
    expect(page.body.total).toBeGreaterThanOrEqual(page.body.items.length);
    const small = await t.api.call(endpoints.securityEvents, { token: admin, query: { page: 1, pageSize: 2 } });
    expect(small.body.items).toHaveLength(2);
    expect(small.body.items[0].id).toBe(page.body.items[2].id);
  });

  it("the security audit is scoped by the signed-in user's hotels (unknown e-mails: Admin only); a typed e-mail comes back verbatim", async () => {
    t.clock.set(BASE);
    const fx = await seedFixture(db());
    const [h1, h2] = [fx.hotelA, fx.hotelB];
    const one = await createStaffUser(db(), { hotelIds: [h1.id] });
    const two = await createStaffUser(db(), { hotelIds: [h2.id] });
    const both = await createStaffUser(db(), { hotelIds: [h1.id, h2.id] });
    const auditor = await createStaffUser(db(), { claims: ['Administration.Security Audit.View'], hotelIds: [h1.id] });
    const ip2 = newIp();
    for (const [user, ip] of [[one, newIp()], [two, ip2], [both, newIp()]] as const) expect((await login(user, ip)).status).toBe(200);
    const markup = '<b>bold</b><img/src=x/onerror=alert(1)>@evil.example';
    expect((await login({ email: markup, password: 'whatever-1' }, newIp())).status).toBe(401);

    const audit = async (token: string) => {
      const page = await t.api.call(endpoints.securityEvents, { token, query: { page: 0, pageSize: 500 } });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      return page.body as { items: { email: string; ip: string }[]; total: number };
    };
    const seen = await audit(await tokenFor(t.server.app.ctx.tokens, auditor));
    const emails = seen.items.map((e) => e.email);
    expect(emails).toContain(one.email);
    expect(emails).toContain(both.email);
    expect(emails).not.toContain(two.email);
    expect(seen.items.map((e) => e.ip)).not.toContain(ip2);
    expect(emails).not.toContain(markup);
    expect(seen.total).toBe(seen.items.length);

    const all = await audit(await t.adminToken());
    expect(all.items.map((e) => e.email)).toEqual(expect.arrayContaining([one.email, two.email, both.email, markup]));
  });

  it("the operator's password reset (command line) also turns two-factor off, recorded", async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    await enrolled(user);
    const { resetPasswordAsOperator } = await import('../../../server/src/modules/account/operator-reset');
    const password = await resetPasswordAsOperator(db(), user.email);
    const first = await login({ email: user.email, password: password! }, newIp());
    expect(first.body.accessToken).toBeTruthy();
    expect(await events(user.userId)).toContain('two-factor-reset');
  });

  it('records a failed sign-in for an unknown e-mail as typed', async () => {
    const ip = newIp();
    await login({ email: 'nobody-28@test.hotel', password: 'whatever-1' }, ip);
    const rows = await db().select().from(securityEvents).where(eq(securityEvents.email, 'nobody-28@test.hotel'));
    expect(rows.map((r) => [r.kind, r.ip])).toEqual([['sign-in-failed', ip]]);
  });
});
