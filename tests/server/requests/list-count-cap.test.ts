import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture, tokenFor } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/**
 * The staff lists count matching rows only up to the server's cap (HOTEL_LIST_COUNT_MAX):
 * counting a chain's year of history on every page view read every row of it. Past the cap
 * the total is the cap and X-Total-Count-Capped says there are more; below it the count is
 * exact. A cap of 4 stands for the default 10,000.
 */
const CAP = 4;

describe('list totals stop counting at the configured cap', () => {
  let t: TestServer;
  let fx: Fixture;
  let admin: string;
  let hotelStaff: string;

  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_LIST_COUNT_MAX: String(CAP) } });
    const db = t.server.app.ctx.database.db;
    fx = await seedFixture(db);
    admin = await tokenFor(t.server.app.ctx.tokens, await createStaffUser(db, { isAdmin: true }));
    // A hotel's user: the Services count joins each line to its request for the hotel scope.
    hotelStaff = await tokenFor(
      t.server.app.ctx.tokens,
      await createStaffUser(db, {
        claims: [endpoints.allRequests.auth, endpoints.allServicesRequest.auth],
        hotelIds: [fx.hotelA.id],
        departmentIds: [fx.departments.housekeeping, fx.departments.maintenance],
      }),
    );
    // Six requests of one line each in hotel A, named Guest 1 … Guest 6; one in hotel B.
    for (let i = 1; i <= 6; i++) {
      const res = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels], { custName: `Guest ${i}` }) });
      expect(res.status).toBe(200);
    }
    const other = await t.api.call(endpoints.addRequest, {
      body: guestRequest(fx, [fx.services.towels], { custName: 'Other hotel', hotelId: fx.hotelB.id, roomId: fx.hotelB.roomIds[0] }),
    });
    expect(other.status).toBe(200);
  });
  afterAll(() => t.cleanup());

  it('past the cap, Guests Requests says "more than the cap" and still pages through every row', async () => {
    const first = await t.api.call(endpoints.allRequests, { token: admin, query: { page: 0, pageSize: 3 } });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(CAP));
    expect(first.headers.get('x-total-count-capped')).toBe('true');

    // The pages past the counted rows are there to read.
    const seen = [...first.body];
    for (let page = 1; page < 5; page++) {
      const next = await t.api.call(endpoints.allRequests, { token: admin, query: { page, pageSize: 3 } });
      seen.push(...next.body);
    }
    expect(seen.map((r) => r.custName).sort()).toEqual(['Guest 1', 'Guest 2', 'Guest 3', 'Guest 4', 'Guest 5', 'Guest 6', 'Other hotel']);
  });

  it('past the cap on Services, for an admin and for a hotel user (whose count joins the requests)', async () => {
    for (const token of [admin, hotelStaff]) {
      const res = await t.api.call(endpoints.allServicesRequest, { token, query: { page: 0, pageSize: 2 } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(CAP));
      expect(res.headers.get('x-total-count-capped')).toBe('true');
    }
  });

  it('below the cap the total is exact and not marked', async () => {
    const one = await t.api.call(endpoints.allRequests, { token: admin, query: { page: 0, pageSize: 2, search: 'Other hotel' } });
    expect(one.headers.get('x-total-count')).toBe('1');
    expect(one.headers.get('x-total-count-capped')).toBeNull();

    const hotelB = await t.api.call(endpoints.allServicesRequest, { token: admin, query: { page: 0, pageSize: 2, hotelId: fx.hotelB.id } });
    expect(hotelB.headers.get('x-total-count')).toBe('1');
    expect(hotelB.headers.get('x-total-count-capped')).toBeNull();
  });

  it('a hotel user counts only their hotel: the cap is on what they may see', async () => {
    const res = await t.api.call(endpoints.allRequests, { token: hotelStaff, query: { page: 0, pageSize: 10 } });
    expect(res.body.map((r: { custName: string }) => r.custName)).not.toContain('Other hotel');
    expect(res.body).toHaveLength(6);
    expect(res.headers.get('x-total-count')).toBe(String(CAP));
    expect(res.headers.get('x-total-count-capped')).toBe('true');
  });

  it('exactly the cap is counted exactly', async () => {
    const u = await startTestServer({ env: { HOTEL_LIST_COUNT_MAX: '7' } });
    try {
      const db = u.server.app.ctx.database.db;
      const fx7 = await seedFixture(db);
      const token = await tokenFor(u.server.app.ctx.tokens, await createStaffUser(db, { isAdmin: true }));
      for (let i = 0; i < 7; i++) await u.api.call(endpoints.addRequest, { body: guestRequest(fx7, [fx7.services.towels]) });
      const res = await u.api.call(endpoints.allRequests, { token, query: { page: 0, pageSize: 5 } });
      expect(res.headers.get('x-total-count')).toBe('7');
      expect(res.headers.get('x-total-count-capped')).toBeNull();
    } finally {
      await u.cleanup();
    }
  });

  it('refuses a cap that is not a positive whole number at start', async () => {
    await expect(startTestServer({ env: { HOTEL_LIST_COUNT_MAX: '0' } })).rejects.toThrow(/HOTEL_LIST_COUNT_MAX/);
  });
});
