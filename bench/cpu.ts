import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '../shared/api/paths';
import { type LoadOptions, type LoadResult, load, ms } from './lib/load';
import { dropDatabase } from './lib/postgres';
import { processCpuMs } from './lib/proc';
import { type BenchApi, withServer } from './lib/with-server';
import { seedRequests } from './seed';

/** Calls of each kind measured (after a warm-up); 10 at a time. */
const CALLS = Number(process.env.BENCH_CPU_CALLS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 10_000);
const CONNECTIONS = 10;

interface CpuRun extends LoadResult {
  cpuMsPerCall: number;
  /** The kernel's part of it (system time: sockets, mostly). */
  systemMsPerCall: number;
}

export const CALL_NAMES = {
  services: 'GetAllServicesRequest, page of 20',
  requests: 'GetAllRequests, page of 20',
  add: 'AddRequest (a guest, one line)',
} as const;
export type CallKey = keyof typeof CALL_NAMES;

/**
 * The measured calls, `connections` at a time, against one server or spread over several
 * (connection i to server i mod n, as autocannon assigns its urls). The guests' bodies say `label`.
 */
export function cpuCalls(apis: BenchApi[], connections: number, label = 'Cpu'): Record<CallKey, LoadOptions> {
  const [{ auth }] = apis;
  const urls = (p: string) => (apis.length === 1 ? apis[0].url(p) : apis.map((api) => api.url(p)));
  let n = 0;
  const guest = () => JSON.stringify(apis[0].guestRequest(n++, label));
  const page = `?page=0&pageSize=20`;
  return {
    services: { url: urls(apiPaths.allServicesRequest + page), connections, headers: auth },
    requests: { url: urls(apiPaths.allRequests + page), connections, headers: auth },
    add: { url: urls(apiPaths.addRequest), method: 'POST', connections, makeBody: guest },
  };
}

/** One server process (this build, or `entry`) on the seeded database: each call's CPU per call. */
async function measureServer(
  target: { databaseUrl: string; dataDir: string },
  options: { entry?: string; profileDir?: string; only?: string[] },
): Promise<Map<CallKey, CpuRun>> {
  const nodeArgs = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.profileDir)}`] : [];
  return withServer({ ...target, entry: options.entry, nodeArgs }, async (server, api) => {
    const measure = async (call: Parameters<typeof load>[0]): Promise<CpuRun> => {
      await load({ ...call, amount: Math.max(100, CALLS / 10) }); // warm-up: JIT, pools, caches
      const before = processCpuMs(server.pid);
      const result = await load({ ...call, amount: CALLS });
      const after = processCpuMs(server.pid);
      if (result.non2xx || result.errors) throw new Error(`${call.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const system = (after.system - before.system) / CALLS;
      return { ...result, cpuMsPerCall: (after.user - before.user) / CALLS + system, systemMsPerCall: system };
    };
    const calls = cpuCalls([api], CONNECTIONS);
    const runs = new Map<CallKey, CpuRun>();
    for (const key of Object.keys(calls) as CallKey[]) if (!options.only || options.only.includes(key)) runs.set(key, await measure(calls[key]));
    return runs;
  });
}

const row = (name: string, r: CpuRun) => `| ${name} | ${r.cpuMsPerCall.toFixed(2)} ms | ${r.systemMsPerCall.toFixed(2)} ms | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} |`;

/**
 * Server-process CPU per call for the staff lists and a guest's AddRequest, on
 * PostgreSQL with BENCH_CPU_REQUESTS requests: the process's own CPU (not the
 * database's, not the load generator's), steadier than requests/s on a shared machine.
 * BENCH_CPU_PROF=<dir> runs the server under `node --cpu-prof` into that folder;
 * BENCH_CPU_ONLY=services,requests,add picks calls; BENCH_CPU_COMPARE=<another build's main.js>
 * measures that build too, in turns with this one on the same database (before/after a change).
 */
export async function benchCpu({ pgUrl }: { pgUrl: (prefix?: string) => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const title = 'Server CPU per call';
  const databaseUrl = await pgUrl('cpu');
  if (!databaseUrl) return { title, lines: ['No PostgreSQL (DATABASE_URL or a local cluster): not measured.'] };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-cpu-'));
  const only = process.env.BENCH_CPU_ONLY?.split(',');
  const compare = process.env.BENCH_CPU_COMPARE;
  try {
    console.log(`  seeding ${REQUESTS} requests on PostgreSQL …`);
    await seedRequests({ databaseUrl, dataDir }, REQUESTS);
    const load1 = os.loadavg()[0];
    const lines = [
      `${REQUESTS.toLocaleString('en')} requests (two lines each) on PostgreSQL; ${CALLS.toLocaleString('en')} calls of each kind, ${CONNECTIONS} at a time, after a warm-up.`,
      `CPU is the server process's utime + stime (/proc/<pid>/stat) over those calls, divided by their number: it leaves out PostgreSQL and the load generator,`,
      `so it holds better than requests/s on a shared machine (load average at the start: ${load1.toFixed(1)} on ${os.cpus().length} cores).`,
      '',
      '| call | server CPU per call | of which system | requests/s | p50 | p99 |',
      '|---|---|---|---|---|---|',
    ];
    const target = { databaseUrl, dataDir };
    if (!compare) {
      const runs = await measureServer(target, { profileDir: process.env.BENCH_CPU_PROF, only });
      for (const [key, r] of runs) lines.push(row(CALL_NAMES[key], r));
      return { title, lines };
    }
    // In turns, twice each, so both builds meet the machine's load alike.
    for (const round of [1, 2]) {
      for (const [label, entry] of [
        ['before', compare],
        ['this build', undefined],
      ] as const) {
        const runs = await measureServer(target, { entry, only });
        for (const [key, r] of runs) lines.push(row(`${CALL_NAMES[key]} (${label}, run ${round})`, r));
      }
    }
    return { title, lines };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl);
  }
}
