import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Endpoint, allEndpoints, pathOf } from '@shared';
import { createStaffUser } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Walks every protected route of the contract with no token, a forged token and a
 * real token that lacks the route's claim: 401, 401, 403 — and the route must
 * exist (a 404 here would mean the contract names a call the server lacks).
 */
describe('authorization on every protected route', () => {
  let t: TestServer;
  let noClaims: string;
  const forged =
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiY2xhaW1zIjpbIkFkbWluaXN0cmF0aW9uLlVzZXJzLlZpZXciXX0.c2lnbmF0dXJlLW5vdC12YWxpZA';

  beforeAll(async () => {
    t = await startTestServer();
    const user = await createStaffUser(t.server.app.ctx.database.db, { claims: [] });
    noClaims = await t.api.login(user.email, user.password);
  });
  afterAll(() => t.cleanup());

  const protectedRoutes = allEndpoints().filter((e) => e.auth !== 'public');
  const call = (e: Endpoint, token?: string) =>
    t.api.raw(e.method, pathOf(e, { id: e.params && e.path.includes('Request/Get') && !e.path.includes('Service') ? '00000000-0000-4000-8000-000000000000' : 1 }), {
      token,
      body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
      query: e.query ? { hotelId: 1 } : undefined,
    });

  it.each(protectedRoutes.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, e) => {
    expect((await call(e)).status, 'no token').toBe(401);
    const bad = await call(e, forged);
    expect(bad.status, 'forged token').toBe(401);
    expect(bad.body.message).toBeTruthy();
    if (e.auth !== 'user' && e.auth !== 'device') {
      const res = await call(e, noClaims);
      expect(res.status, 'token without the claim').toBe(403);
      expect(res.body.message).toBe('You do not have permission to do this');
    }
  });

  it('covers the whole contract', () => {
    expect(protectedRoutes.length).toBeGreaterThan(60);
  });
});
