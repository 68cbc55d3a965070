import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { hotels, passwordTokens, securityEvents, trustedDevices, userRoles } from '../../../server/src/db/schema';
import { hashToken, newOpaqueToken } from '../../../server/src/security/tokens';
import { totpCode } from '../../../server/src/security/totp';
import { SERVICE_CLAIMS, createStaffUser, seedFixture, tokenFor, type Fixture, type StaffUser } from '../../support/fixtures';
import { openStream } from '../../support/sse';
import { type TestServer, startTestServer } from '../../support/test-server';

/** Each test speaks from its own addresses, so one test's attempts do not count in another's limit. */
let nextIp = 1;
const newIp = () => `10.29.0.${nextIp++}`;

const DESKTOP = { origin: 'app://desk', 'user-agent': 'Mozilla/5.0 HotelServicesDesk/1.0 Electron/38' };
const FIREFOX = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' };
const DAY = 24 * 60 * 60 * 1000;
/** Every test starts its clock here, 5 s into a 30-second step (its users are its own, so steps never go back). */
const BASE = Date.parse('2026-05-04T08:00:05Z');

interface Signed {
  accessToken: string;
  refreshToken: string;
}

/** The calls every suite here makes, against one server. */
function helpers(get: () => TestServer) {
  const t = () => get();
  const db = () => t().server.app.ctx.database.db;
  const login = (u: { email: string; password: string }, headers: Record<string, string> = {}, deviceTrustToken?: string) =>
    t().api.call(endpoints.login, { body: { email: u.email, password: u.password, deviceTrustToken }, headers: { 'x-forwarded-for': newIp(), ...headers } });
  const signIn = async (u: { email: string; password: string }, headers: Record<string, string> = {}): Promise<Signed> => {
    const res = await login(u, headers);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toBeTruthy();
    return res.body;
  };
  const refresh = (s: Signed) => t().api.call(endpoints.refreshToken, { body: { refreshToken: s.refreshToken } });
  const stillSignedIn = async (s: Signed) => (await t().api.call(endpoints.mySessions, { token: s.accessToken })).status === 200;
  const events = async (userId: number) => (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);
  /** A user enrolled in two-factor through the API at the clock's time; answers its secret. */
  async function enrolled(user: StaffUser): Promise<string> {
    const token = await tokenFor(t().server.app.ctx.tokens, user);
    const setup = await t().api.call(endpoints.twoFactorSetup, { token });
    const confirmed = await t().api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(setup.body.secret, t().clock.now()) } });
    expect(confirmed.status).toBe(200);
    return setup.body.secret;
  }
  /** Password and code; the clock moves one step on so the code's step was not used yet. */
  async function signInWithCode(u: StaffUser, secret: string, rememberDevice?: boolean) {
    t().clock.advance(30_000);
    const first = await login(u);
    expect(first.body.twoFactor).toBe('code');
    return t().api.call(endpoints.loginTwoFactor, {
      body: { twoFactorToken: first.body.twoFactorToken, code: totpCode(secret, t().clock.now()), rememberDevice },
      headers: { 'x-forwarded-for': newIp() },
    });
  }
  return { db, login, signIn, refresh, stillSignedIn, events, enrolled, signInWithCode };
}

describe('Signed-in devices', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.cleanup());
  const { db, signIn, refresh, stillSignedIn, events, enrolled, signInWithCode } = helpers(() => t);

  it('lists the desktop app and the browser with this device marked, and ends the other: it is signed out on its next call', async () => {
    const user = await createStaffUser(db());
    const desk = await signIn(user, DESKTOP);
    const browser = await signIn(user, FIREFOX);
    const listed = await t.api.call(endpoints.mySessions, { token: desk.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    const mine = listed.body.find((s: { current: boolean }) => s.current);
    const other = listed.body.find((s: { current: boolean }) => !s.current);
    expect(mine).toMatchObject({ kind: 'desktop', userAgent: DESKTOP['user-agent'], ip: expect.stringMatching(/^10\.29\./) });
    expect(other).toMatchObject({ kind: 'browser', userAgent: FIREFOX['user-agent'] });
    expect(Date.parse(other.createdAt)).toBeLessThanOrEqual(Date.parse(other.lastUsedAt));

    const ended = await t.api.call(endpoints.endMySession, { token: desk.accessToken, body: { sessionId: other.id }, lang: 'ar' });
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('أُنهيت الجلسة: سُجّل خروج ذلك الجهاز');
    // The other device: its access token stops at once, and its refresh token no longer renews.
    expect(await stillSignedIn(browser)).toBe(false);
    expect((await refresh(browser)).status).toBe(401);
    // This device goes on, and the list shows it alone.
    expect(await stillSignedIn(desk)).toBe(true);
    expect((await t.api.call(endpoints.mySessions, { token: desk.accessToken })).body.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect(await events(user.userId)).toContain('session-ended');
    // Ended once: again is a clear 404.
    const again = await t.api.call(endpoints.endMySession, { token: desk.accessToken, body: { sessionId: other.id } });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/already ended/);
  });

  it("ending a session closes that device's open live stream at once; this device's stays open", async () => {
    const user = await createStaffUser(db(), { claims: SERVICE_CLAIMS });
    const here = await signIn(user, DESKTOP);
    const there = await signIn(user, FIREFOX);
    const url = new URL(endpoints.staffEvents.path, t.url).toString();
    const mine = await openStream(url, { authorization: `Bearer ${here.accessToken}` });
    const theirs = await openStream(url, { authorization: `Bearer ${there.accessToken}` });
    const other = (await t.api.call(endpoints.mySessions, { token: here.accessToken })).body.find((s: { current: boolean }) => !s.current);
    const started = Date.now();
    expect((await t.api.call(endpoints.endMySession, { token: here.accessToken, body: { sessionId: other.id } })).status).toBe(200);
    await theirs.closed();
    // Not at the token's expiry (15 minutes): within moments of the end.
    expect(Date.now() - started).toBeLessThan(5_000);
    // The stream that stays was told of the same change and checked: it is still open.
    expect(await stillSignedIn(here)).toBe(true);
    expect(mine.ended()).toBe(false);
    mine.close();
  });

  it("a renewal keeps the session's start and moves its last use; another user's session is not found and goes on", async () => {
    const user = await createStaffUser(db());
    const stranger = await createStaffUser(db());
    const theirs = await signIn(stranger, FIREFOX);
    const [theirId] = (await t.api.call(endpoints.mySessions, { token: theirs.accessToken })).body.map((s: { id: string }) => s.id);
    const mine = await signIn(user, FIREFOX);
    const [before] = (await t.api.call(endpoints.mySessions, { token: mine.accessToken })).body;
    t.clock.advance(60_000);
    const renewed = await refresh(mine);
    expect(renewed.status).toBe(200);
    const [after] = (await t.api.call(endpoints.mySessions, { token: renewed.body.accessToken })).body;
    expect(after.id).toBe(before.id);
    expect(after.createdAt).toBe(before.createdAt);
    expect(Date.parse(after.lastUsedAt)).toBeGreaterThan(Date.parse(before.lastUsedAt));
    expect(after.current).toBe(true);

    const refused = await t.api.call(endpoints.endMySession, { token: renewed.body.accessToken, body: { sessionId: theirId } });
    expect(refused.status).toBe(404);
    expect(await stillSignedIn(theirs)).toBe(true);
    // Bad input: a clear 400, nothing ended.
    const bad = await t.api.call(endpoints.endMySession, { token: renewed.body.accessToken, body: { sessionId: 'x'.repeat(10_000) } });
    expect(bad.status).toBe(400);
    expect(await stillSignedIn({ accessToken: renewed.body.accessToken, refreshToken: '' })).toBe(true);
  });

  it("an Admin lists a user's sessions and ends one or all (recorded); a user without the claim may not", async () => {
    const user = await createStaffUser(db());
    const one = await signIn(user, DESKTOP);
    const two = await signIn(user, FIREFOX);
    const three = await signIn(user, FIREFOX);
    const clerk = await createStaffUser(db(), { claims: ['Administration.Users.View'] });
    const clerkToken = await tokenFor(t.server.app.ctx.tokens, clerk);
    expect((await t.api.call(endpoints.userSessions, { token: clerkToken, query: { userId: user.userId } })).status).toBe(403);
    expect((await t.api.call(endpoints.endUserSessions, { token: clerkToken, body: { userId: user.userId } })).status).toBe(403);
    expect(await stillSignedIn(one)).toBe(true);

    const admin = await t.adminToken();
    const listed = await t.api.call(endpoints.userSessions, { token: admin, query: { userId: user.userId } });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    expect(listed.body.every((s: { current: boolean }) => !s.current)).toBe(true);
    const desk = listed.body.find((s: { kind: string }) => s.kind === 'desktop');
    const endOne = await t.api.call(endpoints.endUserSessions, { token: admin, body: { userId: user.userId, sessionId: desk.id } });
    expect(endOne.status).toBe(200);
    expect(await stillSignedIn(one)).toBe(false);
    expect(await stillSignedIn(two)).toBe(true);

    const endAll = await t.api.call(endpoints.endUserSessions, { token: admin, body: { userId: user.userId }, lang: 'ar' });
    expect(endAll.status).toBe(200);
    expect(endAll.body.message).toBe('أُنهيت جميع جلسات هذا المستخدم');
    for (const s of [two, three]) {
      expect(await stillSignedIn(s)).toBe(false);
      expect((await refresh(s)).status).toBe(401);
    }
    expect((await t.api.call(endpoints.userSessions, { token: admin, query: { userId: user.userId } })).body).toEqual([]);
    expect(await events(user.userId)).toEqual(expect.arrayContaining(['session-ended', 'all-sessions-ended']));
    const audit = await t.api.call(endpoints.securityEvents, { token: admin });
    expect(audit.body.items.find((e: { kind: string; email: string }) => e.kind === 'all-sessions-ended' && e.email === user.email).actorEmail).toBe(
      'admin@test.hotel',
    );
    // The user signs in again as before.
    expect(await stillSignedIn(await signIn(user))).toBe(true);
    expect((await t.api.call(endpoints.userSessions, { token: admin, query: { userId: 2_000_000 } })).status).toBe(404);
  });

  it("an Admin's two-factor reset of a user ends every session of that user", async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const secret = await enrolled(user);
    const signed = await signInWithCode(user, secret);
    expect(signed.status).toBe(200);
    expect(await stillSignedIn(signed.body)).toBe(true);
    const admin = await t.adminToken();
    expect((await t.api.call(endpoints.resetUserTwoFactor, { token: admin, body: { userId: user.userId } })).status).toBe(200);
    expect(await stillSignedIn(signed.body)).toBe(false);
    expect((await refresh(signed.body)).status).toBe(401);
  });

  it("requiring two-factor for a role ends the sessions of its holders who have none; those enrolled stay signed in", async () => {
    t.clock.set(BASE);
    const without = await createStaffUser(db(), { claims: ['Administration.Users.View'] });
    const [{ roleId }] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, without.userId));
    const withCode = await createStaffUser(db());
    await db().insert(userRoles).values({ userId: withCode.userId, roleId });
    const secret = await enrolled(withCode);
    const plain = await signIn(without);
    const coded = (await signInWithCode(withCode, secret)).body as Signed;
    const admin = await t.adminToken();
    expect((await t.api.call(endpoints.setRoleTwoFactor, { token: admin, body: { roleId, requireTwoFactor: true } })).status).toBe(200);
    expect(await stillSignedIn(plain)).toBe(false);
    expect((await refresh(plain)).status).toBe(401);
    expect(await stillSignedIn(coded)).toBe(true);
    expect(await events(without.userId)).toContain('all-sessions-ended');
    // Their next sign-in goes to enrolment.
    const next = await t.api.call(endpoints.login, { body: { email: without.email, password: without.password }, headers: { 'x-forwarded-for': newIp() } });
    expect(next.body.twoFactor).toBe('enrol');
    // Turning it off ends nobody's session.
    const again = await signInWithCode(withCode, secret);
    expect((await t.api.call(endpoints.setRoleTwoFactor, { token: admin, body: { roleId, requireTwoFactor: false } })).status).toBe(200);
    expect(await stillSignedIn(again.body)).toBe(true);
  });

  it('offers no "remember this device" unless the hotel turns it on: no token is given', async () => {
    t.clock.set(BASE);
    const user = await createStaffUser(db());
    const secret = await enrolled(user);
    t.clock.advance(30_000);
    const first = await t.api.call(endpoints.login, { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': newIp() } });
    expect(first.body.rememberDevice).toBeUndefined();
    const done = await t.api.call(endpoints.loginTwoFactor, {
      body: { twoFactorToken: first.body.twoFactorToken, code: totpCode(secret, t.clock.now()), rememberDevice: true },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(done.status).toBe(200);
    expect(done.body.deviceTrustToken).toBeUndefined();
    expect(await db().select().from(trustedDevices).where(eq(trustedDevices.userId, user.userId))).toEqual([]);
  });
});

describe('Remember this device for 30 days (turned on)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true' } });
    fx = await seedFixture(db());
    // Hotel A lets its staff's devices be remembered; hotel B does not.
    await db().update(hotels).set({ rememberDevice: true }).where(eq(hotels.id, fx.hotelA.id));
  });
  afterAll(() => t.cleanup());
  let fx: Fixture;
  const { db, login, events, enrolled, signInWithCode } = helpers(() => t);

  /** A user enrolled, signed in with a code and "remember this device": answers the user, secret and device token. */
  async function remembered() {
    t.clock.set(BASE);
    const user = await createStaffUser(db(), { hotelIds: [fx.hotelA.id] });
    const secret = await enrolled(user);
    const done = await signInWithCode(user, secret, true);
    expect(done.status).toBe(200);
    expect(done.body.deviceTrustToken).toEqual(expect.any(String));
    return { user, secret, trust: done.body.deviceTrustToken as string };
  }

  it('the code step offers it; the token is kept hashed, and the password alone signs in with it on day 29 but not day 31', async () => {
    const { user, trust } = await remembered();
    const rows = await db().select().from(trustedDevices).where(eq(trustedDevices.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(trust));
    expect(rows[0].tokenHash).not.toBe(trust);
    // Without the token (another device) the code is still asked, and offered to be remembered.
    const elsewhere = await login(user);
    expect(elsewhere.body).toMatchObject({ twoFactor: 'code', rememberDevice: true });

    t.clock.set(BASE + 29 * DAY);
    const day29 = await login(user, {}, trust);
    expect(day29.status).toBe(200);
    expect(day29.body.accessToken).toBeTruthy();
    expect(day29.body.twoFactor).toBeUndefined();
    expect(await events(user.userId)).toContain('sign-in');

    t.clock.set(BASE + 31 * DAY);
    const day31 = await login(user, {}, trust);
    expect(day31.body.twoFactor).toBe('code');
    expect(day31.body.accessToken).toBeUndefined();
  });

  it('a user of two hotels is offered it only when both allow it; a hotel turning it off makes the code asked again', async () => {
    t.clock.set(BASE);
    const both = await createStaffUser(db(), { hotelIds: [fx.hotelA.id, fx.hotelB.id] });
    const secret = await enrolled(both);
    t.clock.advance(30_000);
    const first = await login(both);
    expect(first.body.twoFactor).toBe('code');
    expect(first.body.rememberDevice).toBeUndefined();
    const done = await t.api.call(endpoints.loginTwoFactor, {
      body: { twoFactorToken: first.body.twoFactorToken, code: totpCode(secret, t.clock.now()), rememberDevice: true },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(done.status).toBe(200);
    expect(done.body.deviceTrustToken).toBeUndefined();

    // Remembered while hotel A allowed it; A then turns it off: the code is asked again.
    const { user, trust } = await remembered();
    t.clock.advance(60_000);
    expect((await login(user, {}, trust)).body.accessToken).toBeTruthy();
    await db().update(hotels).set({ rememberDevice: false }).where(eq(hotels.id, fx.hotelA.id));
    try {
      expect((await login(user, {}, trust)).body.twoFactor).toBe('code');
    } finally {
      await db().update(hotels).set({ rememberDevice: true }).where(eq(hotels.id, fx.hotelA.id));
    }
  });

  it("a device token is its user's only, and a wrong password with it is still refused", async () => {
    const { user, trust } = await remembered();
    const other = await createStaffUser(db());
    await enrolled(other);
    expect((await login(other, {}, trust)).body.twoFactor).toBe('code');
    const wrong = await login({ email: user.email, password: 'not-the-password' }, {}, trust);
    expect(wrong.status).toBe(401);
    expect((await login(user, {}, 'x'.repeat(513))).status).toBe(400);
  });

  it('ending all sessions forgets the device', async () => {
    const { user, trust } = await remembered();
    const admin = await t.adminToken();
    expect((await t.api.call(endpoints.endUserSessions, { token: admin, body: { userId: user.userId } })).status).toBe(200);
    expect((await login(user, {}, trust)).body.twoFactor).toBe('code');
  });

  it('a two-factor reset forgets the device (after enrolling again the code is asked)', async () => {
    const { user, trust } = await remembered();
    const admin = await t.adminToken();
    expect((await t.api.call(endpoints.resetUserTwoFactor, { token: admin, body: { userId: user.userId } })).status).toBe(200);
    // Enrolled again (signed in by password alone now, as the reset ended every session).
    t.clock.advance(60_000);
    const token = (await login(user)).body.accessToken as string;
    const setup = await t.api.call(endpoints.twoFactorSetup, { token });
    expect((await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(setup.body.secret, t.clock.now()) } })).status).toBe(200);
    expect((await login(user, {}, trust)).body.twoFactor).toBe('code');
  });

  it('a password change forgets the device', async () => {
    const { user, trust } = await remembered();
    const link = newOpaqueToken();
    await db()
      .insert(passwordTokens)
      .values({ userId: user.userId, purpose: 'reset', tokenHash: link.hash, expiresAt: new Date(t.clock.now().getTime() + 3_600_000) });
    const newPassword = 'A-new-Passw0rd-for-this';
    const reset = await t.api.call(endpoints.resetPassword, { body: { email: user.email, token: link.token, newPassword } });
    expect(reset.status).toBe(200);
    expect((await login({ email: user.email, password: newPassword }, {}, trust)).body.twoFactor).toBe('code');
  });
});
