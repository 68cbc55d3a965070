import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE, endpoints } from '@shared';
import { clientAddressKey } from '../../../server/src/http/client-address';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer, startTestServer } from '../../support/test-server';

/** Each test speaks from its own address, so the per-address login limit of one test does not leak into another. */
let nextIp = 1;
const fromNewIp = () => ({ 'x-forwarded-for': `10.1.0.${nextIp++}` });

describe('Account: login, refresh, logout', () => {
  let t: TestServer;
  beforeAll(async () => {
    // As deployed behind a reverse proxy: the client address comes from X-Forwarded-For.
    t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.cleanup());

  const login = (email: string, password: string, headers = fromNewIp(), lang?: 'en' | 'ar') =>
    t.api.call(endpoints.login, { body: { email, password }, headers, lang });

  it('signs the admin in with every permission, the role and the name', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    // Every screen: an item whose View (Routing: Read) the Admin holds. Escalations (Receive) is a
    // right to hold, not a screen.
    expect(res.body.permissions).toEqual(CATALOGUE.filter((e) => e.actions.some((a: string) => a === 'View' || a === 'Read')).map((e) => `${e.section}.${e.item}`));
    expect(res.body.permissions).toContain('Basic Data.Routing');
    expect(res.body.permissions).toContain('Service Management.Request List');
    expect(res.body.permissions).not.toContain('Service Management.Escalations');
    expect(res.body.userRoles).toEqual(['Admin']);
    expect(res.body.userName).toBe('System Administrator');
    expect(res.body.userEmail).toBe(ADMIN_EMAIL);
    expect(res.body.expiresIn).toBe(900);
    expect(res.body.refreshToken.length).toBeGreaterThan(30);
    const users = await t.api.call(endpoints.allUsers, { token: res.body.accessToken });
    expect(users.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message, in either language', async () => {
    const wrong = await login(ADMIN_EMAIL, 'not-the-password');
    const unknown = await login('nobody@test.hotel', ADMIN_PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong Email or Password');
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.accessToken).toBeUndefined();
    const ar = await login(ADMIN_EMAIL, 'not-the-password', fromNewIp(), 'ar');
    expect(ar.body.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('refuses a user who has not chosen a password yet, and a switched-off user, with the same 401', async () => {
    const { users } = await import('../../../server/src/db/schema');
    const { hashPassword } = await import('../../../server/src/security/password');
    const db = t.server.app.ctx.database.db;
    await db.insert(users).values([
      { userCode: 'INV', firstName: 'In', lastName: 'Vited', phoneNumber: '', email: 'invited@test.hotel' },
      { userCode: 'OFF', firstName: 'Sw', lastName: 'Off', phoneNumber: '', email: 'off@test.hotel', passwordHash: await hashPassword('Right-pass-1'), isActive: false },
    ]);
    for (const [email, password] of [['invited@test.hotel', ''], ['invited@test.hotel', 'anything-1'], ['off@test.hotel', 'Right-pass-1']]) {
      const res = await login(email, password || 'x');
      expect(res.status, email).toBe(401);
      expect(res.body.message).toBe('Wrong Email or Password');
    }
  });

  it('refuses bad login input with a 4xx and a message', async () => {
    for (const body of [{}, { email: ADMIN_EMAIL }, { email: 'x'.repeat(10_000), password: 'a' }, { email: 42, password: true }, { email: "' OR 1=1 --", password: "' OR 1=1 --" }]) {
      const res = await t.api.call(endpoints.login, { body, headers: fromNewIp() });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const sqlPassword = await login(ADMIN_EMAIL, "' OR '1'='1");
    expect(sqlPassword.status).toBe(401);
  });

  it('ten wrong passwords lock that e-mail only from the address that sent them (429 there); its owner still signs in from elsewhere', async () => {
    // The owner signed in a moment ago: the earlier tests' guesses at the e-mail are forgiven, so the
    // ten below are not slowed by them (that slowdown is the next test's).
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, fromNewIp())).status).toBe(200);
    const attacker = fromNewIp();
    for (let i = 0; i < 10; i++) expect((await login(ADMIN_EMAIL, `wrong-${i}`, attacker)).status).toBe(401);
    const locked = await login(ADMIN_EMAIL, ADMIN_PASSWORD, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many attempts, please try again in a few minutes');
    const ar = await login(ADMIN_EMAIL, ADMIN_PASSWORD, attacker, 'ar');
    expect(ar.body.message).toBe('محاولات كثيرة، يرجى المحاولة بعد بضع دقائق');
    // The owner, at the front desk: not locked out, only slowed down a little.
    const owner = await login(ADMIN_EMAIL, ADMIN_PASSWORD, fromNewIp());
    expect(owner.status).toBe(200);
  });

  it('slows down guesses at one e-mail from many addresses rather than refusing them', async () => {
    for (let i = 0; i < 11; i++) expect((await login(ADMIN_EMAIL, `wrong-${i}`, fromNewIp())).status).toBe(401);
    // The 12th attempt on the e-mail in the window waits at least half a second (loginDelayMs), and then is answered.
    const started = performance.now();
    const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD, fromNewIp());
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('a burst of parallel guesses at one e-mail takes turns: each check waits its gap after the one before, and a queue too long is refused', async () => {
    // Gaps of at most 400 ms (the 8 s of production, shortened), so the queue holds 4 turns.
    const fast = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true', HOTEL_LOGIN_SLOWDOWN_MS: '400' } });
    try {
      const email = 'burst@test.hotel';
      // The e-mail is already under attack: the next guesses get the longest gap.
      for (let i = 0; i < 30; i++) await fast.server.app.ctx.rateLimiter.count(`login:email:${email}`, 900);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await fast.api.call(endpoints.login, { body: { email, password: `guess-${i}` }, headers: { 'x-forwarded-for': `10.7.0.${i + 1}` } });
          return { status: res.status, at: performance.now() - started };
        }),
      );
      const checked = answers.filter((a) => a.status === 401).sort((x, y) => x.at - y.at);
      const refused = answers.filter((a) => a.status === 429);
      expect(checked.length + refused.length).toBe(20);
      // Not 20 checks at once: at most the turns the queue holds (a few more if the burst spread out in time).
      expect(checked.length).toBeGreaterThanOrEqual(3);
      expect(checked.length).toBeLessThanOrEqual(8);
      // One after another, each about a gap after the one before (answers arrive with some jitter on
      // a busy machine; checks without the gaps would all answer within a few milliseconds).
      expect(checked.at(-1)!.at - checked[0].at).toBeGreaterThanOrEqual((checked.length - 1) * 400 * 0.5);
    } finally {
      await fast.cleanup();
    }
  });

  it('ForgotPassword is limited per e-mail and address: a stranger flooding one e-mail does not block its owner’s reset', async () => {
    const stranger = fromNewIp();
    const forgot = (headers: Record<string, string>) => t.api.call(endpoints.forgotPassword, { body: { email: ADMIN_EMAIL }, headers });
    for (let i = 0; i < 5; i++) expect((await forgot(stranger)).status).toBe(200);
    const blocked = await forgot(stranger);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many attempts, please try again in a few minutes');
    const owner = await forgot(fromNewIp());
    expect(owner.status).toBe(200);
    expect(owner.body.message).toBe('If this e-mail belongs to an account, a link to reset the password has been sent to it');
  });

  it('locks one address out with 429 once it has made 50 attempts across any e-mails', async () => {
    // 49 attempts are counted directly (each real one costs a password hash); the 50th and 51st go over HTTP.
    const ip = '10.2.0.1';
    for (let i = 0; i < 49; i++) await t.server.app.ctx.rateLimiter.hit(`login:ip:${ip}`, 1000, 900);
    expect((await login('spray@test.hotel', 'whatever', { 'x-forwarded-for': ip })).status).toBe(401);
    const blocked = await login(ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.accessToken).toBeUndefined();
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, fromNewIp())).status).toBe(200);
  });

  it('counts only failed attempts against an address: a shift change behind one NAT signs in past the limit', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 48; i++) await t.server.app.ctx.rateLimiter.hit(`login:ip:${ip}`, 1000, 900);
    for (let i = 0; i < 4; i++) expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': ip })).status).toBe(200);
    // The budget still holds for guesses: the 49th and 50th fail, the 51st is refused.
    expect((await login('spray@test.hotel', 'whatever', { 'x-forwarded-for': ip })).status).toBe(401);
    expect((await login('spray@test.hotel', 'whatever', { 'x-forwarded-for': ip })).status).toBe(401);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('counts an IPv6 client by its /64 (a subscriber holds the whole prefix), and an IPv4-mapped address as the IPv4 one', async () => {
    // Ten wrong passwords, each from a fresh address of one /64: the eleventh address of it is refused, as one address would be.
    const email = 'six@test.hotel';
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 1; i <= 10; i++) expect((await login(email, `wrong-${i}`, from(`2001:db8:41:7:${i.toString(16)}::1`))).status).toBe(401);
    const refused = await login(email, 'wrong', from('2001:db8:41:7:ffff:ffff:ffff:ffff'), 'ar');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('محاولات كثيرة، يرجى المحاولة بعد بضع دقائق');
    // The next /64 is another subscriber.
    expect((await login(email, 'wrong', from('2001:db8:41:8::1'))).status).toBe(401);
    // The per-address budget of all e-mails too: 49 guesses across a /64, then its 50th and 51st addresses.
    for (let i = 0; i < 49; i++) await t.server.app.ctx.rateLimiter.hit(`login:ip:${clientAddressKey('2001:db8:42::1')}`, 1000, 900);
    expect((await login('spray6@test.hotel', 'x', from('2001:db8:42::abcd'))).status).toBe(401);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD, from('2001:0db8:0042:0000:1:2:3:4'))).status).toBe(429);
    // ::ffff:10.4.0.1 is 10.4.0.1: ten guesses over the two spellings lock both.
    const mapped = 'mapped@test.hotel';
    for (let i = 0; i < 5; i++) expect((await login(mapped, `v4-${i}`, from('10.4.0.1'))).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(mapped, `v4m-${i}`, from('::ffff:10.4.0.1'))).status).toBe(401);
    expect((await login(mapped, 'wrong', from('10.4.0.1'))).status).toBe(429);
    expect((await login(mapped, 'wrong', from('::FFFF:10.4.0.1'))).status).toBe(429);
  });

  it('ignores a forged X-Forwarded-For when no proxy is configured, so one address cannot pose as many', async () => {
    const direct = await startTestServer();
    try {
      const hit = (n: number) =>
        direct.api.call(endpoints.login, { body: { email: `nobody${n}@test.hotel`, password: 'x' }, headers: { 'x-forwarded-for': `10.9.0.${n}` } });
      for (let i = 0; i < 49; i++) await direct.server.app.ctx.rateLimiter.hit('login:ip:127.0.0.1', 1000, 900);
      expect((await hit(1)).status).toBe(401);
      expect((await hit(2)).status).toBe(429);
    } finally {
      await direct.cleanup();
    }
  });

  const refresh = (refreshToken: string) => t.api.call(endpoints.refreshToken, { body: { refreshToken } });
  /** The token's first use moved back past the reuse grace (30 s): its reuse can no longer be a lost answer. */
  const ageUse = async (refreshToken: string, seconds = 31) => {
    const { refreshTokens } = await import('../../../server/src/db/schema');
    const { eq } = await import('drizzle-orm');
    const { hashToken } = await import('../../../server/src/security/tokens');
    await t.server.app.ctx.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(t.clock.now().getTime() - seconds * 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  };
  /** The family's live tokens (neither used nor revoked): exactly one while the session stands. */
  const headsOf = async (refreshToken: string) => {
    const { refreshTokens } = await import('../../../server/src/db/schema');
    const { and, eq, isNull } = await import('drizzle-orm');
    const { hashToken } = await import('../../../server/src/security/tokens');
    const db = t.server.app.ctx.database.db;
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
    return (await db.select().from(refreshTokens).where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))).length;
  };

  it('rotates the refresh token on every use, and a reused one ends the whole family', async () => {
    const first = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const r1 = await t.api.call(endpoints.refreshToken, { body: { accessToken: first.accessToken, refreshToken: first.refreshToken } });
    expect(r1.status).toBe(200);
    expect(r1.body.refreshToken).not.toBe(first.refreshToken);
    expect((await t.api.call(endpoints.allRoles, { token: r1.body.accessToken })).status).toBe(200);

    const r2 = await t.api.call(endpoints.refreshToken, { body: { refreshToken: r1.body.refreshToken } });
    expect(r2.status).toBe(200);

    // The first token, used past the grace, comes back: a copy is in someone's hands.
    await ageUse(first.refreshToken);
    const replay = await t.api.call(endpoints.refreshToken, { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Sorry your Session has been Expired');
    const newest = await t.api.call(endpoints.refreshToken, { body: { refreshToken: r2.body.refreshToken } });
    expect(newest.status).toBe(401);

    // Another session of the same user is not touched.
    const other = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: other.refreshToken } })).status).toBe(200);
  });

  it('a lost answer: the spent token, presented again within the grace, gets a successor in the same session', async () => {
    const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const lost = await refresh(session.refreshToken);
    expect(lost.status).toBe(200);
    t.clock.advance(20_000);
    const again = await refresh(session.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).not.toBe(lost.body.refreshToken);
    expect((await t.api.call(endpoints.allRoles, { token: again.body.accessToken })).status).toBe(200);
    // The successor nobody received is revoked, without ending the session.
    expect((await refresh(lost.body.refreshToken)).status).toBe(401);
    expect(await headsOf(session.refreshToken)).toBe(1);
    const next = await refresh(again.body.refreshToken);
    expect(next.status).toBe(200);
    expect((await t.api.call(endpoints.allRoles, { token: next.body.accessToken })).status).toBe(200);
  });

  it('a reuse after the grace ends the session', async () => {
    const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const lost = await refresh(session.refreshToken);
    expect(lost.status).toBe(200);
    await ageUse(session.refreshToken);
    const late = await refresh(session.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('Sorry your Session has been Expired');
    expect((await refresh(lost.body.refreshToken)).status).toBe(401);
    expect((await t.api.call(endpoints.allRoles, { token: lost.body.accessToken })).status).toBe(401);
  });

  it('a reuse once the successor was used ends the session, even within the grace', async () => {
    const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const r1 = await refresh(session.refreshToken);
    const r2 = await refresh(r1.body.refreshToken);
    expect(r2.status).toBe(200);
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect((await refresh(r2.body.refreshToken)).status).toBe(401);
    expect((await t.api.call(endpoints.allRoles, { token: r2.body.accessToken })).status).toBe(401);
  });

  it('two uses of one token at once, fresh or spent: no 500, and exactly one live token stays in the session', async () => {
    for (const spent of [false, true]) {
      const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
      if (spent) expect((await refresh(session.refreshToken)).status).toBe(200);
      const answers = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
      for (const a of answers) expect([200, 401], JSON.stringify(a.body)).toContain(a.status);
      expect(answers.some((a) => a.status === 200), `spent: ${spent}`).toBe(true);
      expect(await headsOf(session.refreshToken)).toBe(1);
      // Of the tokens handed out, exactly one goes on; a revoked one is refused without ending the session.
      const handed = answers.filter((a) => a.status === 200).map((a) => a.body.refreshToken as string);
      const uses = [];
      for (const token of handed.reverse()) uses.push((await refresh(token)).status);
      expect(uses.filter((s) => s === 200).length, `spent: ${spent}`).toBe(1);
    }
  });

  it('refuses unknown, malformed and expired refresh tokens with 401', async () => {
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: 'made-up' } })).status).toBe(401);
    expect((await t.api.call(endpoints.refreshToken, { body: {} })).status).toBe(400);
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: 'x'.repeat(10_000) } })).status).toBe(400);
    const session = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const { db } = t.server.app.ctx.database;
    const { refreshTokens } = await import('../../../server/src/db/schema');
    const { eq } = await import('drizzle-orm');
    const { hashToken } = await import('../../../server/src/security/tokens');
    await db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.tokenHash, hashToken(session.refreshToken)));
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: session.refreshToken } })).status).toBe(401);
  });

  it('logout ends the given session only; without a token it ends them all', async () => {
    const a = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const b = (await login(ADMIN_EMAIL, ADMIN_PASSWORD)).body;
    const out = await t.api.call(endpoints.logout, { token: a.accessToken, body: { refreshToken: a.refreshToken } });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Logged out successfully');
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: a.refreshToken } })).status).toBe(401);
    const bNext = await t.api.call(endpoints.refreshToken, { body: { refreshToken: b.refreshToken } });
    expect(bNext.status).toBe(200);

    // a's access token ended with its session; b's still works, and ends them all.
    expect((await t.api.call(endpoints.logout, { token: a.accessToken, body: {} })).status).toBe(401);
    const all = await t.api.call(endpoints.logout, { token: bNext.body.accessToken, body: {}, lang: 'ar' });
    expect(all.body.message).toBe('تم تسجيل الخروج بنجاح');
    expect((await t.api.call(endpoints.refreshToken, { body: { refreshToken: bNext.body.refreshToken } })).status).toBe(401);

    expect((await t.api.call(endpoints.logout, { body: {} })).status).toBe(401);
  });
});
