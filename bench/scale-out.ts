/**
 * Scale-out (`BENCH_ONLY=scale npm run bench`): 1, 2 and 3 server processes of the build on one
 * PostgreSQL database, loaded round-robin by connection (as a layer-4 balancer spreads them),
 * and 2 processes behind PgBouncer in transaction mode when it is installed. For each, the calls
 * of bench/cpu.ts: requests/s, latency, and the CPU per call of the server processes and of
 * PostgreSQL's backends for that database (/proc), so the 2-core machine's share of each shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CALL_NAMES, type CallKey, cpuCalls } from './cpu';
import { type CpuRun, measureCpu } from './lib/cpu-measure';
import { type LoadOptions, connectionsPerTarget, ms } from './lib/load';
import { hasPgBouncer, startPgBouncer } from '../tests/support/pgbouncer';
import { type PostgresTarget, dropDatabase, findPostgres } from './lib/postgres';
import { ensureBuiltServer } from './lib/server-process';
import { withServers } from './lib/with-server';
import { seedRequests } from './seed';

/** Calls of each case measured, after a warm-up of a tenth (at least 100). */
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 10_000);
const CONNECTIONS = 10;
const PROCESS_COUNTS = [1, 2, 3];
/** PgBouncer's server connections for the database (its default is 20; two processes' pools are 10 each). */
const BOUNCER_POOL = 10;
const CASES: CallKey[] = ['add', 'services', 'requests'];

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** Each case on the started processes (`calls` spread over them): requests/s, latency and CPU per call. */
async function measure(serverPids: number[], calls: Record<CallKey, LoadOptions>, postgres: PostgresTarget, bouncerPid?: number): Promise<Map<CallKey, CpuRun>> {
  const runs = new Map<CallKey, CpuRun>();
  for (const key of CASES) runs.set(key, await measureCpu(CALL_NAMES[key], calls[key], { serverPids, postgres, otherPids: bouncerPid ? [bouncerPid] : [] }, CALLS));
  return runs;
}

export async function benchScaleOut({ pgUrl }: { pgUrl: (prefix?: string) => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const title = 'Scale-out: 1, 2 and 3 server processes';
  const databaseUrl = await pgUrl('scale');
  if (!databaseUrl) return { title, lines: ['No PostgreSQL (DATABASE_URL or a local cluster): not measured.'] };
  ensureBuiltServer();
  const seedDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-scale-'));
  try {
    console.log(`  seeding ${REQUESTS} requests on PostgreSQL …`);
    await seedRequests({ databaseUrl, dataDir: seedDir }, REQUESTS);
    const postgres = await findPostgres(databaseUrl);
    const startLoad = loadAverage();
    const rows: string[] = [];
    const loads: string[] = [];
    const row = (setup: string, key: CallKey, r: CpuRun) =>
      `| ${setup} | ${CALL_NAMES[key]} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.serverMsPerCall.toFixed(2)} ms | ${r.postgresMsPerCall.toFixed(2)} ms |`;

    for (const count of PROCESS_COUNTS) {
      const setup = count === 1 ? '1 process' : `${count} processes (${connectionsPerTarget(CONNECTIONS, count).join(' + ')} connections)`;
      console.log(`  ${setup} …`);
      const runs = await withServers(count, { databaseUrl }, (servers, apis) =>
        measure(
          servers.map((s) => s.pid),
          cpuCalls(apis, CONNECTIONS, 'Scale'),
          postgres,
        ),
      );
      for (const [key, r] of runs) rows.push(row(setup, key, r));
      loads.push(`${count}: ${loadAverage()}`);
    }

    const bouncerLines: string[] = [];
    if (hasPgBouncer()) {
      console.log('  2 processes behind PgBouncer …');
      const bouncer = await startPgBouncer({ databaseUrl }, { serverConnections: BOUNCER_POOL });
      try {
        const env = { DATABASE_DIRECT_URL: databaseUrl, HOTEL_DB_POOLER: 'transaction' };
        const runs = await withServers(2, { databaseUrl: bouncer.url, env }, (servers, apis) =>
          measure(
            servers.map((s) => s.pid),
            cpuCalls(apis, CONNECTIONS, 'Bounced'),
            postgres,
            bouncer.pid,
          ),
        );
        for (const [key, r] of runs) rows.push(row(`2 processes behind PgBouncer (${connectionsPerTarget(CONNECTIONS, 2).join(' + ')} connections)`, key, r));
        loads.push(`PgBouncer: ${loadAverage()}`);
        bouncerLines.push(
          `${bouncer.version}, transaction mode, ${BOUNCER_POOL} server connections;` +
            ` its own CPU per call (not in the columns above): ${[...runs].map(([key, r]) => `${CALL_NAMES[key]} ${r.otherMsPerCall!.toFixed(2)} ms`).join(', ')}.`,
        );
      } finally {
        await bouncer.stop();
      }
    } else {
      bouncerLines.push('PgBouncer (/usr/sbin/pgbouncer) is not installed: the row behind it was skipped.');
    }

    return {
      title,
      lines: [
        `${REQUESTS.toLocaleString('en')} requests (two lines each) on one PostgreSQL database; ${CALLS.toLocaleString('en')} calls of each case after a warm-up of ${Math.max(100, CALLS / 10)}, ${CONNECTIONS} connections at a time;`,
        `requests/s is those calls over their wall time.`,
        `The load generator (autocannon, one process) spreads its ${CONNECTIONS} connections over the server processes in turn, connection i to process i mod n, each keeping its process`,
        `for the whole run: what a layer-4 (TCP) balancer does, not a per-call one. Server CPU is the utime + stime (/proc/<pid>/stat) of all the server processes over the calls,`,
        `PostgreSQL CPU that of the cluster's backends serving this database (${postgres.postmaster ? `children of the postmaster, pid ${postgres.postmaster}` : 'found by their process title'}; one opened during the run counts from 0),`,
        `both divided by the calls. Neither counts the load generator, PostgreSQL's background processes (WAL writer, checkpointer) or the other work on the machine.`,
        '',
        '| processes | call | requests/s | p50 | p99 | server CPU per call | PostgreSQL CPU per call |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        '',
        ...bouncerLines,
        `Load average (1, 5, 15 min) on ${os.cpus().length} cores: at the start ${startLoad}; after each setup ${loads.join('; ')}.`,
      ],
    };
  } finally {
    rmSync(seedDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl);
  }
}
