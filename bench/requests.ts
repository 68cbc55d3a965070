import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { apiPaths } from '../shared/api/paths';
import { type LoadResult, load, ms, percentile, postJson } from './lib/load';
import { openEventStream } from './lib/sse';
import { type BenchApi, withServer } from './lib/with-server';
import { seedRequests } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);

interface Run {
  db: string;
  plans?: string[];
  addRequest: LoadResult;
  requestsPage: LoadResult;
  servicesPage: LoadResult;
  requestsSearch: LoadResult;
  eventP50: number;
  eventP99: number;
  importSeconds: number;
}

async function runOne(db: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<Run> {
  let plans: string[] | undefined;
  const seed = async (target: { databaseUrl?: string; dataDir: string }) => {
    console.log(`  seeding ${REQUESTS} requests on ${db} …`);
    await seedRequests(target, REQUESTS);
    plans = databaseUrl ? await explainPlans(databaseUrl) : undefined;
  };
  return withServer({ databaseUrl, seed }, async (_server, api) => {
    const { auth, hotel } = api;
    const u = api.url;
    const guest = (i: number) => JSON.stringify(api.guestRequest(i, 'Bench'));

    const requestsPage = await load({ url: `${u(apiPaths.allRequests)}?page=0&pageSize=20`, connections: 10, seconds: SECONDS, headers: auth });
    const servicesPage = await load({ url: `${u(apiPaths.allServicesRequest)}?page=0&pageSize=20`, connections: 10, seconds: SECONDS, headers: auth });
    const requestsSearch = await load({
      url: `${u(apiPaths.allRequests)}?page=0&pageSize=20&search=Guest%2012345`,
      connections: 10,
      seconds: SECONDS,
      headers: auth,
    });

    // From AddRequest to the event at a staff client's stream.
    const arrived = new Map<string, number>();
    // A token never goes in a URL: the stream takes the Authorization header.
    const close = await openEventStream(
      u(apiPaths.staffEvents),
      (e) => {
        if (e.type === 'request-created') arrived.set(e.requestId, performance.now());
      },
      auth,
    );
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const sent = performance.now();
      const { id } = await postJson(u(apiPaths.addRequest), JSON.parse(guest(i)));
      const deadline = Date.now() + 2000;
      while (!arrived.has(id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      if (arrived.has(id)) latencies.push(arrived.get(id)! - sent);
    }
    close();
    latencies.sort((a, b) => a - b);

    let n = 0;
    const addRequest = await load({ url: u(apiPaths.addRequest), method: 'POST', connections: 50, seconds: SECONDS, makeBody: () => guest(n++) });

    const importSeconds = await importRooms(api, hotel.id);
    return {
      db,
      plans,
      addRequest,
      requestsPage,
      servicesPage,
      requestsSearch,
      eventP50: percentile(latencies, 50),
      eventP99: percentile(latencies, 99),
      importSeconds,
    };
  });
}

/**
 * The plans PostgreSQL picks for the staff lists at this size (the SQL the list
 * repository builds, spelled out): a page, a count, a search, a department filter.
 */
async function explainPlans(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const page = `select r.id, r.request_code, r.cust_name, h.name, rm.number, r.status from requests r
      join hotels h on h.id = r.hotel_id join rooms rm on rm.id = r.room_id`;
    const order = `order by r.updated_at desc nulls last, r.id asc limit 20 offset 0`;
    const queries: [string, string][] = [
      ['Newest page of GetAllRequests', `${page} ${order}`],
      ['Its total (counted once per view, then kept until a live event)', `select count(*)::int from requests r`],
      ['Search page', `${page} where r.search_text ilike '%Guest 12345%' ${order}`],
      ['Search total', `select count(*)::int from requests r where r.search_text ilike '%Guest 12345%'`],
      [
        'GetAllServicesRequest, one department, status Open',
        `select l.id from request_lines l join requests r on r.id = l.request_id
         where l.department_id = (select min(id) from departments) and l.status = 'Open'
         order by l.updated_at desc nulls last, l.id asc limit 20`,
      ],
    ];
    const lines: string[] = [];
    for (const [title, query] of queries) {
      const { rows } = await client.query(`explain (analyze, costs off, timing on) ${query}`);
      lines.push(`${title}:`, '```', ...rows.map((r: Record<string, string>) => r['QUERY PLAN']), '```');
    }
    return lines;
  } finally {
    await client.end();
  }
}

/** Download the room template, fill 5,000 rows, upload it: the seconds the upload takes. */
async function importRooms(api: BenchApi, hotelId: number): Promise<number> {
  const { url: u, token, getJson } = api;
  const res = await fetch(u(apiPaths.roomTemplate), { headers: { authorization: `Bearer ${token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  const headers = (sheet.getRow(1).values as string[]).slice(1);
  const [hotels, useTypes, roomTypes] = await Promise.all(
    [apiPaths.hotel_list, apiPaths.useType_list, apiPaths.roomType_list].map((p) => getJson(p)),
  );
  const hotel = hotels.find((h: any) => h.id === hotelId) ?? hotels[0];
  const values: Record<string, string> = { hotelCode: hotel.hotelCode, useTypeCode: useTypes[0].useTypeCode, roomTypeCode: roomTypes[0].roomTypeCode };
  for (let i = 0; i < 5000; i++) {
    sheet.addRow(headers.map((h) => (h === 'number' ? `B${10000 + i}` : (values[h] ?? ''))));
  }
  const bytes = await book.xlsx.writeBuffer();
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'rooms.xlsx');
  const t = performance.now();
  const up = await fetch(u(apiPaths.uploadRoom), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const seconds = (performance.now() - t) / 1000;
  if (!up.ok) throw new Error(`room import failed: ${up.status} ${(await up.text()).slice(0, 500)}`);
  return seconds;
}

export async function benchRequests({ pgUrl }: { pgUrl: () => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const runs = [await runOne('PGlite')];
  const url = await pgUrl();
  if (url) runs.push(await runOne('PostgreSQL', url));
  const row = (name: string, r: LoadResult) => `| ${name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx} |`;
  const lines = [`With ${REQUESTS.toLocaleString('en')} requests (two lines each) in the database.`, '', '| call | requests/s | p50 | p99 | non-2xx |', '|---|---|---|---|---|'];
  for (const r of runs) {
    lines.push(row(`AddRequest, 50 concurrent guests (${r.db})`, r.addRequest));
    lines.push(row(`GetAllRequests, one page of 20, 10 concurrent (${r.db})`, r.requestsPage));
    lines.push(row(`GetAllServicesRequest, one page of 20, 10 concurrent (${r.db})`, r.servicesPage));
    lines.push(row(`GetAllRequests, search, one page, 10 concurrent (${r.db})`, r.requestsSearch));
  }
  lines.push('', '| measure | ' + runs.map((r) => r.db).join(' | ') + ' |', '|---|' + runs.map(() => '---|').join(''));
  lines.push('| AddRequest → event at a staff stream, p50 (200 sequential) | ' + runs.map((r) => ms(r.eventP50)).join(' | ') + ' |');
  lines.push('| AddRequest → event at a staff stream, p99 | ' + runs.map((r) => ms(r.eventP99)).join(' | ') + ' |');
  lines.push('| Import of a 5,000-row room sheet | ' + runs.map((r) => `${r.importSeconds.toFixed(2)} s`).join(' | ') + ' |');
  for (const r of runs.filter((run) => run.plans)) lines.push('', `Plans on ${r.db} with ${REQUESTS.toLocaleString('en')} requests (EXPLAIN ANALYZE):`, '', ...r.plans!);
  return { title: 'Requests, live events and Excel import', lines };
}

