import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLAIMS, API_KEY_CLAIMS, type Endpoint, allEndpoints, endpoints, pathOf } from '@shared';
import { and } from 'drizzle-orm';
import { apiKeys, lineMessages, requestLines, roleClaims, userHotels, userRoles, users } from '../../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * API keys: another system calls the REST API with `Authorization: Bearer hgs_live_…`,
 * with the key's claims and within its hotel, rate-limited per key, and what it does
 * is named in the line's history as the integration.
 */
const INTEGRATIONS = ['Administration.Integrations.View', 'Administration.Integrations.Edit'];
const INVALID = 'This API key is unknown or has been revoked';
const randomHex = (n: number) => randomBytes(n / 2).toString('hex');

describe('API keys', () => {
  let t: TestServer;
  let fx: Fixture;
  /** Holds the service claims and the Integrations screen, in hotel A only. */
  let creator: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    // The server's ceiling on a key's rate (issue 41): below the contract's own bounds, so a key asking more is refused.
    t = await startTestServer({ env: { HOTEL_API_KEY_MAX_PER_SECOND: '500', HOTEL_API_KEY_MAX_PER_MINUTE: '60000' } });
    fx = await seedFixture(db());
    const user = await createStaffUser(db(), {
      claims: [...INTEGRATIONS, ...SERVICE_CLAIMS],
      hotelIds: [fx.hotelA.id],
      departmentIds: [fx.departments.housekeeping, fx.departments.maintenance],
    });
    creator = await tokenFor(t.server.app.ctx.tokens, user);
  });
  afterAll(() => t?.cleanup());

  const create = (body: Record<string, unknown>, token = creator) =>
    t.api.call(endpoints.createApiKey, { token, body: { name: 'PMS bridge', hotelId: fx.hotelA.id, claims: SERVICE_CLAIMS, ...body } });
  const newKey = async (body: Record<string, unknown> = {}, token = creator) => {
    const res = await create(body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { key: string; id: number };
  };
  const keyCount = async () => (await db().select({ id: apiKeys.id }).from(apiKeys)).length;
  const newLine = async (hotel: 'A' | 'B' = 'A') => {
    const where = hotel === 'A' ? {} : { hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] };
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], where) });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const detail = await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } });
    return { requestId: added.body.id as string, lineId: detail.body.requestDetails[0].id as number };
  };

  it('shows the key once, stores only its hash, and the key opens the calls of its claims', async () => {
    const { key, id } = await newKey({ name: 'Shown once' });
    expect(key).toMatch(/^hgs_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.slice(22));
    expect(key.slice(9, 21)).toBe(row.keyId);
    // The list names the key by its id, never the secret.
    const list = await t.api.call(endpoints.apiKeys, { token: creator });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(key.slice(22));
    const listed = list.body.find((k: { id: number }) => k.id === id);
    expect(listed).toMatchObject({ name: 'Shown once', hotelId: fx.hotelA.id, keyId: row.keyId, lastUsedAt: null, revokedAt: null });

    const res = await t.api.call(endpoints.allRequests, { token: key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await t.api.call(endpoints.apiKeys, { token: creator });
    expect(after.body.find((k: { id: number }) => k.id === id).lastUsedAt).not.toBeNull();
  });

  it('never gives a key more than its creator holds, and changes nothing when refused', async () => {
    const before = await keyCount();
    const notHeld = await create({ claims: ['Basic Data.Hotel.Edit'] });
    expect(notHeld.status).toBe(403);
    expect(notHeld.body.message).toBe('You cannot give a key the claim Basic Data.Hotel.Edit: you do not hold it');
    expect((await create({ hotelId: fx.hotelB.id })).status).toBe(403);
    const chain = await create({ hotelId: null });
    expect(chain.status).toBe(403);
    expect(chain.body.message).toBe('Only an Admin can create a key for the whole chain');
    expect((await create({ claims: ['Nothing.Such.Claim'] })).status).toBe(403);
    // Not even an Admin gives a key the administration of people or of keys.
    const admin = await t.adminToken();
    const wider = await create({ hotelId: null, claims: ['Administration.Users.Create'] }, admin);
    expect(wider.status).toBe(403);
    expect((await create({ hotelId: null, claims: ['Administration.Integrations.Edit'] }, admin)).status).toBe(403);
    expect(await keyCount()).toBe(before);
    // Arabic too.
    const ar = await t.api.call(endpoints.createApiKey, { token: creator, lang: 'ar', body: { name: 'x', hotelId: null, claims: SERVICE_CLAIMS } });
    expect(ar.body.message).toBe('لا يمكن إلا للمسؤول إنشاء مفتاح للسلسلة بأكملها');
    expect((await create({ hotelId: null }, admin)).status).toBe(200);
  });

  it('refuses a revoked key on its very next call, and an unknown or malformed one, with a clear 401', async () => {
    const { key, id } = await newKey({ name: 'Revoked soon' });
    expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);
    const revoked = await t.api.call(endpoints.revokeApiKey, { token: creator, params: { id } });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    const after = await t.api.call(endpoints.allRequests, { token: key });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(INVALID);
    expect((await t.api.call(endpoints.revokeApiKey, { token: creator, params: { id } })).status).toBe(409);

    const forged = `${key.slice(0, 22)}${'A'.repeat(43)}`;
    for (const token of [forged, 'hgs_live_0123456789ab_' + 'B'.repeat(43), 'hgs_live_short', `hgs_live_${'x'.repeat(5000)}`]) {
      const res = await t.api.call(endpoints.allRequests, { token });
      expect(res.status, token.slice(0, 30)).toBe(401);
      expect(res.body.message).toBe(INVALID);
    }
    const ar = await t.api.call(endpoints.allRequests, { token: key, lang: 'ar' });
    expect(ar.body.message).toBe('مفتاح الواجهة البرمجية هذا غير معروف أو تم إلغاؤه');
  });

  it('limits each key on its own: RateLimit headers on every answer, then 429 with Retry-After', async () => {
    const { key } = await newKey({ name: 'Limited', perSecond: 500, perMinute: 3 });
    const other = await newKey({ name: 'Unlimited neighbour' });
    for (const remaining of [2, 1, 0]) {
      const res = await t.api.call(endpoints.allRequests, { token: key });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
      expect(res.headers.get('ratelimit-policy')).toBe('500;w=1, 3;w=60');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
    const refused = await t.api.call(endpoints.allRequests, { token: key });
    expect(refused.status).toBe(429);
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.body.message).toBe(`Too many calls with this API key; try again in ${retry} s`);
    // The default limits, and another key is not slowed by this one.
    const neighbour = await t.api.call(endpoints.allRequests, { token: other.key });
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers.get('ratelimit-policy')).toBe('20;w=1, 1200;w=60');
  });

  it('records what a key did in the line history as "integration <name>"', async () => {
    const { key, id } = await newKey({ name: 'PMS bridge' });
    const { lineId } = await newLine();
    expect((await t.api.call(endpoints.acknowledgeService, { token: key, body: { id: lineId } })).status).toBe(200);
    const reply = await t.api.call(endpoints.addServiceMessage, { token: key, body: { requestDetailsId: lineId, kind: 'reply', text: 'On its way' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const assigned = await t.api.call(endpoints.updateServiceRequestStatus, {
      token: key,
      body: { requestDetailsId: lineId, status: 'Assigned', workerId: fx.workers.housekeeper },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const done = await t.api.call(endpoints.updateServiceRequestStatus, { token: key, body: { requestDetailsId: lineId, status: 'Completed' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const history = await t.api.call(endpoints.serviceAssignmentDetails, { token: creator, params: { id: lineId } });
    expect(history.body).toMatchObject({ user_Acknowledged: 'integration PMS bridge', user_Assigned: 'integration PMS bridge', user_Completed: 'integration PMS bridge' });
    expect(history.body.replies).toEqual([{ by: 'integration PMS bridge', at: expect.any(String) }]);
    const ar = await t.api.call(endpoints.serviceAssignmentDetails, { token: creator, lang: 'ar', params: { id: lineId } });
    expect(ar.body.user_Completed).toBe('التكامل PMS bridge');
    const [line] = await db().select().from(requestLines).where(eq(requestLines.id, lineId));
    expect(line).toMatchObject({ acknowledgedBy: null, acknowledgedByKey: id, assignedBy: null, assignedByKey: id, completedBy: null, completedByKey: id });
    const [message] = await db().select().from(lineMessages).where(eq(lineMessages.lineId, lineId));
    expect(message).toMatchObject({ userId: null, apiKeyId: id });
  });

  it("keeps a hotel's key inside its hotel: another hotel's request and line are not found and stay unchanged", async () => {
    const { key } = await newKey({ name: 'Hotel A only' });
    const b = await newLine('B');
    const a = await newLine('A');
    const list = await t.api.call(endpoints.allRequests, { token: key, query: { pageSize: 500 } });
    const ids = list.body.map((r: { id: string }) => r.id);
    expect(ids).toContain(a.requestId);
    expect(ids).not.toContain(b.requestId);
    expect((await t.api.call(endpoints.requestDetails, { token: key, params: { id: b.requestId } })).status).toBe(404);
    const before = (await db().select().from(requestLines).where(eq(requestLines.id, b.lineId)))[0];
    for (const res of [
      await t.api.call(endpoints.updateServiceRequestStatus, { token: key, body: { requestDetailsId: b.lineId, status: 'Completed' } }),
      await t.api.call(endpoints.acknowledgeService, { token: key, body: { id: b.lineId } }),
      await t.api.call(endpoints.addServiceMessage, { token: key, body: { requestDetailsId: b.lineId, text: 'hello' } }),
    ])
      expect(res.status).toBe(404);
    expect((await db().select().from(requestLines).where(eq(requestLines.id, b.lineId)))[0]).toEqual(before);
    expect(await db().select().from(lineMessages).where(eq(lineMessages.lineId, b.lineId))).toEqual([]);
  });

  it('documents the key scheme in the OpenAPI document, on the calls a key may make', async () => {
    const doc = (await t.api.raw('GET', '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey.description).toContain('Retry-After');
    expect(doc.paths['/api/Request/GetAllRequests'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/Account/Logout'].post.security).toEqual([{ bearer: [] }]);
  });

  describe('what a key may never hold (issue 41)', () => {
    /** Every claim that changes who may sign in, or with which rights. */
    const SIGN_IN_CLAIMS = [
      'Administration.Sign In.View',
      'Administration.Sign In.Edit',
      'Administration.Security Audit.View',
      'Basic Data.Worker.Pair',
      'Administration.Users.View',
      'Administration.Users.Edit',
      'Administration.Roles.Edit',
      'Administration.Email Settings.Edit',
      'Administration.Integrations.View',
      'Administration.Integrations.Edit',
    ] as const;
    const rawKey = async (claims: string[], over: Partial<typeof apiKeys.$inferInsert> = {}) => {
      const keyId = randomHex(12);
      const key = `hgs_live_${keyId}_${'s'.repeat(43)}`;
      const [row] = await db()
        .insert(apiKeys)
        .values({ keyId, name: 'Made before the allow-list', hotelId: null, claims, secretHash: createHash('sha256').update(key).digest('hex'), createdBy: adminId, ...over })
        .returning();
      return { key, id: row.id };
    };
    let adminId: number;
    beforeAll(async () => {
      [{ id: adminId }] = await db().select({ id: users.id }).from(users).where(eq(users.email, t.server.app.ctx.config.adminEmail));
    });

    it('the allow-list in shared/ is deny by default and names none of them', () => {
      for (const claim of SIGN_IN_CLAIMS) expect(API_KEY_CLAIMS).not.toContain(claim);
      expect(ALL_CLAIMS.filter((c) => c.startsWith('Administration.') && !c.startsWith('Administration.Canned Replies.')).filter((c) => (API_KEY_CLAIMS as readonly string[]).includes(c))).toEqual([]);
    });

    it.each(SIGN_IN_CLAIMS.map((c) => [c]))('not even an Admin makes a key holding %s: a clear 403, en and ar, nothing made', async (claim) => {
      const admin = await t.adminToken();
      const before = await keyCount();
      const res = await create({ hotelId: null, claims: [claim, 'Service Management.Request List.View'] }, admin);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`A key cannot hold the claim ${claim}: what decides who may sign in (users, roles, sign-in, the security audit, mail settings, phone pairing, keys) is managed by people only`);
      const ar = await t.api.call(endpoints.createApiKey, { token: admin, lang: 'ar', body: { name: 'x', hotelId: null, claims: [claim] } });
      expect(ar.body.message).toContain('لا يمكن للمفتاح أن يملك الصلاحية');
      expect(await keyCount()).toBe(before);
    });

    it('an existing key holding such a claim loses it at its next call', async () => {
      const { key, id } = await rawKey(['Administration.Security Audit.View', 'Basic Data.Worker.Pair', 'Service Management.Request List.View']);
      const audit = await t.api.call(endpoints.securityEvents, { token: key });
      expect(audit.status).toBe(403);
      expect((await db().select().from(apiKeys).where(eq(apiKeys.id, id)))[0].claims).toEqual(['Service Management.Request List.View']);
      expect((await t.api.call(endpoints.workerPairingCode, { token: key, params: { workerId: fx.workers.housekeeper } })).status).toBe(403);
      expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);
    });

    it('a key holds no claim its creator no longer holds, and stops when its creator is switched off or loses its hotel', async () => {
      const person = await createStaffUser(db(), { claims: [...INTEGRATIONS, ...SERVICE_CLAIMS], hotelIds: [fx.hotelA.id], departmentIds: [fx.departments.housekeeping] });
      const token = await tokenFor(t.server.app.ctx.tokens, person);
      const { key } = await newKey({ name: 'Follows its creator' }, token);
      expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);
      const [{ roleId }] = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, person.userId));
      const taken = 'Service Management.Request List.View';
      await db().delete(roleClaims).where(and(eq(roleClaims.roleId, roleId), eq(roleClaims.claim, taken)));
      const narrowed = await t.api.call(endpoints.allRequests, { token: key });
      expect(narrowed.status).toBe(403);
      expect((await t.api.call(endpoints.allServicesRequest, { token: key })).status).toBe(200);
      await db().insert(roleClaims).values({ roleId, claim: taken });
      expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);

      await db().update(users).set({ isActive: false }).where(eq(users.id, person.userId));
      const off = await t.api.call(endpoints.allRequests, { token: key });
      expect(off.status).toBe(401);
      expect(off.body.message).toBe('This API key no longer works: the person who created it is switched off or no longer reaches its hotel; ask for a new key');
      const ar = await t.api.call(endpoints.allRequests, { token: key, lang: 'ar' });
      expect(ar.body.message).toContain('لم يعد مفتاح الواجهة البرمجية هذا يعمل');
      await db().update(users).set({ isActive: true }).where(eq(users.id, person.userId));
      expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(200);
      await db().delete(userHotels).where(eq(userHotels.userId, person.userId));
      expect((await t.api.call(endpoints.allRequests, { token: key })).status).toBe(401);
    });

    it('the server sets the ceiling of a key\'s rate, not its creator: above it is refused, and an older key above it is held to it', async () => {
      const before = await keyCount();
      const res = await t.api.call(endpoints.createApiKey, { token: creator, lang: 'ar', body: { name: 'Greedy', hotelId: fx.hotelA.id, claims: SERVICE_CLAIMS, perSecond: 900 } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('يمكن للمفتاح إجراء 500 استدعاء في الثانية و60000 في الدقيقة على الأكثر على هذا الخادم');
      expect(res.body.errors[0].field).toBe('perSecond');
      expect(await keyCount()).toBe(before);
      const { key, id } = await newKey({ name: 'Lowered since' });
      await db().update(apiKeys).set({ perSecond: 900 }).where(eq(apiKeys.id, id));
      const call = await t.api.call(endpoints.allRequests, { token: key });
      expect(call.headers.get('ratelimit-policy')).toBe('500;w=1, 1200;w=60');
    });
  });

  describe("another hotel's keys (issue 41)", () => {
    it('a hotel-B user neither lists nor revokes hotel A\'s keys or the chain\'s: 404, and the key still works', async () => {
      const a = await newKey({ name: 'Hotel A key' });
      const chain = await newKey({ name: 'Chain key', hotelId: null }, await t.adminToken());
      const bUser = await createStaffUser(db(), { claims: [...INTEGRATIONS, ...SERVICE_CLAIMS], hotelIds: [fx.hotelB.id] });
      const b = await tokenFor(t.server.app.ctx.tokens, bUser);
      const bKey = await newKey({ name: 'Hotel B key', hotelId: fx.hotelB.id }, b);
      const listed = (await t.api.call(endpoints.apiKeys, { token: b })).body.map((k: { id: number }) => k.id);
      expect(listed).toContain(bKey.id);
      expect(listed).not.toContain(a.id);
      expect(listed).not.toContain(chain.id);
      for (const id of [a.id, chain.id]) {
        const res = await t.api.call(endpoints.revokeApiKey, { token: b, params: { id }, lang: 'ar' });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('مفتاح الواجهة البرمجية هذا غير موجود');
        expect((await db().select().from(apiKeys).where(eq(apiKeys.id, id)))[0].revokedAt).toBeNull();
      }
      expect((await t.api.call(endpoints.allRequests, { token: a.key })).status).toBe(200);
      // Hotel A's own user sees A's keys, not B's nor the chain's; the Admin sees them all.
      const mine = (await t.api.call(endpoints.apiKeys, { token: creator })).body.map((k: { id: number }) => k.id);
      expect(mine).toContain(a.id);
      expect(mine).not.toContain(bKey.id);
      expect(mine).not.toContain(chain.id);
      const all = (await t.api.call(endpoints.apiKeys, { token: await t.adminToken() })).body.map((k: { id: number }) => k.id);
      expect(all).toEqual(expect.arrayContaining([a.id, bKey.id, chain.id]));
      expect((await t.api.call(endpoints.revokeApiKey, { token: b, params: { id: bKey.id } })).status).toBe(200);
    });
  });

  describe('a key walked over every route of the contract', () => {
    /** Hotel A, the service claims only (what a PMS bridge or a messaging tool would get). */
    let serviceKey: string;
    /** The whole chain, every claim a key may hold. */
    let chainKey: string;
    beforeAll(async () => {
      serviceKey = (await newKey({ name: 'Walk: service', perSecond: 500, perMinute: 60_000 })).key;
      chainKey = (await newKey({ name: 'Walk: chain', hotelId: null, claims: API_KEY_CLAIMS, perSecond: 500, perMinute: 60_000 }, await t.adminToken())).key;
    });

    const claimsOf = (e: Endpoint): readonly string[] | 'user' | 'device' => (e.auth === 'user' || e.auth === 'device' ? e.auth : [e.auth].flat());
    const personOnly = (e: Endpoint) => /^\/api\/(Account|Events)(\/|$)/.test(e.path);
    const call = (e: Endpoint, token: string) =>
      t.api.raw(e.method, pathOf(e, { id: e.params && e.path.includes('Request/Get') && !e.path.includes('Service') ? '00000000-0000-4000-8000-000000000000' : 999999, lineId: 999999, workerId: 999999, deviceId: '00000000-0000-4000-8000-000000000000' }), {
        token,
        body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
        query: e.query ? { hotelId: fx.hotelA.id } : undefined,
      });
    const routes = allEndpoints().filter((e) => e.auth !== 'public');

    it.each(routes.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, e) => {
      const claims = claimsOf(e);
      const res = await call(e, serviceKey);
      if (claims === 'device') expect(res.status, 'a key is no phone').toBe(401);
      else if (personOnly(e)) expect(res.status, 'person-only route').toBe(403);
      else if (claims !== 'user' && !claims.some((c) => SERVICE_CLAIMS.includes(c as never))) {
        expect(res.status, 'outside the key claims').toBe(403);
        expect(res.body.message).toBe('You do not have permission to do this');
      } else expect([401, 403], 'inside the key claims').not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
      // The widest key a chain may make still fails nowhere with a server error, and never opens
      // the administration of people or of keys.
      const wide = await call(e, chainKey);
      expect(wide.status, JSON.stringify(wide.body)).toBeLessThan(500);
      if (claims !== 'user' && claims !== 'device' && !claims.some((c) => (API_KEY_CLAIMS as readonly string[]).includes(c))) expect(wide.status).toBe(403);
    });

    it('covers the whole contract, the keys screen included', () => {
      expect(routes.length).toBeGreaterThan(60);
      expect(routes).toContain(endpoints.createApiKey);
    });
  });
});
