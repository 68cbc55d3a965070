import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type TestServer, startTestServer } from '../../support/test-server';

describe('health and the HTTP basics', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.cleanup());

  it('answers ok once the database is ready, whatever the case of the path', async () => {
    expect((await t.api.call(endpoints.health)).body).toEqual({ status: 'ok' });
    expect((await t.api.raw('GET', '/API/Health')).status).toBe(200);
  });

  it('answers an unknown API path with a JSON 404 in the caller language', async () => {
    const en = await t.api.raw('GET', '/api/NoSuchThing');
    expect(en.status).toBe(404);
    expect(en.body.message).toBe('There is no such address');
    const ar = await t.api.raw('GET', '/api/NoSuchThing', { lang: 'ar' });
    expect(ar.body.message).toBe('هذا العنوان غير موجود');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.api.raw('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });

  it('never sends upgrade-insecure-requests (a hotel LAN is plain http)', async () => {
    const res = await t.api.raw('GET', '/api/health');
    expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });
});
