import { performance } from 'node:perf_hooks';
import { type LoadOptions, type LoadResult, load } from './load';
import type { PostgresTarget } from './postgres';
import { cpuBetween, cpuOfProcesses, postgresBackends } from './proc';

/** autocannon returns at its first sample after the last call: short, so the wall time is close. */
const SAMPLE_MS = 20;

export interface CpuRun extends LoadResult {
  /** CPU (user + system) of the server processes per call, ms. */
  serverMsPerCall: number;
  /** CPU of PostgreSQL's backends serving the database per call, ms. */
  postgresMsPerCall: number;
  /** CPU of `otherPids` (a pooler in front) per call, ms, when there are any. */
  otherMsPerCall?: number;
}

/**
 * `calls` calls of one kind after a warm-up of a tenth (at least 100): requests/s over their
 * wall time (autocannon's own figure averages whole seconds, coarse for a run of a few),
 * latency, and CPU per call of the server processes, of the database's backends (one opened
 * during the run counts from 0) and of any other processes given, from /proc.
 */
export async function measureCpu(
  name: string,
  call: LoadOptions,
  who: { serverPids: number[]; postgres: PostgresTarget; otherPids?: number[] },
  calls: number,
): Promise<CpuRun> {
  const snapshot = () => [cpuOfProcesses(who.serverPids), cpuOfProcesses(postgresBackends(who.postgres.database, who.postgres.postmaster)), cpuOfProcesses(who.otherPids ?? [])];
  await load({ ...call, amount: Math.max(100, calls / 10) }); // warm-up: JIT, pools, caches
  const before = snapshot();
  const started = performance.now();
  const result = await load({ ...call, amount: calls, sampleInt: SAMPLE_MS });
  const rps = Math.round(calls / ((performance.now() - started) / 1000));
  const [server, postgres, other] = snapshot().map((after, i) => cpuBetween(before[i], after) / calls);
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...result, rps, serverMsPerCall: server, postgresMsPerCall: postgres, otherMsPerCall: who.otherPids?.length ? other : undefined };
}
