import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { passkeyChallenges, passkeys, roles, securityEvents, ssoSettings, userRoles, users } from '../../../server/src/db/schema';
import { relyingPartyOf } from '../../../server/src/modules/passkeys/relying-party';
import { totpCode } from '../../../server/src/security/totp';
import { createStaffUser, tokenFor, type StaffUser } from '../../support/fixtures';
import { SoftAuthenticator } from '../../support/soft-authenticator';
import { type TestServer, startTestServer } from '../../support/test-server';

/** The address the hotel configured (PUBLIC_URL): the origin a browser page of the app has. */
const ORIGIN = 'https://hotel.test';

/** Each test speaks from its own address, so one test's sign-ins do not count in another's limit. */
let nextIp = 1;
const newIp = () => `10.29.0.${nextIp++}`;

describe('Passkeys', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true', PUBLIC_URL: ORIGIN } });
  });
  afterAll(() => t.cleanup());

  const db = () => t.server.app.ctx.database.db;
  const from = (origin: string, ip = newIp()) => ({ origin, 'x-forwarded-for': ip });

  async function signedIn(): Promise<{ user: StaffUser; token: string }> {
    const user = await createStaffUser(db());
    return { user, token: await tokenFor(t.server.app.ctx.tokens, user) };
  }

  /** Adds a passkey through the API as the browser would; answers the authenticator holding it. */
  async function added(token: string, name = 'Desk PC', authenticator = new SoftAuthenticator()) {
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    expect(options.status).toBe(200);
    const { response } = authenticator.create(options.body, { origin: ORIGIN });
    const done = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name, response } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return authenticator;
  }

  async function signInOptions(origin = ORIGIN) {
    const options = await t.api.call(endpoints.passkeyLoginOptions, { headers: from(origin) });
    expect(options.status).toBe(200);
    return options.body as { challenge: string; rpId: string };
  }

  const signIn = (response: unknown, lang?: 'en' | 'ar', origin = ORIGIN) =>
    t.api.call(endpoints.passkeyLogin, { headers: from(origin), body: { response }, lang });

  const events = async (userId: number) => (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);

  it('adds a passkey for the signed-in user: listed with its name, when it was made and last used; recorded in the security audit', async () => {
    const { user, token } = await signedIn();
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    expect(options.body.rp).toEqual({ name: 'Hotel Services', id: 'hotel.test' });
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    // The challenge is kept only as its hash.
    const stored = await db().select().from(passkeyChallenges).where(eq(passkeyChallenges.userId, user.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0].challengeHash).not.toBe(options.body.challenge);
    const authenticator = new SoftAuthenticator();
    const { response } = authenticator.create(options.body, { origin: ORIGIN });
    const done = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: '  Front desk PC ', response }, lang: 'ar' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('تمت إضافة مفتاح المرور');
    const list = await t.api.call(endpoints.passkeys, { token });
    expect(list.body).toEqual([{ id: expect.any(Number), name: 'Front desk PC', createdAt: expect.any(String), lastUsedAt: null, backedUp: false }]);
    expect(await events(user.userId)).toEqual(['passkey-added']);
    // The same authenticator's next options exclude it.
    const again = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    expect(again.body.excludeCredentials).toEqual([{ id: response.id, type: 'public-key', transports: ['internal'] }]);
    // One account, one user handle: an authenticator replaces its passkey for the user rather than keeping two.
    expect(again.body.user.id).toBe(options.body.user.id);
    expect(again.body.user.name).toBe(user.email);
  });

  it('signs in with the passkey instead of password and code: the same answer as a password sign-in, last use noted, audited', async () => {
    const { user, token } = await signedIn();
    const authenticator = await added(token);
    const options = await signInOptions();
    expect(options.rpId).toBe('hotel.test');
    // Usernameless: the options name no credential, so they tell nobody who has a passkey.
    expect(options).not.toHaveProperty('allowCredentials.0');
    const answer = await signIn(authenticator.get(options, { origin: ORIGIN }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const password = await t.api.call(endpoints.login, { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': newIp() } });
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(password.body).sort());
    expect(answer.body.userEmail).toBe(user.email);
    expect((await t.api.call(endpoints.passkeys, { token: answer.body.accessToken })).body[0].lastUsedAt).toEqual(expect.any(String));
    expect((await events(user.userId)).filter((k) => k.startsWith('passkey'))).toEqual(['passkey-added', 'passkey-sign-in']);
  });

  it('a user with two-factor sign-in signs in with the passkey alone (it verified the user on the device)', async () => {
    const { user, token } = await signedIn();
    const setup = await t.api.call(endpoints.twoFactorSetup, { token });
    expect((await t.api.call(endpoints.twoFactorConfirm, { token, body: { code: totpCode(setup.body.secret, t.clock.now()) } })).status).toBe(200);
    const password = await t.api.call(endpoints.login, { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': newIp() } });
    expect(password.body.twoFactor).toBe('code');
    const authenticator = await added(token);
    const answer = await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }));
    expect(answer.status).toBe(200);
    expect(answer.body.accessToken).toEqual(expect.any(String));
  });

  it('refuses a replayed sign-in (the challenge is taken once) and a challenge older than five minutes', async () => {
    const { token } = await signedIn();
    const authenticator = await added(token);
    const response = authenticator.get(await signInOptions(), { origin: ORIGIN });
    expect((await signIn(response)).status).toBe(200);
    const replay = await signIn(response, 'ar');
    expect(replay.status).toBe(401);
    expect(replay.body.message).toContain('انتهت صلاحية طلب مفتاح المرور');
    // The same challenge answered again with a higher counter: still used.
    const options = await signInOptions();
    expect((await signIn(authenticator.get(options, { origin: ORIGIN }))).status).toBe(200);
    expect((await signIn(authenticator.get(options, { origin: ORIGIN }))).body.message).toMatch(/expired or was already used/);

    const late = await signInOptions();
    t.clock.advance(5 * 60_000 + 1_000);
    try {
      const expired = await signIn(authenticator.get(late, { origin: ORIGIN }));
      expect(expired.status).toBe(401);
      expect(expired.body.message).toMatch(/expired or was already used/);
    } finally {
      t.clock.set(Date.now());
    }
  });

  it("refuses a registration that answers another user's challenge, and adds nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token: a.token, headers: from(ORIGIN) });
    const { response } = new SoftAuthenticator().create(options.body, { origin: ORIGIN });
    const stolen = await t.api.call(endpoints.passkeyRegister, { token: b.token, headers: from(ORIGIN), body: { name: 'Mine', response } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/expired or was already used/);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, b.user.userId))).toEqual([]);
    // A sign-in challenge does not do for a registration either.
    const signInChallenge = await signInOptions();
    const cross = new SoftAuthenticator().create({ ...options.body, challenge: signInChallenge.challenge }, { origin: ORIGIN });
    expect((await t.api.call(endpoints.passkeyRegister, { token: a.token, headers: from(ORIGIN), body: { name: 'X', response: cross.response } })).status).toBe(400);
  });

  it('refuses an answer signed for another origin, a page the hotel did not configure, and an IP address over plain http', async () => {
    const { token } = await signedIn();
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    const phished = new SoftAuthenticator().create(options.body, { origin: 'https://hotel-test.evil' });
    const refused = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: 'Evil', response: phished.response } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/could not be verified/);

    const authenticator = await added(token);
    const wrongOrigin = await signIn(authenticator.get(await signInOptions(), { origin: 'https://hotel-test.evil' }));
    expect(wrongOrigin.status).toBe(401);

    for (const origin of ['https://hotel-test.evil', t.url]) {
      const other = await t.api.call(endpoints.passkeyLoginOptions, { headers: from(origin), lang: 'ar' });
      expect(other.status).toBe(400);
      expect(other.body.message).toContain('مفاتيح المرور');
    }
    expect((await t.api.call(endpoints.passkeyRegisterOptions, { token })).status).toBe(400); // no Origin at all
  });

  it('refuses an answer made for another relying party (its rpIdHash) from the right page, and one from a page of a sub- or look-alike domain; adds and signs in nothing', async () => {
    const { user, token } = await signedIn();
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    for (const rpId of ['evil.test', 'test', 'hotel.test.evil']) {
      const other = new SoftAuthenticator().create({ ...options.body, rp: { id: rpId } }, { origin: ORIGIN });
      const refused = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: rpId, response: other.response }, lang: 'ar' });
      expect(refused.status, rpId).toBe(400);
    }
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.userId))).toHaveLength(0);

    const authenticator = await added(token);
    // The right page and challenge, but signed over another RP ID's hash (a passkey of another site, relayed).
    for (const rpId of ['evil.test', 'test', 'HOTEL.TEST']) {
      const answer = await signIn(authenticator.get({ ...(await signInOptions()), rpId }, { origin: ORIGIN }));
      expect(answer.status, rpId).toBe(401);
      expect(answer.body.accessToken).toBeUndefined();
    }
    // The right RP ID, from a page the hotel did not configure (a subdomain, another scheme or port).
    for (const origin of ['https://desk.hotel.test', 'http://hotel.test', 'https://hotel.test:8443']) {
      const answer = await signIn(authenticator.get(await signInOptions(), { origin }));
      expect(answer.status, origin).toBe(401);
    }
    expect(await events(user.userId)).not.toContain('passkey-sign-in');
    expect((await db().select().from(passkeys).where(eq(passkeys.userId, user.userId)))[0].lastUsedAt).toBeNull();
    expect((await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }))).status).toBe(200);
  });

  it('holds a challenge to the origin that asked for it, when the server is reached at two (PUBLIC_URL and localhost)', async () => {
    const { user, token } = await signedIn();
    const local = 'http://localhost:5000';
    const viaLocal = { ...from(local), 'x-forwarded-host': 'localhost:5000' };
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    const { response } = new SoftAuthenticator().create({ ...options.body, rp: { id: 'localhost' } }, { origin: local });
    const moved = await t.api.call(endpoints.passkeyRegister, { token, headers: viaLocal, body: { name: 'Moved', response } });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/expired or was already used/);
    // Asked and answered on localhost, it is a passkey for localhost.
    const own = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: viaLocal });
    expect(own.body.rp.id).toBe('localhost');
    const ok = new SoftAuthenticator().create(own.body, { origin: local });
    expect((await t.api.call(endpoints.passkeyRegister, { token, headers: viaLocal, body: { name: 'Local', response: ok.response } })).status).toBe(200);
    expect((await db().select().from(passkeys).where(eq(passkeys.userId, user.userId))).map((p) => [p.name, p.rpId])).toEqual([['Local', 'localhost']]);
  });

  it('takes the relying party from the page only where WebAuthn allows it: a name over https, or localhost', () => {
    const config = { publicUrl: 'http://localhost:5000', publicUrlFromEnv: false };
    const req = (origin: string, host: string, protocol: 'http' | 'https' = 'http') => ({ headers: { origin }, host, protocol });
    expect(relyingPartyOf(config, req('http://localhost:5000', 'localhost:5000'))).toEqual({ origin: 'http://localhost:5000', rpId: 'localhost' });
    expect(relyingPartyOf(config, req('https://desk.hotel.example', 'desk.hotel.example', 'https'))).toEqual({ origin: 'https://desk.hotel.example', rpId: 'desk.hotel.example' });
    // A hotel LAN by IP, plain http on a name, another site than the one reached: refused.
    expect(() => relyingPartyOf(config, req('http://192.168.1.10:5000', '192.168.1.10:5000'))).toThrow(/Passkeys work only/);
    expect(() => relyingPartyOf(config, req('http://[::1]:5000', '[::1]:5000'))).toThrow(/Passkeys work only/);
    expect(() => relyingPartyOf(config, req('http://desk.hotel.example', 'desk.hotel.example'))).toThrow(/Passkeys work only/);
    expect(() => relyingPartyOf(config, req('https://evil.example', 'desk.hotel.example', 'https'))).toThrow(/Passkeys work only/);
    expect(() => relyingPartyOf(config, req('app://desk', 'desk.hotel.example', 'https'))).toThrow(/Passkeys work only/);
  });

  it('a removed passkey signs in no more; only its owner can remove it, and the removal is audited', async () => {
    const { user, token } = await signedIn();
    const other = await signedIn();
    const authenticator = await added(token);
    const [row] = (await t.api.call(endpoints.passkeys, { token })).body;
    const path = endpoints.removePasskey.path.replace(':id', String(row.id));
    expect((await t.api.call({ method: 'DELETE', path }, { token: other.token })).status).toBe(404);
    const removed = await t.api.call({ method: 'DELETE', path }, { token, lang: 'ar' });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('تم حذف مفتاح المرور');
    expect((await t.api.call(endpoints.passkeys, { token })).body).toEqual([]);
    const answer = await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }));
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(/not registered/);
    expect(await events(user.userId)).toEqual(['passkey-added', 'passkey-removed']);
  });

  it('a disabled user cannot sign in with a passkey, even with a good signature', async () => {
    const { user, token } = await signedIn();
    const authenticator = await added(token);
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.userId));
    const answer = await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }), 'ar');
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('هذا الحساب معطّل: راجع المسؤول');
    expect(answer.body.accessToken).toBeUndefined();
    expect(await events(user.userId)).toContain('sign-in-failed');
  });

  it('a role that signs in only with single sign-on cannot sign in with a passkey either (the provider decides who is in)', async () => {
    const { user, token } = await signedIn();
    const authenticator = await added(token);
    const [{ roleId }] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.userId));
    await db().insert(ssoSettings).values({ id: 1, enabled: true, displayName: 'Contoso ID', issuer: 'https://id.contoso.test', clientId: 'desk', clientSecretEnc: 'sealed' });
    await db().update(roles).set({ ssoOnly: true }).where(eq(roles.id, roleId));
    try {
      const answer = await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }), 'ar');
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('Contoso ID');
      expect(answer.body.accessToken).toBeUndefined();
      // Single sign-on switched off: the passkey signs in again.
      await db().update(ssoSettings).set({ enabled: false });
      expect((await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN }))).status).toBe(200);
    } finally {
      await db().delete(ssoSettings);
      await db().update(roles).set({ ssoOnly: false }).where(eq(roles.id, roleId));
    }
  });

  it('refuses a passkey used without user verification, and a signature counter that went back (a cloned authenticator)', async () => {
    const { token } = await signedIn();
    const authenticator = await added(token);
    expect((await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN, userVerified: false }))).status).toBe(401);
    expect((await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN, counter: 7 }))).status).toBe(200);
    const clone = await signIn(authenticator.get(await signInOptions(), { origin: ORIGIN, counter: 3 }));
    expect(clone.status).toBe(401);
    expect(clone.body.message).toMatch(/could not be verified/);
  });

  it('answers bad input with a clear 400 and changes nothing', async () => {
    const { user, token } = await signedIn();
    const bad = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: 'x'.repeat(61), response: { id: 'a' } } });
    expect(bad.status).toBe(400);
    const garbage = await signIn({ id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } });
    expect(garbage.status).toBe(401);
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    const { response } = new SoftAuthenticator().create(options.body, { origin: ORIGIN });
    const broken = { ...response, response: { ...response.response, attestationObject: 'AAAA' } };
    const answer = await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: 'Broken', response: broken } });
    expect(answer.status).toBe(400);
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, user.userId))).toEqual([]);
  });
});
