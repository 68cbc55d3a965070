import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

describe("the export cap: the server's configuration, sent with every paged list", () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_EXPORT_MAX_ROWS: '3' } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    token = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { isAdmin: true }));
    await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
  });
  afterAll(() => t.cleanup());

  it('a page of a list says how many rows an export of it may read', async () => {
    const res = await t.api.call(endpoints.allRequests, { token, query: { page: 0, pageSize: 5 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.headers.get('x-export-max-rows')).toBe('3');
  });

  it('a master-data list says it too, also when its answer comes from the list cache', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.api.call(endpoints.hotel.list, { token, query: { page: 0, pageSize: 5 } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-export-max-rows')).toBe('3');
    }
  });

  it('an answer that is not a page does not', async () => {
    const res = await t.api.call(endpoints.allRequests, { token });
    expect(res.headers.get('x-export-max-rows')).toBeNull();
  });

  it('refuses a cap that is not a positive whole number at start', async () => {
    await expect(startTestServer({ env: { HOTEL_EXPORT_MAX_ROWS: '0' } })).rejects.toThrow(/HOTEL_EXPORT_MAX_ROWS/);
  });
});
