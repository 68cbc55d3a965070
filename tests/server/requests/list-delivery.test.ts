import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { type Fixture, createStaffUser, guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

/** A raw GET (fetch would decode the body and hide what travelled): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Lists as they travel: compressed, revalidated by ETag, and scoped to the caller's hotels. */
describe('list delivery', () => {
  let t: TestServer;
  let fx: Fixture;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    fx = await seedFixture(t.server.app.ctx.database.db);
    token = await t.adminToken();
    // Enough hotels that the list is worth compressing.
    for (let i = 0; i < 30; i++) {
      const res = await t.api.call(endpoints.hotel.add, {
        token,
        body: { name: `Compressed Hotel ${i}`, nameAr: `فندق مضغوط ${i}`, hotelCode: `CMP-${i}`, companyId: fx.companyId },
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => t.cleanup());

  const hotelsUrl = () => `${t.url}${endpoints.hotel.list.path}`;
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('sends a master-data list in Brotli or gzip as the client asks, the same JSON either way', async () => {
    const plain = await rawGet(hotelsUrl(), auth());
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.length).toBeGreaterThanOrEqual(32);
    for (let round = 0; round < 2; round++) {
      // The second round is answered from the cache, which keeps each form made once.
      const br = await rawGet(hotelsUrl(), { ...auth(), 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);
      const gz = await rawGet(hotelsUrl(), { ...auth(), 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json);
    }
  });

  it('compresses other API answers too, and never an event stream', async () => {
    const res = await rawGet(`${t.url}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8')).openapi).toBe('3.1.0');

    const created = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    const abort = new AbortController();
    const stream = await fetch(`${t.url}/api/Request/Events/${created.body.id}`, { headers: { 'accept-encoding': 'gzip, br' }, signal: abort.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    abort.abort();
  });

  it('answers 304 to a client that already has the list, and a new ETag after a change', async () => {
    const first = await rawGet(hotelsUrl(), auth());
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await rawGet(hotelsUrl(), { ...auth(), 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const added = await t.api.call(endpoints.hotel.add, { token, body: { name: 'Etag Hotel', nameAr: 'فندق', hotelCode: 'ETAG-1', companyId: fx.companyId } });
    expect(added.status).toBe(200);
    const changed = await rawGet(hotelsUrl(), { ...auth(), 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString('utf8')).map((h: { hotelCode: string }) => h.hotelCode)).toContain('ETAG-1');
  });

  it("shows staff only their own hotels' hotels, rooms and booking rooms, even from the cache", async () => {
    const db = t.server.app.ctx.database.db;
    const claims = ['Basic Data.Hotel.View', 'Basic Data.Room.View', 'Basic Data.Booking Room.View'];
    const clerkA = await createStaffUser(db, { claims, hotelIds: [fx.hotelA.id] });
    const clerkB = await createStaffUser(db, { claims, hotelIds: [fx.hotelB.id] });
    const [tokenA, tokenB] = [await t.api.login(clerkA.email, clerkA.password), await t.api.login(clerkB.email, clerkB.password)];
    const ids = async (call: typeof endpoints.hotel.list | typeof endpoints.room.list, who: string) =>
      ((await t.api.call(call, { token: who })).body as { id: number; hotelId?: number }[]).map((r) => r.hotelId ?? r.id);

    // The admin reads first, so a cached answer would leak every hotel to the clerks.
    expect((await ids(endpoints.hotel.list, token)).length).toBeGreaterThan(2);
    expect(await ids(endpoints.hotel.list, tokenA)).toEqual([fx.hotelA.id]);
    expect(await ids(endpoints.hotel.list, tokenB)).toEqual([fx.hotelB.id]);
    expect(new Set(await ids(endpoints.room.list, tokenA))).toEqual(new Set([fx.hotelA.id]));
    expect(await ids(endpoints.room.list, tokenB)).toEqual([fx.hotelB.id]);
    const paged = await t.api.call(endpoints.room.list, { token: tokenA, query: { page: 0, pageSize: 1 } });
    expect(paged.headers.get('x-total-count')).toBe('2');
    const bookingRooms = await t.api.call(endpoints.bookingRoom.list, { token: tokenB });
    expect(bookingRooms.status).toBe(200);
    expect((bookingRooms.body as { hotelId: number }[]).every((r) => r.hotelId === fx.hotelB.id)).toBe(true);
  });
});
