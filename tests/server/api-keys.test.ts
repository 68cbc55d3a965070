import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_CLAIMS, type Endpoint, allEndpoints, endpoints, pathOf } from '@shared';
import { apiKeys, lineMessages, requestLines } from '../../server/src/db/schema';
import { type Fixture, SERVICE_CLAIMS, createStaffUser, guestRequest, seedFixture, tokenFor } from '../support/fixtures';
import { type TestServer, startTestServer } from '../support/test-server';

/**
 * API keys: another system calls the REST API with `Authorization: Bearer hgs_live_…`,
 * with the key's claims and within its hotel, rate-limited per key, and what it does
 * is named in the line's history as the integration.
 */
const INTEGRATIONS = ['Administration.Integrations.View', 'Administration.Integrations.Edit'];
const INVALID = 'This API key is unknown or has been revoked';

describe('API keys', () => {
  let t: TestServer;
  let fx: Fixture;
  /** Holds the service claims and the Integrations screen, in hotel A only. */
  let creator: string;
  const db = () => t.server.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestServer();
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
    const { key } = await newKey({ name: 'Limited', perSecond: 1000, perMinute: 3 });
    const other = await newKey({ name: 'Unlimited neighbour' });
    for (const remaining of [2, 1, 0]) {
      const res = await t.api.call(endpoints.allRequests, { token: key });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(remaining));
      expect(res.headers.get('ratelimit-policy')).toBe('1000;w=1, 3;w=60');
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

  describe('a key walked over every route of the contract', () => {
    /** Hotel A, the service claims only (what a PMS bridge or a messaging tool would get). */
    let serviceKey: string;
    /** The whole chain, every claim a key may hold. */
    let chainKey: string;
    beforeAll(async () => {
      serviceKey = (await newKey({ name: 'Walk: service', perSecond: 1000, perMinute: 60_000 })).key;
      chainKey = (await newKey({ name: 'Walk: chain', hotelId: null, claims: API_KEY_CLAIMS, perSecond: 1000, perMinute: 60_000 }, await t.adminToken())).key;
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
