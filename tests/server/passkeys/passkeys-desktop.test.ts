import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@shared';
import { roles, securityEvents, ssoFlows, ssoSettings, userRoles, users } from '../../../server/src/db/schema';
import { createStaffUser, tokenFor, type StaffUser } from '../../support/fixtures';
import { SoftAuthenticator } from '../../support/soft-authenticator';
import { type TestServer, startTestServer } from '../../support/test-server';

/** The address the hotel configured (PUBLIC_URL): the system browser opens the login page there. */
const ORIGIN = 'https://hotel.test';
/** The desktop app's own pages, where Chromium offers no WebAuthn. */
const APP_ORIGIN = 'app://desk';

let nextIp = 1;
const newIp = () => `10.31.0.${nextIp++}`;

describe("Passkeys in the desktop app (the ceremony in the system browser, the session in the app)", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true', PUBLIC_URL: ORIGIN } });
  });
  afterAll(() => t.cleanup());

  const db = () => t.server.app.ctx.database.db;
  const from = (origin: string, ip = newIp()) => ({ origin, 'x-forwarded-for': ip });

  /** A user with a passkey on the authenticator answered. */
  async function withPasskey(): Promise<{ user: StaffUser; authenticator: SoftAuthenticator }> {
    const user = await createStaffUser(db());
    const token = await tokenFor(t.server.app.ctx.tokens, user);
    const authenticator = new SoftAuthenticator();
    const options = await t.api.call(endpoints.passkeyRegisterOptions, { token, headers: from(ORIGIN) });
    const { response } = authenticator.create(options.body, { origin: ORIGIN });
    expect((await t.api.call(endpoints.passkeyRegister, { token, headers: from(ORIGIN), body: { name: 'Phone', response } })).status).toBe(200);
    return { user, authenticator };
  }

  /** The app's start: the page's address, the handle in its fragment, the key the app keeps. */
  async function start(ip = newIp()) {
    const started = await t.api.call(endpoints.passkeyDesktopStart, { headers: from(APP_ORIGIN, ip) });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const url = new URL(started.body.url);
    const handle = new URLSearchParams(url.hash.slice(1)).get('passkey-desktop') ?? '';
    return { url, handle, flowKey: started.body.flowKey as string, expiresIn: started.body.expiresIn as number };
  }

  /** The browser page's ceremony: options, the authenticator's signature, the answer with the flow's handle. */
  async function ceremony(authenticator: SoftAuthenticator, flow: string, opts: { lang?: 'en' | 'ar'; ip?: string } = {}) {
    const options = await t.api.call(endpoints.passkeyLoginOptions, { headers: from(ORIGIN, opts.ip) });
    const response = authenticator.get(options.body, { origin: ORIGIN });
    return { response, answer: await t.api.call(endpoints.passkeyDesktopLogin, { headers: from(ORIGIN, opts.ip), body: { flow, response }, lang: opts.lang }) };
  }

  const redeem = (body: { flowKey: string; exchangeCode?: string }, lang?: 'en' | 'ar') =>
    t.api.call(endpoints.ssoComplete, { headers: from(APP_ORIGIN), body, lang });

  const events = async (userId: number) => (await db().select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.kind);

  it('signs the desktop app in: the page at the server\'s own address runs the ceremony, the app redeems the code with its key', async () => {
    const { user, authenticator } = await withPasskey();
    const flow = await start();
    // The server's own login page at PUBLIC_URL, the handle only in the fragment (no server or log sees it).
    expect(flow.url.origin + flow.url.pathname).toBe(`${ORIGIN}/Admin/Login`);
    expect(flow.url.search).toBe('');
    expect(flow.handle).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(flow.expiresIn).toBe(600);
    const [row] = await db().select().from(ssoFlows).where(eq(ssoFlows.state, flow.handle));
    expect(row).toMatchObject({ purpose: 'passkey', client: 'desktop', userId: null });
    expect(row.keyHash).not.toBe(flow.flowKey);

    const { answer } = await ceremony(authenticator, flow.handle);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // No session in the browser: a one-time code for the deep link and nothing else.
    expect(Object.keys(answer.body)).toEqual(['exchangeCode']);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await events(user.userId)).not.toContain('passkey-sign-in');
    const [bound] = await db().select().from(ssoFlows).where(eq(ssoFlows.id, row.id));
    expect(bound.userId).toBe(user.userId);
    expect(bound.exchangeHash).not.toBe(answer.body.exchangeCode);

    const signedIn = await redeem({ flowKey: flow.flowKey, exchangeCode: answer.body.exchangeCode });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.userEmail).toBe(user.email);
    expect(signedIn.body.accessToken).toEqual(expect.any(String));
    // The audit says how the user proved who they are: a passkey, not single sign-on.
    const kinds = await events(user.userId);
    expect(kinds).toContain('passkey-sign-in');
    expect(kinds).not.toContain('sso-sign-in');
  });

  it('the exchange code alone, or with another flow\'s key, signs nobody in; with its own key it signs in once', async () => {
    const { authenticator } = await withPasskey();
    const flow = await start();
    const other = await start();
    const { answer } = await ceremony(authenticator, flow.handle);
    const exchangeCode = answer.body.exchangeCode as string;
    const alone = await t.api.call(endpoints.ssoComplete, { headers: from(APP_ORIGIN), body: { exchangeCode } });
    expect(alone.status).toBe(400);
    expect(alone.body.accessToken).toBeUndefined();
    const wrongKey = await redeem({ flowKey: other.flowKey, exchangeCode }, 'ar');
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.message).toBe('انتهت صلاحية عملية تسجيل الدخول هذه أو اكتملت من قبل: ابدأ من جديد بزر تسجيل الدخول');
    expect(wrongKey.body.accessToken).toBeUndefined();
    const guessed = await redeem({ flowKey: 'x'.repeat(43), exchangeCode });
    expect(guessed.status).toBe(401);
    // The key without the code is nothing either.
    expect((await redeem({ flowKey: flow.flowKey })).status).toBe(401);
    // None of that spent the code.
    expect((await redeem({ flowKey: flow.flowKey, exchangeCode })).status).toBe(200);
    const twice = await redeem({ flowKey: flow.flowKey, exchangeCode });
    expect(twice.status).toBe(401);
    expect(twice.body.message).toMatch(/expired or was already completed/);
  });

  it('an exchange code older than a minute is refused', async () => {
    const { authenticator } = await withPasskey();
    const flow = await start();
    const { answer } = await ceremony(authenticator, flow.handle);
    t.clock.advance(61_000);
    try {
      expect((await redeem({ flowKey: flow.flowKey, exchangeCode: answer.body.exchangeCode })).status).toBe(401);
    } finally {
      t.clock.set(Date.now());
    }
  });

  it('refuses an unknown, expired or used handle in English and Arabic, before the passkey is looked at (the challenge stays unspent)', async () => {
    const { user, authenticator } = await withPasskey();
    const ip = newIp();
    const unknown = await ceremony(authenticator, 'A'.repeat(32), { lang: 'ar', ip });
    expect(unknown.answer.status).toBe(400);
    expect(unknown.answer.body.message).toContain('لتطبيق سطح المكتب غير معروفة');
    expect(unknown.answer.body.exchangeCode).toBeUndefined();
    // The very same signature still signs in for a real flow: the refusal changed nothing.
    const flow = await start();
    const retried = await t.api.call(endpoints.passkeyDesktopLogin, { headers: from(ORIGIN, ip), body: { flow: flow.handle, response: unknown.response } });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);

    const used = await ceremony(authenticator, flow.handle);
    expect(used.answer.status).toBe(400);
    expect(used.answer.body.message).toMatch(/^This sign-in for the desktop app is not known, has expired or was already used/);

    const late = await start();
    t.clock.advance(10 * 60_000 + 1_000);
    try {
      const expired = await ceremony(authenticator, late.handle);
      expect(expired.answer.status).toBe(400);
      expect(expired.answer.body.message).toMatch(/has expired or was already used/);
    } finally {
      t.clock.set(Date.now());
    }
    expect(await events(user.userId)).not.toContain('passkey-sign-in');
  });

  it('a passkey flow is not single sign-on\'s: its handle at the provider\'s callback is refused and leaves the flow as it was', async () => {
    const { authenticator } = await withPasskey();
    const flow = await start();
    const callback = await fetch(`${t.url}/api/Account/Sso/Callback?state=${flow.handle}&code=abc`, { redirect: 'manual' });
    expect(callback.status).toBe(400);
    expect(await callback.text()).toContain('This sign-in is not known');
    const [row] = await db().select().from(ssoFlows).where(eq(ssoFlows.state, flow.handle));
    expect(row.callbackAt).toBeNull();
    expect((await ceremony(authenticator, flow.handle)).answer.status).toBe(200);
  });

  it('keeps every passkey rule: a disabled user and a single-sign-on-only role are refused, and no code is made', async () => {
    const disabled = await withPasskey();
    await db().update(users).set({ isActive: false }).where(eq(users.id, disabled.user.userId));
    const flow = await start();
    const refused = await ceremony(disabled.authenticator, flow.handle, { lang: 'ar' });
    expect(refused.answer.status).toBe(401);
    expect(refused.answer.body.message).toBe('هذا الحساب معطّل: راجع المسؤول');
    const [row] = await db().select().from(ssoFlows).where(eq(ssoFlows.state, flow.handle));
    expect(row).toMatchObject({ userId: null, exchangeHash: null, callbackAt: null });

    const ssoOnly = await withPasskey();
    const [{ roleId }] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, ssoOnly.user.userId));
    await db().insert(ssoSettings).values({ id: 1, enabled: true, displayName: 'Contoso ID', issuer: 'https://id.contoso.test', clientId: 'desk', clientSecretEnc: 'sealed' });
    await db().update(roles).set({ ssoOnly: true }).where(eq(roles.id, roleId));
    try {
      const second = await start();
      const answer = (await ceremony(ssoOnly.authenticator, second.handle)).answer;
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('Contoso ID');
      expect(answer.body.exchangeCode).toBeUndefined();
    } finally {
      await db().delete(ssoSettings);
      await db().update(roles).set({ ssoOnly: false }).where(eq(roles.id, roleId));
    }
  });

  it("counts toward the address's sign-in limit, and the app's starts are limited per address", async () => {
    const { authenticator } = await withPasskey();
    const ip = newIp();
    const flow = await start();
    let last = 0;
    // The options count too: 25 ceremonies are the 50 sign-in attempts an address has.
    for (let i = 0; i < 25; i++) last = (await ceremony(authenticator, 'B'.repeat(32), { ip })).answer.status;
    expect(last).toBe(400);
    const limited = await t.api.call(endpoints.passkeyDesktopLogin, { headers: from(ORIGIN, ip), body: { flow: flow.handle, response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' } } } });
    expect(limited.status).toBe(429);

    const startIp = newIp();
    for (let i = 0; i < 30; i++) await start(startIp);
    expect((await t.api.call(endpoints.passkeyDesktopStart, { headers: from(APP_ORIGIN, startIp) })).status).toBe(429);
  });

  it('answers bad input with a clear 400 and binds nothing', async () => {
    const { authenticator } = await withPasskey();
    const flow = await start();
    const options = await t.api.call(endpoints.passkeyLoginOptions, { headers: from(ORIGIN) });
    const response = authenticator.get(options.body, { origin: ORIGIN });
    for (const bad of ['', 'x'.repeat(129), 'a b', `${flow.handle}?`]) {
      const answer = await t.api.call(endpoints.passkeyDesktopLogin, { headers: from(ORIGIN), body: { flow: bad, response } });
      expect(answer.status, bad).toBe(400);
    }
    // A page elsewhere cannot answer for the flow.
    const elsewhere = await t.api.call(endpoints.passkeyDesktopLogin, { headers: from('https://evil.test'), body: { flow: flow.handle, response } });
    expect(elsewhere.status).toBe(400);
    const [row] = await db().select().from(ssoFlows).where(eq(ssoFlows.state, flow.handle));
    expect(row).toMatchObject({ userId: null, callbackAt: null });
    expect((await t.api.call(endpoints.passkeyDesktopLogin, { headers: from(ORIGIN), body: { flow: flow.handle, response } })).status).toBe(200);
  });
});

describe('Passkeys in the desktop app, on a server reached by its IP address over plain http', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.cleanup());

  it('refuses to start, saying how to open the app instead (the browser could not run the ceremony there)', async () => {
    const started = await t.api.call(endpoints.passkeyDesktopStart, { headers: { origin: APP_ORIGIN }, lang: 'ar' });
    expect(started.status).toBe(400);
    expect(started.body.message).toContain('لا تعمل مفاتيح المرور');
  });
});
