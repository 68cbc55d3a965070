import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { loadConfig } from '../../../server/src/config';
import { startServer } from '../../../server/src/server';
import { ApiClient } from '../../support/api-client';
import { createStaffUser } from '../../support/fixtures';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/** The master-data read cache: fast repeats, never a stale answer after a write, never past a claim. */
describe('master-data read cache', () => {
  let t: TestServer;
  let token: string;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.adminToken();
    companyId = (await t.api.call(endpoints.company.add, { token, body: { name: 'Cache Co', countryName: 'Egypt', companyCode: 'CACHE' } })).body.id;
  });
  afterAll(() => t.cleanup());

  const addHotel = (api: ApiClient, code: string) =>
    api.call(endpoints.hotel.add, { token, body: { name: `Hotel ${code}`, nameAr: `فندق ${code}`, hotelCode: code, companyId } });
  const hotelCodes = async (api: ApiClient) =>
    ((await api.call(endpoints.hotel.list, { token })).body as { hotelCode: string }[]).map((h) => h.hotelCode);

  it('answers a repeated read from the cache, per language', async () => {
    await t.api.call(endpoints.generateHotels, { lang: 'ar' });
    const again = await t.api.call(endpoints.generateHotels, { lang: 'ar' });
    expect(again.headers.get('x-cache')).toBe('hit');
    const en = await t.api.call(endpoints.generateHotels, { lang: 'en' });
    expect(en.headers.get('x-cache')).toBeNull();
  });

  it.runIf(testDbKind() === 'postgres')('keeps what it read after its own write when the notice of that write comes back late', async () => {
    // The notice a write sends every process comes back to the writer too, over its
    // listening connection, and on a busy machine after the writer has already
    // answered and cached the next read. Catch the notice here, then deliver it again late.
    const listener = new pg.Client({ connectionString: t.config.databaseUrl });
    await listener.connect();
    try {
      const notices: string[] = [];
      listener.on('notification', (n) => notices.push(n.payload ?? ''));
      await listener.query('LISTEN hotel_cache_invalidate');
      expect((await addHotel(t.api, 'ECHO-1')).status).toBe(200);
      await expect.poll(() => notices.length).toBe(1);
      await t.api.call(endpoints.generateHotels, { lang: 'ar' });
      await listener.query('select pg_notify($1, $2)', ['hotel_cache_invalidate', notices[0]]);
      await expect.poll(() => notices.length).toBe(2);
      const again = await t.api.call(endpoints.generateHotels, { lang: 'ar' });
      expect(again.headers.get('x-cache')).toBe('hit');
      expect(again.body as { name: string }[]).toContainEqual(expect.objectContaining({ name: expect.stringContaining('ECHO-1') }));
    } finally {
      await listener.end();
    }
  });

  it('shows a write in the very next read', async () => {
    await hotelCodes(t.api);
    expect(await hotelCodes(t.api)).not.toContain('FRESH-1');
    expect((await addHotel(t.api, 'FRESH-1')).status).toBe(200);
    expect(await hotelCodes(t.api)).toContain('FRESH-1');
    const renamed = await t.api.call(endpoints.company.edit, { token, params: { id: companyId }, body: { name: 'Cache Company', countryName: 'Egypt', companyCode: 'CACHE' } });
    expect(renamed.status).toBe(200);
    const hotels = (await t.api.call(endpoints.hotel.list, { token })).body as { companyName: string }[];
    expect(hotels.every((h) => h.companyName === 'Cache Company')).toBe(true);
  });

  it('still asks for the claim when the answer is cached', async () => {
    await hotelCodes(t.api);
    const clerk = await createStaffUser(t.server.app.ctx.database.db, { claims: ['Basic Data.Company.View'] });
    const res = await t.api.call(endpoints.hotel.list, { token: await t.api.login(clerk.email, clerk.password) });
    expect(res.status).toBe(403);
  });

  it.runIf(testDbKind() === 'postgres')('empties the cache of every server process on the database', async () => {
    const other = await startServer(loadConfig({ ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k === 'PATH')), PORT: '0', HOST: '127.0.0.1', HOTEL_DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl!, HOTEL_JWT_SECRET: t.config.jwtSecret, LOG_LEVEL: 'silent' }), { logger: false });
    try {
      const otherApi = new ApiClient(other.url);
      await hotelCodes(otherApi);
      expect((await otherApi.call(endpoints.hotel.list, { token })).headers.get('x-cache')).toBe('hit');
      expect((await addHotel(t.api, 'FRESH-2')).status).toBe(200);
      await expect.poll(() => hotelCodes(otherApi), { timeout: 5000 }).toContain('FRESH-2');
    } finally {
      await other.close();
    }
  });
});
