import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { refreshTokens, roles, securityEvents, ssoFlows, users } from '../../server/src/db/schema';
import { createStaffUser, tokenFor, type StaffUser } from '../support/fixtures';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider';
import { type TestServer, startTestServer } from '../support/test-server';

let nextIp = 1;
const newIp = () => `10.29.0.${nextIp++}`;

describe('Single sign-on (OpenID Connect)', () => {
  let t: TestServer;
  let idp: TestIdentityProvider;
  let other: TestIdentityProvider;
  let admin: StaffUser;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true', HOTEL_SSO_LOOPBACK: 'on' } });
    idp = await startIdentityProvider(`${t.url}/api/Account/Sso/Callback`);
    other = await startIdentityProvider(`${t.url}/api/Account/Sso/Callback`);
    admin = await createStaffUser(db(), { isAdmin: true });
    adminToken = await tokenFor(t.server.app.ctx.tokens, admin);
    await configure(idp);
  });
  afterAll(async () => {
    await t.cleanup();
    await idp.close();
    await other.close();
  });

  const db = () => t.server.app.ctx.database.db;

  async function configure(provider: TestIdentityProvider, extra: Record<string, unknown> = {}) {
    const saved = await t.api.call(endpoints.updateSsoSettings, {
      token: adminToken,
      body: {
        enabled: true,
        displayName: 'Contoso ID',
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        createUsers: false,
        defaultRoleId: null,
        ssoOnlyRoleIds: [],
        ...extra,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  const start = async (client: 'web' | 'desktop' = 'web') => {
    const res = await t.api.call(endpoints.ssoStart, { body: { client }, headers: { 'x-forwarded-for': newIp() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { authorizationUrl: string; flowKey: string };
  };
  const callback = (url: URL) => fetch(url, { redirect: 'manual' });
  const complete = (body: { flowKey: string; exchangeCode?: string }, cookie?: string, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.ssoComplete, { body, headers: cookie ? { cookie } : {}, lang });
  const eventsOf = async (userId: number) => (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);
  const sessionsOf = async (userId: number) => (await db().select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).length;

  /** A staff user the provider knows by a login name, with the e-mail in another case. */
  async function knownUser(verified = true) {
    const user = await createStaffUser(db());
    const login = `acc-${user.userId}`;
    idp.accounts.set(login, { email: user.email.toUpperCase(), email_verified: verified });
    return { user, login };
  }

  /** Refused at the callback: the page says why (both languages), no exchange code was made, no session. */
  async function expectRefused(res: Response, status: number, text: RegExp) {
    expect(res.status).toBe(status);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toMatch(text);
    expect(html).not.toMatch(/hotel-desk:\/\//);
  }

  it('signs an existing user in: code flow with PKCE, state and nonce; no token in any URL; the session only in the POST answer', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl, flowKey } = await start();
    const auth = new URL(authorizationUrl);
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('state')).toBeTruthy();
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl).not.toContain(flowKey);

    const back = await idp.signIn(authorizationUrl, login);
    expect(back.origin + back.pathname).toBe(`${t.url}/api/Account/Sso/Callback`);
    const res = await callback(back);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/Admin/Login?sso=done');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/Account\/Sso\/Complete/);
    const pair = cookie.split(';')[0];

    const done = await complete({ flowKey }, pair);
    expect(done.status).toBe(200);
    expect(done.body.accessToken).toBeTruthy();
    expect(done.body.refreshToken).toBeTruthy();
    expect(done.body.userEmail).toBe(user.email);
    expect(await eventsOf(user.userId)).toEqual(expect.arrayContaining(['sso-link', 'sso-sign-in']));
    const [row] = await db().select().from(users).where(eq(users.id, user.userId));
    expect(row.ssoSubject).toBe(login);

    // The exchange code is single use: the same cookie again signs nobody in.
    const sessions = await sessionsOf(user.userId);
    const again = await complete({ flowKey }, pair, 'ar');
    expect(again.status).toBe(401);
    expect(again.body.message).toContain('انتهت صلاحية عملية تسجيل الدخول');
    expect(await sessionsOf(user.userId)).toBe(sessions);
  });

  it('desktop: the callback page hands the exchange code to the app deep link; it is redeemed only with the flow key, once', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl, flowKey } = await start('desktop');
    const res = await callback(await idp.signIn(authorizationUrl, login));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    const code = decodeURIComponent(/hotel-desk:\/\/sso\?code=([^"&]+)/.exec(html)![1]);
    // Someone who read the deep link but has not the app's flow key gets nothing, and spends nothing.
    const stolen = await complete({ flowKey: 'not-the-key', exchangeCode: code });
    expect(stolen.status).toBe(401);
    expect(stolen.body.message).toMatch(/expired or was already completed/);
    const done = await complete({ flowKey, exchangeCode: code });
    expect(done.status).toBe(200);
    expect(done.body.userEmail).toBe(user.email);
    const reused = await complete({ flowKey, exchangeCode: code });
    expect(reused.status).toBe(401);
  });

  it('refuses a wrong state: no sign-in is found for it, nothing is made', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl } = await start();
    const back = await idp.signIn(authorizationUrl, login);
    back.searchParams.set('state', 'forged-state');
    await expectRefused(await callback(back), 400, /not known, has expired or was already used/);
    expect(await sessionsOf(user.userId)).toBe(0);
    expect((await db().select().from(users).where(eq(users.id, user.userId)))[0].ssoSubject).toBeNull();
  });

  it('refuses a wrong nonce in the ID token', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl } = await start();
    const forged = new URL(authorizationUrl);
    forged.searchParams.set('nonce', 'a-nonce-the-server-never-made');
    await expectRefused(await callback(await idp.signIn(forged.href, login)), 401, /could not be verified/);
    expect(await sessionsOf(user.userId)).toBe(0);
    expect(await eventsOf(user.userId)).not.toContain('sso-link');
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { user, login } = await knownUser(false);
    const { authorizationUrl } = await start();
    await expectRefused(await callback(await idp.signIn(authorizationUrl, login)), 403, /has not verified the e-mail/);
    expect(await sessionsOf(user.userId)).toBe(0);
    const [refusal] = await db().select().from(securityEvents).where(eq(securityEvents.email, user.email));
    expect(refusal.kind).toBe('sso-refused');
  });

  it('refuses a switched-off user', async () => {
    const { user, login } = await knownUser();
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.userId));
    const { authorizationUrl } = await start();
    const res = await callback(await idp.signIn(authorizationUrl, login));
    await expectRefused(res, 403, /is switched off/);
    expect(await eventsOf(user.userId)).toEqual(['sso-refused']);
    expect(await sessionsOf(user.userId)).toBe(0);
  });

  it('refuses an unknown e-mail while "create on first sign-in" is off; creates the user with the default role when on', async () => {
    const login = 'newcomer';
    idp.accounts.set(login, { email: 'New.Comer@test.hotel', email_verified: true, given_name: 'New', family_name: 'Comer' });
    const first = await start();
    await expectRefused(await callback(await idp.signIn(first.authorizationUrl, login)), 403, /No staff account has the e-mail new\.comer@test\.hotel/);
    expect(await db().select().from(users).where(eq(users.email, 'new.comer@test.hotel'))).toHaveLength(0);

    const [role] = await db().insert(roles).values({ name: 'Front desk (SSO)' }).returning();
    await configure(idp, { createUsers: true, defaultRoleId: role.id });
    try {
      const second = await start();
      const res = await callback(await idp.signIn(second.authorizationUrl, login));
      expect(res.status).toBe(303);
      const done = await complete({ flowKey: second.flowKey }, res.headers.get('set-cookie')!.split(';')[0]);
      expect(done.status).toBe(200);
      expect(done.body.userRoles).toEqual(['Front desk (SSO)']);
      const [created] = await db().select().from(users).where(eq(users.email, 'new.comer@test.hotel'));
      expect(created).toMatchObject({ firstName: 'New', lastName: 'Comer', passwordHash: null, ssoSubject: login });
    } finally {
      await configure(idp);
    }
  });

  it('refuses a callback naming another issuer, and one begun with a provider that has since been replaced', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl } = await start();
    const back = await idp.signIn(authorizationUrl, login);
    back.searchParams.set('iss', other.issuer);
    await expectRefused(await callback(back), 401, /could not be verified/);

    const begun = await start();
    const answer = await idp.signIn(begun.authorizationUrl, login);
    await configure(other);
    try {
      await expectRefused(await callback(answer), 400, /provider was changed after this sign-in started/);
    } finally {
      await configure(idp);
    }
    expect(await sessionsOf(user.userId)).toBe(0);
  });

  it('refuses a sign-in older than ten minutes', async () => {
    const { login } = await knownUser();
    const { authorizationUrl } = await start();
    const back = await idp.signIn(authorizationUrl, login);
    t.clock.advance(10 * 60_000 + 1000);
    try {
      await expectRefused(await callback(back), 400, /has expired/);
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('refuses another person at the provider who now has a linked user’s e-mail', async () => {
    const { user, login } = await knownUser();
    const first = await start();
    expect((await callback(await idp.signIn(first.authorizationUrl, login))).status).toBe(303);
    idp.accounts.set('impostor', { email: user.email, email_verified: true });
    const second = await start();
    await expectRefused(await callback(await idp.signIn(second.authorizationUrl, 'impostor')), 403, /linked to another identity/);
  });

  it('only-SSO roles: the password login refuses their holders (after the password), SSO still signs them in', async () => {
    const { user, login } = await knownUser();
    const [{ roleId }] = await db().select({ roleId: roles.id }).from(roles).where(eq(roles.name, `Role ${user.email.slice(6, 14)}`));
    await configure(idp, { ssoOnlyRoleIds: [roleId] });
    try {
      const wrong = await t.api.call(endpoints.login, { body: { email: user.email, password: 'not-the-password' }, headers: { 'x-forwarded-for': newIp() } });
      expect(wrong.status).toBe(401);
      const refused = await t.api.call(endpoints.login, { body: { email: user.email, password: user.password }, headers: { 'x-forwarded-for': newIp() }, lang: 'ar' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('Contoso ID');
      expect(await sessionsOf(user.userId)).toBe(0);
      const { authorizationUrl, flowKey } = await start();
      const res = await callback(await idp.signIn(authorizationUrl, login));
      expect((await complete({ flowKey }, res.headers.get('set-cookie')!.split(';')[0])).status).toBe(200);
    } finally {
      await configure(idp);
    }
  });

  it('settings: the secret is sealed and never sent back; only an Admin may change them; bad input is a clear 400 that changes nothing', async () => {
    const got = await t.api.call(endpoints.ssoSettings, { token: adminToken });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ enabled: true, displayName: 'Contoso ID', issuer: idp.issuer, hasClientSecret: true });
    expect(got.body.redirectUri).toBe(`${t.url}/api/Account/Sso/Callback`);
    expect(JSON.stringify(got.body)).not.toContain(idp.clientSecret);
    const [stored] = await db().select().from(ssoFlows).limit(1);
    expect(stored.codeVerifier).toBeTruthy();

    const pub = await t.api.call(endpoints.ssoPublic);
    expect(pub.body).toEqual({ enabled: true, displayName: 'Contoso ID' });

    const editor = await createStaffUser(db(), { claims: ['Administration.Sign In.View', 'Administration.Sign In.Edit'] });
    const denied = await t.api.call(endpoints.updateSsoSettings, {
      token: await tokenFor(t.server.app.ctx.tokens, editor),
      body: { enabled: true, displayName: 'Evil', issuer: 'https://evil.example', clientId: 'x', clientSecret: 'y', createUsers: true, defaultRoleId: null, ssoOnlyRoleIds: [] },
    });
    expect(denied.status).toBe(403);

    const bad = await t.api.call(endpoints.updateSsoSettings, {
      token: adminToken,
      lang: 'ar',
      body: { enabled: true, displayName: '', issuer: 'http://idp.example/?x=1', clientId: idp.clientId, createUsers: true, defaultRoleId: null, ssoOnlyRoleIds: [] },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries((bad.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(Object.keys(fields).sort()).toEqual(['clientSecret', 'defaultRoleId', 'displayName', 'issuer']);
    expect(fields.issuer).toContain('https://');
    expect((await t.api.call(endpoints.ssoSettings, { token: adminToken })).body).toEqual(got.body);
  });
});
