import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * Regular-expression denial of service: a huge e-mail or phone
 * sent to a public call must be refused at once, before any pattern runs over it,
 * and the server must keep answering others meanwhile.
 */
describe('huge inputs to the public calls', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    // Warm every route first (schema compilation, first query, JIT), so what is measured
    // below is the huge value alone, not the first call of the process.
    for (const { endpoint, body } of calls) await t.api.call(endpoint, { body: { ...body, email: 'x', custEmail: 'x', custPhone: 'x' } });
  });
  afterAll(() => t.cleanup());

  // Just under the 1 MiB body limit, so the body reaches validation. A domain of dots
  // ending in '@' made the SPEC's e-mail pattern backtrack quadratically.
  const hugeEmail = `a@a${'.'.repeat(1_000_000)}@`;
  const hugePhone = `+1${' 1'.repeat(500_000)}x`;
  const calls = [
    { name: 'Login', endpoint: endpoints.login, body: { email: hugeEmail, password: 'whatever1' } },
    { name: 'ForgotPassword', endpoint: endpoints.forgotPassword, body: { email: hugeEmail } },
    { name: 'ResetPassword', endpoint: endpoints.resetPassword, body: { email: hugeEmail, token: 'x', newPassword: 'Long-enough-1' } },
    {
      name: 'AddRequest (e-mail)',
      endpoint: endpoints.addRequest,
      body: { custName: 'Guest', custEmail: hugeEmail, custPhone: '+966 55 123 4567', hotelId: 1, roomId: 1, services: [{ serviceId: 1 }] },
    },
    {
      name: 'AddRequest (phone)',
      endpoint: endpoints.addRequest,
      body: { custName: 'Guest', custEmail: 'guest@example.com', custPhone: hugePhone, hotelId: 1, roomId: 1, services: [{ serviceId: 1 }] },
    },
  ];

  for (const { name, endpoint, body } of calls) {
    it(`${name}: a 1 MB value is refused with a 4xx within 1 s of CPU, and health is answered meanwhile`, async () => {
      const payload = JSON.stringify(body);
      expect(payload.length).toBeLessThan(1024 * 1024);
      // The server runs in this process: its CPU time is ours.
      const before = process.cpuUsage();
      const [res, health] = await Promise.all([t.api.call(endpoint, { body: payload }), t.api.call(endpoints.health)]);
      const used = process.cpuUsage(before);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(health.status).toBe(200);
      // The pattern this guards against backtracks quadratically: on a 1 MB value that is
      // minutes of CPU, so a 1 s ceiling tells the two apart on any machine, even a busy one.
      expect((used.user + used.system) / 1000).toBeLessThan(1000);
    });
  }

  it('says which field is too long, in the caller language', async () => {
    const en = await t.api.call(endpoints.forgotPassword, { body: { email: hugeEmail } });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([{ field: 'email', message: expect.stringContaining('254') }]);
    const ar = await t.api.call(endpoints.forgotPassword, { body: { email: hugeEmail }, lang: 'ar' });
    expect(ar.body.errors[0].message).toMatch(/[\u0600-\u06ff]/);
  });
});
