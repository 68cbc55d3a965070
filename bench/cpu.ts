import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { apiPaths } from '../shared/api/paths';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '../shared/api/list-headers';
import { staysOfRequests } from '../server/src/modules/integrations/stays/stays.repository';
import { listLines } from '../server/src/modules/requests/lists.repository';
import type { CeilingConfig } from './lib/ceiling-server';
import { type CpuRun, measureCpu } from './lib/cpu-measure';
import { type LoadOptions, ms } from './lib/load';
import { type PostgresTarget, dropDatabase, findPostgres } from './lib/postgres';
import { recordingDb } from './lib/record-sql';
import { BENCH_ADMIN, ensureBuiltServer } from './lib/server-process';
import { parseSizes, sizeLabel } from './lib/sizes';
import { type BenchApi, withServer } from './lib/with-server';
import { spawnServer } from '../tests/support/server-process';
import { seedRequests } from './seed';

/** Calls of each kind measured (after a warm-up of a tenth); 10 at a time. */
const CALLS = Number(process.env.BENCH_CPU_CALLS ?? 2_000);
/** Database sizes, each seeded, measured and dropped in turn: `10000,100000,1000000` (or `10k,100k,1M`). */
const SIZES = parseSizes(process.env.BENCH_CPU_REQUESTS, [10_000]);
const CONNECTIONS = 10;
/** The server's pool (HOTEL_DB_POOL_SIZE's default), given to the ceilings' pool too. */
const POOL_SIZE = 10;

/**
 * What the searches look for: the seed's 10,000th newest request, there at every size (bench/seed.ts
 * names request g "Guest g" with the code B-000000g). The name also finds Guest 100000… at 100k and up.
 * Its number is as long as "Guest": the search asks the trigram index for its longest word (a number
 * on a tie), so a shorter number ("Guest 4242") would look up every row's "Guest".
 */
const SEARCH_NAME = 'Guest 10000';
const SEARCH_CODE = 'B-0010000';
/** The department the bench admin is given, so "my queue" has lines (an admin's own departments count). */
const MY_DEPARTMENT = 'HK';

export const CALL_NAMES = {
  services: 'GetAllServicesRequest, page of 20',
  requests: 'GetAllRequests, page of 20',
  add: 'AddRequest (a guest, one line)',
  servicesOverdue: 'Services: overdue',
  servicesWaiting: 'Services: waiting',
  servicesMine: 'Services: my queue (admin with one department)',
  servicesSearchName: `Services: search "${SEARCH_NAME}"`,
  servicesSearchCode: `Services: search "${SEARCH_CODE}"`,
  requestsOpen: 'Guests Requests: open',
  requestsSearchName: `Guests Requests: search "${SEARCH_NAME}"`,
  requestsSearchCode: `Guests Requests: search "${SEARCH_CODE}"`,
  home: "Home's figures (GetTodayFigures)",
} as const;
export type CallKey = keyof typeof CALL_NAMES;

const CEILING_NAMES = {
  ceilingMemory: 'Ceiling: bare Fastify, the Services page from memory',
  ceilingPage: "Ceiling: Fastify + pg, the Services page's statements",
  ceilingAdd: 'Ceiling: Fastify + pg, one insert (request + line)',
} as const;
type CeilingKey = keyof typeof CEILING_NAMES;
type CaseKey = CallKey | CeilingKey;
const NAMES: Record<CaseKey, string> = { ...CALL_NAMES, ...CEILING_NAMES };
/** The table's order: each ceiling under the call it bounds. */
const ORDER: CaseKey[] = [
  'services',
  'ceilingMemory',
  'ceilingPage',
  'servicesOverdue',
  'servicesWaiting',
  'servicesMine',
  'servicesSearchName',
  'servicesSearchCode',
  'requests',
  'requestsOpen',
  'requestsSearchName',
  'requestsSearchCode',
  'home',
  'add',
  'ceilingAdd',
];

/**
 * The measured calls, `connections` at a time, against one server or spread over several
 * (connection i to server i mod n, as autocannon assigns its urls). The guests' bodies say `label`.
 */
export function cpuCalls(apis: BenchApi[], connections: number, label = 'Cpu'): Record<CallKey, LoadOptions> {
  const [{ auth }] = apis;
  const urls = (p: string) => (apis.length === 1 ? apis[0].url(p) : apis.map((api) => api.url(p)));
  let n = 0;
  const guest = () => JSON.stringify(apis[0].guestRequest(n++, label));
  const get = (p: string, query: Record<string, string> = {}): LoadOptions => ({
    url: urls(`${p}?${new URLSearchParams({ page: '0', pageSize: '20', ...query })}`),
    connections,
    headers: auth,
  });
  return {
    services: get(apiPaths.allServicesRequest),
    requests: get(apiPaths.allRequests),
    add: { url: urls(apiPaths.addRequest), method: 'POST', connections, makeBody: guest },
    servicesOverdue: get(apiPaths.allServicesRequest, { overdue: 'true' }),
    servicesWaiting: get(apiPaths.allServicesRequest, { waiting: 'true' }),
    servicesMine: get(apiPaths.allServicesRequest, { mine: 'true' }),
    servicesSearchName: get(apiPaths.allServicesRequest, { search: SEARCH_NAME }),
    servicesSearchCode: get(apiPaths.allServicesRequest, { search: SEARCH_CODE }),
    requestsOpen: get(apiPaths.allRequests, { open: 'true' }),
    requestsSearchName: get(apiPaths.allRequests, { search: SEARCH_NAME }),
    requestsSearchCode: get(apiPaths.allRequests, { search: SEARCH_CODE }),
    home: { url: urls(apiPaths.homeFigures), connections, headers: auth },
  };
}

interface CaseRun extends CpuRun {
  /** What one answer held: a page's rows and the list's total, so a search that finds nothing shows. */
  rows: string;
}

/** One GET answered once before the load: its rows and total, and its body. */
async function probe(call: LoadOptions): Promise<{ rows: string; body: string }> {
  const res = await fetch(call.url as string, { headers: call.headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${call.url}: ${res.status} ${body.slice(0, 200)}`);
  const parsed: unknown = JSON.parse(body);
  if (!Array.isArray(parsed)) return { rows: '—', body };
  const total = res.headers.get(TOTAL_COUNT_HEADER);
  const capped = res.headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true' ? '+' : '';
  return { rows: total === null ? `${parsed.length}` : `${parsed.length} of ${Number(total).toLocaleString('en')}${capped}`, body };
}

/** One server process (this build, or `entry`) on the seeded database: each call's CPU per call, and the Services page's answer. */
async function measureServer(
  target: { databaseUrl: string; dataDir: string; postgres: PostgresTarget },
  options: { entry?: string; profileDir?: string; only?: string[] },
): Promise<{ runs: Map<CaseKey, CaseRun>; pageBody: string; guest: BenchApi['guestRequest'] }> {
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profileDir)}`] : [];
  const { databaseUrl, dataDir, postgres } = target;
  return withServer({ databaseUrl, dataDir, entry: options.entry, nodeArgs }, async (server, api) => {
    const calls = cpuCalls([api], CONNECTIONS);
    const runs = new Map<CaseKey, CaseRun>();
    const { body: pageBody } = await probe(calls.services);
    // AddRequest last: the lists are measured on the seed alone.
    for (const key of ORDER.filter((k): k is CallKey => k in calls)) {
      if (options.only && !options.only.includes(key)) continue;
      const call = calls[key];
      const { rows } = call.method === 'POST' ? { rows: '—' } : await probe(call);
      runs.set(key, { ...(await measureCpu(NAMES[key], call, { serverPids: [server.pid], postgres }, CALLS)), rows });
    }
    return { runs, pageBody, guest: api.guestRequest };
  });
}

/** What the server sends PostgreSQL for the admin's Services page (the page, then its stays; its total is cached). */
async function servicePageStatements(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { db, record } = recordingDb(pool);
    return await record(async () => {
      const { rows } = await listLines(db, { isAdmin: true, hotelIds: [], departmentIds: [] }, {}, { lang: 'en', page: { offset: 0, limit: 20 }, now: new Date() });
      await staysOfRequests(db, [...new Set(rows.map((r) => r.requestId))]);
    });
  } finally {
    await pool.end();
  }
}

/** The ceilings, in a process of their own (bench/lib/ceiling-server.ts): the same columns as the server's calls. */
async function measureCeilings(
  target: { databaseUrl: string; postgres: PostgresTarget },
  pageBody: string,
  guest: (i: number) => Record<string, unknown>,
  only?: string[],
): Promise<Map<CaseKey, CaseRun>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-ceiling-'));
  const config: CeilingConfig = { databaseUrl: target.databaseUrl, poolSize: POOL_SIZE, pageBody, pageStatements: await servicePageStatements(target.databaseUrl) };
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config));
  const ceiling = await spawnServer(
    { CEILING_CONFIG: path.join(dir, 'config.json') },
    { dataDir: dir, entry: path.resolve(import.meta.dirname, 'lib/ceiling-server.ts'), nodeArgs: ['--import', 'tsx'] },
  );
  try {
    let n = 0;
    const calls: Record<CeilingKey, LoadOptions> = {
      ceilingMemory: { url: `${ceiling.url}/memory`, connections: CONNECTIONS },
      ceilingPage: { url: `${ceiling.url}/page`, connections: CONNECTIONS },
      ceilingAdd: { url: `${ceiling.url}/add`, method: 'POST', connections: CONNECTIONS, makeBody: () => JSON.stringify(guest(n++)) },
    };
    const runs = new Map<CaseKey, CaseRun>();
    for (const key of Object.keys(calls) as CeilingKey[]) {
      if (only && !only.includes(key)) continue;
      const call = calls[key];
      const rows = key === 'ceilingAdd' ? '—' : await probe(call).then(({ body }) => `${(key === 'ceilingPage' ? JSON.parse(body)[0] : JSON.parse(body)).length}`);
      runs.set(key, { ...(await measureCpu(NAMES[key], call, { serverPids: [ceiling.pid], postgres: target.postgres }, CALLS)), rows });
    }
    return runs;
  } finally {
    await ceiling.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Gives the bench admin a department, before the server starts (its token carries them), so "my queue" has lines. */
async function giveAdminDepartment(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into user_departments (user_id, department_id)
       select u.id, d.id from users u cross join departments d where u.email = $1 and d.department_code = $2
       on conflict do nothing`,
      [BENCH_ADMIN.email, MY_DEPARTMENT],
    );
  } finally {
    await client.end();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const HEADER = ['| call | rows of one answer | server CPU per call | PostgreSQL CPU per call | requests/s | p50 | p99 |', '|---|---|---|---|---|---|---|'];
const row = (name: string, r: CaseRun) =>
  `| ${name} | ${r.rows} | ${r.serverMsPerCall.toFixed(2)} ms | ${r.postgresMsPerCall.toFixed(2)} ms | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} |`;

/**
 * CPU per call of the server process and of PostgreSQL's backends for the staff lists (their
 * filters and searches), Home's figures and a guest's AddRequest, beside ceilings (a bare
 * Fastify from memory, the page's own SQL on pg, a raw insert), at each size of
 * BENCH_CPU_REQUESTS (a list: each size seeds its own database, measured and dropped in turn).
 * CPU per call holds better than requests/s on a shared machine.
 * BENCH_CPU_PROF=<dir> runs the server under `node --cpu-prof` into that folder;
 * BENCH_CPU_ONLY=services,requests,add,ceilingPage,… picks cases; BENCH_CPU_COMPARE=<another build's main.js>
 * measures that build too, in turns with this one on the same database (before/after a change).
 */
export async function benchCpu({ pgUrl }: { pgUrl: (prefix?: string) => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const title = 'Server CPU per call';
  const first = await pgUrl('cpu');
  if (!first) return { title, lines: ['No PostgreSQL (DATABASE_URL or a local cluster): not measured.'] };
  ensureBuiltServer();
  const only = process.env.BENCH_CPU_ONLY?.split(',');
  const compare = process.env.BENCH_CPU_COMPARE;
  const lines = [
    `${SIZES.map((s) => s.toLocaleString('en')).join(', ')} requests (two lines each) on PostgreSQL, each size its own database (bench/seed.ts, by SQL);`,
    `${CALLS.toLocaleString('en')} calls of each case, ${CONNECTIONS} at a time, after a warm-up of ${Math.max(100, CALLS / 10)}; requests/s is those calls over their wall time.`,
    `Server CPU is the utime + stime (/proc/<pid>/stat) of the server process (or the ceiling's) over those calls, PostgreSQL CPU that of the backends serving`,
    `the database; both divided by the calls. Neither counts the load generator, PostgreSQL's background processes or the machine's other work,`,
    `so they hold better than requests/s on a shared machine. "Rows of one answer": the page's rows of the list's total (+: past the count's cap).`,
    `Load average (1, 5, 15 min) on ${os.cpus().length} cores at the start: ${loadAverage()}.`,
  ];
  for (const [i, size] of SIZES.entries()) {
    const databaseUrl = i === 0 ? first : (await pgUrl('cpu'))!;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-cpu-'));
    try {
      console.log(`  seeding ${size.toLocaleString('en')} requests on PostgreSQL …`);
      const seedStarted = performance.now();
      await seedRequests({ databaseUrl, dataDir }, size);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      await giveAdminDepartment(databaseUrl);
      const target = { databaseUrl, dataDir, postgres: await findPostgres(databaseUrl) };
      lines.push('', `#### ${sizeLabel(size)}: ${size.toLocaleString('en')} requests (seeded in ${seedSeconds.toFixed(0)} s; load average before: ${loadAverage()})`, '', ...HEADER);
      if (!compare) {
        const { runs, pageBody, guest } = await measureServer(target, { profileDir: process.env.BENCH_CPU_PROF, only });
        for (const [key, r] of await measureCeilings(target, pageBody, (n) => guest(n, 'Ceiling'), only)) runs.set(key, r);
        for (const key of ORDER) if (runs.has(key)) lines.push(row(NAMES[key], runs.get(key)!));
        lines.push('', `Load average after ${sizeLabel(size)}: ${loadAverage()}.`);
        continue;
      }
      // In turns, twice each, so both builds meet the machine's load alike.
      for (const round of [1, 2]) {
        for (const [label, entry] of [
          ['before', compare],
          ['this build', undefined],
        ] as const) {
          const { runs } = await measureServer(target, { entry, only });
          for (const key of ORDER) if (runs.has(key)) lines.push(row(`${NAMES[key]} (${label}, run ${round})`, runs.get(key)!));
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(databaseUrl);
    }
  }
  return { title, lines };
}
