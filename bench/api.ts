import { performance } from 'node:perf_hooks';
import { apiPaths } from '../shared/api/paths';
import { hashPassword, verifyPassword } from '../server/src/security/password';
import { type LoadResult, load, postJson } from './lib/load';
import { BENCH_ADMIN, startServerProcess } from './lib/server-process';

export interface ApiBench {
  db: string;
  login: LoadResult;
  hotels: LoadResult;
  /** The same list as a browser asks for it: Brotli, then revalidated by its ETag. */
  hotelsCompressed: LoadResult;
  hotelsNotModified: LoadResult;
  addCompany: LoadResult;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Login (20 concurrent), GetAllHotels with 1,000 hotels, AddCompany — 10 s each. */
export async function benchApi(db: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<ApiBench> {
  const server = await startServerProcess({ databaseUrl });
  try {
    const u = (path: string) => `${server.url}${path}`;
    const { accessToken: token } = await postJson(u(apiPaths.login), BENCH_ADMIN);
    const auth = { authorization: `Bearer ${token}` };

    // 1,000 hotels through the API, as a hotel chain's office would have them.
    const { id: companyId } = await postJson(u(apiPaths.company_add), { name: 'Bench Holding', countryName: 'Saudi Arabia', companyCode: 'BENCH' }, token);
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          postJson(
            u(apiPaths.hotel_add),
            { name: `Hotel ${i + k}`, nameAr: `فندق ${i + k}`, hotelCode: `H${i + k}`, companyId, bookingPolicy: 'Check-in from 15:00', accommodationPolicy: '' },
            token,
          ),
        ),
      );
    }

    const login = await load({ url: u(apiPaths.login), method: 'POST', connections: 20, seconds: SECONDS, body: JSON.stringify(BENCH_ADMIN) });
    const hotels = await load({ url: u(apiPaths.hotel_list), connections: 20, seconds: SECONDS, headers: auth });
    const encoded = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
    const hotelsCompressed = await load({ url: u(apiPaths.hotel_list), connections: 20, seconds: SECONDS, headers: encoded });
    const etag = (await fetch(u(apiPaths.hotel_list), { headers: auth })).headers.get('etag') ?? '';
    const hotelsNotModified = await load({ url: u(apiPaths.hotel_list), connections: 20, seconds: SECONDS, headers: { ...encoded, 'if-none-match': etag } });
    let n = 0;
    const run = Date.now().toString(36);
    const addCompany = await load({
      url: u(apiPaths.company_add),
      method: 'POST',
      connections: 20,
      seconds: SECONDS,
      headers: auth,
      makeBody: () => JSON.stringify({ name: `Company ${n}`, countryName: 'Egypt', companyCode: `C-${run}-${n++}` }),
    });
    return { db, login, hotels, hotelsCompressed, hotelsNotModified, addCompany };
  } finally {
    await server.stop();
  }
}

/** The password hash's cost: one scrypt verification, as a login pays it. */
export async function benchPasswordHash(): Promise<{ hashMs: number; verifyMs: number }> {
  const hash = await hashPassword('correct horse battery staple');
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await verifyPassword('correct horse battery staple', hash);
    times.push(performance.now() - t);
  }
  const t = performance.now();
  await hashPassword('another password');
  const hashMs = performance.now() - t;
  times.sort((a, b) => a - b);
  return { hashMs, verifyMs: times[Math.floor(times.length / 2)] };
}
