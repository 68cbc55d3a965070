import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { createHash } from 'node:crypto';
import { apiKeys, refreshTokens, roles, securityEvents, ssoFlows, ssoSettings, users } from '../../../server/src/db/schema';
import { createStaffUser, tokenFor, type StaffUser } from '../../support/fixtures';
import { startIdentityProvider, type TestIdentityProvider } from '../../support/oidc-provider';
import { type TestServer, startTestServer } from '../../support/test-server';

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
        // The fixtures' staff (not Admins) are linked by the Admin's rule for their domain; the link tests turn it off.
        autoLinkDomains: ['test.hotel'],
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

  it('refuses a missing state, and a callback used twice (replayed): the flow is taken once, the second answer makes nothing', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl, flowKey } = await start();
    const back = await idp.signIn(authorizationUrl, login);
    const stateless = new URL(back);
    stateless.searchParams.delete('state');
    await expectRefused(await callback(stateless), 400, /not known, has expired or was already used/);
    const empty = new URL(back);
    empty.searchParams.set('state', '');
    await expectRefused(await callback(empty), 400, /not known, has expired or was already used/);
    // The real answer still goes through once; the same URL again (a replay, a second tab) is refused.
    const first = await callback(back);
    expect(first.status).toBe(303);
    const replay = await fetch(back, { redirect: 'manual', headers: { 'accept-language': 'ar' } });
    await expectRefused(replay, 400, /not known, has expired or was already used/);
    expect((await complete({ flowKey }, first.headers.get('set-cookie')!.split(';')[0])).status).toBe(200);
    expect(await sessionsOf(user.userId)).toBe(1);
  });

  it('refuses an ID token without the nonce (the authorization request stripped of it)', async () => {
    const { user, login } = await knownUser();
    const { authorizationUrl } = await start();
    const stripped = new URL(authorizationUrl);
    stripped.searchParams.delete('nonce');
    await expectRefused(await callback(await idp.signIn(stripped.href, login)), 401, /could not be verified/);
    expect(await sessionsOf(user.userId)).toBe(0);
    expect(await eventsOf(user.userId)).not.toContain('sso-link');
  });

  it('PKCE: refuses a code injected into another sign-in (the attacker’s code, the victim’s state), a swapped challenge, and a request without one', async () => {
    const victim = await knownUser();
    const attacker = await knownUser();
    // The attacker signs in at the provider in their own flow and keeps the code; the victim's browser is
    // made to deliver it with the victim's own state, so that the victim's desk would sign in as the attacker.
    const theirs = await start();
    const stolen = await idp.signIn(theirs.authorizationUrl, attacker.login);
    const mine = await start();
    const minesBack = await idp.signIn(mine.authorizationUrl, victim.login);
    const injected = new URL(minesBack);
    injected.searchParams.set('code', stolen.searchParams.get('code')!);
    await expectRefused(await callback(injected), 401, /could not be verified/);
    expect(await sessionsOf(attacker.user.userId)).toBe(0);
    expect((await db().select().from(users).where(eq(users.id, attacker.user.userId)))[0].ssoSubject).toBeNull();

    // A challenge other than the server's: the server's verifier does not answer it.
    const swapped = await start();
    const tampered = new URL(swapped.authorizationUrl);
    tampered.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    // Its verifier (RFC 7636's example pair) offered along with the answer is not taken from the browser either.
    const answered = await idp.signIn(tampered.href, victim.login);
    answered.searchParams.set('code_verifier', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    await expectRefused(await callback(answered), 401, /could not be verified/);
    // No challenge at all: the provider refuses to hand out a code, and the callback says so.
    const bare = await start();
    const without = new URL(bare.authorizationUrl);
    without.searchParams.delete('code_challenge');
    without.searchParams.delete('code_challenge_method');
    await expectRefused(await callback(await idp.signIn(without.href, victim.login)), 401, /did not confirm this sign-in/);
    expect(await sessionsOf(victim.user.userId)).toBe(0);
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

  describe('linking an existing account (issue 41)', () => {
    const subjectOf = async (userId: number) => (await db().select().from(users).where(eq(users.id, userId)))[0].ssoSubject;
    const linkStart = async (token: string, client: 'web' | 'desktop' = 'web') => {
      const res = await t.api.call(endpoints.ssoLinkStart, { token, body: { client }, headers: { 'x-forwarded-for': newIp() } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { authorizationUrl: string; flowKey: string };
    };
    const linkComplete = (token: string, body: { flowKey: string; exchangeCode?: string }, cookie?: string, lang?: 'en' | 'ar') =>
      t.api.call(endpoints.ssoLinkComplete, { token, body, headers: cookie ? { cookie } : {}, lang });

    it('an existing account is not linked by its e-mail alone: the sign-in is refused and says how to link', async () => {
      await configure(idp, { autoLinkDomains: [] });
      try {
        const { user, login } = await knownUser();
        const { authorizationUrl } = await start();
        const res = await callback(await idp.signIn(authorizationUrl, login));
        await expectRefused(res, 403, /is not linked to single sign-on yet: sign in with your password or passkey, then choose &#34;Link single sign-on&#34;/);
        expect(await subjectOf(user.userId)).toBeNull();
        expect(await eventsOf(user.userId)).toEqual(['sso-refused']);
        expect(await sessionsOf(user.userId)).toBe(0);
      } finally {
        await configure(idp);
      }
    });

    it('a user holding the Admin role is never linked automatically, even in a domain the Admin listed', async () => {
      const victim = await createStaffUser(db(), { isAdmin: true });
      idp.accounts.set('attacker-made-admin', { email: victim.email, email_verified: true });
      const { authorizationUrl, flowKey } = await start();
      const res = await callback(await idp.signIn(authorizationUrl, 'attacker-made-admin'));
      await expectRefused(res, 403, /is not linked to single sign-on yet/);
      expect((await complete({ flowKey })).status).toBe(401);
      expect(await subjectOf(victim.userId)).toBeNull();
      expect(await sessionsOf(victim.userId)).toBe(0);
    });

    it('links from a signed-in session: start, the provider, then the same user completes; the identity then signs that user in', async () => {
      await configure(idp, { autoLinkDomains: [] });
      try {
        const user = await createStaffUser(db());
        const token = await tokenFor(t.server.app.ctx.tokens, user);
        // The identity at the provider may carry another address than the staff account.
        idp.accounts.set(`corp-${user.userId}`, { email: `someone-${user.userId}@corp.example`, email_verified: true });
        expect((await t.api.call(endpoints.ssoLink, { token })).body).toEqual({ enabled: true, displayName: 'Contoso ID', linked: false });
        const { authorizationUrl, flowKey } = await linkStart(token);
        const back = await callback(await idp.signIn(authorizationUrl, `corp-${user.userId}`));
        expect(back.status).toBe(303);
        expect(back.headers.get('location')).toBe('/Admin/Home?sso=linked');
        const cookie = back.headers.get('set-cookie')!.split(';')[0];
        // A link's code signs nobody in, and nobody else completes it.
        expect((await complete({ flowKey }, cookie)).status).toBe(401);
        const other = await createStaffUser(db());
        const stolen = await linkComplete(await tokenFor(t.server.app.ctx.tokens, other), { flowKey }, cookie);
        expect(stolen.status).toBe(401);
        expect(await subjectOf(other.userId)).toBeNull();

        const done = await linkComplete(token, { flowKey }, cookie, 'ar');
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.message).toBe('تم ربط حسابك بـ Contoso ID: يمكنك تسجيل الدخول به');
        expect(await subjectOf(user.userId)).toBe(`corp-${user.userId}`);
        expect(await eventsOf(user.userId)).toContain('sso-link');
        expect((await t.api.call(endpoints.ssoLink, { token })).body.linked).toBe(true);
        expect((await linkComplete(token, { flowKey }, cookie)).status).toBe(401);

        const signIn = await start();
        const res = await callback(await idp.signIn(signIn.authorizationUrl, `corp-${user.userId}`));
        const session = await complete({ flowKey: signIn.flowKey }, res.headers.get('set-cookie')!.split(';')[0]);
        expect(session.status).toBe(200);
        expect(session.body.userEmail).toBe(user.email);
      } finally {
        await configure(idp);
      }
    });

    it('desktop link: the code comes by the deep link; an identity linked to another account is refused', async () => {
      const first = await createStaffUser(db());
      const second = await createStaffUser(db());
      idp.accounts.set(`shared-${first.userId}`, { email: first.email, email_verified: true });
      const firstToken = await tokenFor(t.server.app.ctx.tokens, first);
      const a = await linkStart(firstToken, 'desktop');
      const html = await (await callback(await idp.signIn(a.authorizationUrl, `shared-${first.userId}`))).text();
      expect(html).toContain('finish the link');
      const code = decodeURIComponent(/hotel-desk:\/\/sso\?code=([^"&]+)/.exec(html)![1]);
      expect((await linkComplete(firstToken, { flowKey: a.flowKey, exchangeCode: code })).status).toBe(200);

      const b = await linkStart(await tokenFor(t.server.app.ctx.tokens, second), 'desktop');
      await expectRefused(await callback(await idp.signIn(b.authorizationUrl, `shared-${first.userId}`)), 403, /already linked to another staff account/);
      expect(await subjectOf(second.userId)).toBeNull();
    });

    it('a new provider (issuer or client) unlinks every identity of the old one', async () => {
      const { user, login } = await knownUser();
      const first = await start();
      expect((await callback(await idp.signIn(first.authorizationUrl, login))).status).toBe(303);
      expect(await subjectOf(user.userId)).toBe(login);
      await configure(other, { autoLinkDomains: [] });
      try {
        expect(await subjectOf(user.userId)).toBeNull();
        expect(await db().select({ id: users.id }).from(users).where(eq(users.ssoIssuer, idp.issuer))).toEqual([]);
      } finally {
        await configure(idp);
      }
      // Saving the same provider again keeps the links.
      const again = await start();
      expect((await callback(await idp.signIn(again.authorizationUrl, login))).status).toBe(303);
      await configure(idp);
      expect(await subjectOf(user.userId)).toBe(login);
    });

    it('the domain rule is checked: a bad domain is a clear 400 in the caller\'s language and changes nothing', async () => {
      const before = (await t.api.call(endpoints.ssoSettings, { token: adminToken })).body;
      expect(before.autoLinkDomains).toEqual(['test.hotel']);
      const body = { enabled: true, displayName: 'Contoso ID', issuer: idp.issuer, clientId: idp.clientId, createUsers: false, defaultRoleId: null, ssoOnlyRoleIds: [] };
      const bad = await t.api.call(endpoints.updateSsoSettings, { token: adminToken, lang: 'ar', body: { ...body, autoLinkDomains: ['@Hotel.Example', 'not a domain'] } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'autoLinkDomains', message: 'أدخل نطاقات بريد إلكتروني مثل hotel.example (not a domain ليس نطاقًا)' }]);
      expect((await t.api.call(endpoints.ssoSettings, { token: adminToken })).body).toEqual(before);
      const ok = await t.api.call(endpoints.updateSsoSettings, { token: adminToken, body: { ...body, autoLinkDomains: ['@Hotel.Example', 'test.hotel', 'hotel.example'] } });
      expect(ok.status).toBe(200);
      expect((await t.api.call(endpoints.ssoSettings, { token: adminToken })).body.autoLinkDomains).toEqual(['hotel.example', 'test.hotel']);
      await configure(idp);
    });
  });

  it('an API key never changes sign-in: a chain key holding Sign In claims is refused and loses them; the Admin stays unlinked', async () => {
    // The attack of issue 41: a chain key with the Sign In claims points sign-in at the attacker's provider.
    const key = `hgs_live_5150aa0b0c0d_${'k'.repeat(43)}`;
    const [row] = await db()
      .insert(apiKeys)
      .values({
        keyId: '5150aa0b0c0d',
        name: 'Rogue integrator',
        hotelId: null,
        claims: ['Administration.Sign In.View', 'Administration.Sign In.Edit', 'Service Management.Request List.View'],
        secretHash: createHash('sha256').update(key).digest('hex'),
        createdBy: admin.userId,
      })
      .returning();
    const before = (await db().select().from(ssoSettings))[0];
    const res = await t.api.call(endpoints.updateSsoSettings, {
      token: key,
      body: { enabled: true, displayName: 'Evil', issuer: other.issuer, clientId: other.clientId, clientSecret: other.clientSecret, createUsers: false, defaultRoleId: null, ssoOnlyRoleIds: [], autoLinkDomains: ['test.hotel'] },
    });
    expect(res.status).toBe(403);
    expect((await t.api.call(endpoints.ssoSettings, { token: key })).status).toBe(403);
    expect((await db().select().from(ssoSettings))[0]).toEqual(before);
    // It lost the claims at that call; what it may hold still works.
    expect((await db().select().from(apiKeys).where(eq(apiKeys.id, row.id)))[0].claims).toEqual(['Service Management.Request List.View']);
    expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);
    // And the Admin, whose e-mail the attacker's provider would vouch for, is no linked account.
    expect((await db().select().from(users).where(eq(users.id, admin.userId)))[0].ssoSubject).toBeNull();
  });
});
