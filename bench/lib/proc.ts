import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  /** The parent's pid. */
  ppid: number;
  /** CPU time used so far (all threads), ms. */
  user: number;
  system: number;
}

/** One /proc/<pid>/stat line: the parent, utime and stime. */
export function parseProcStat(stat: string): ProcStat {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 4, 14 and 15 of the line are the 2nd, 12th and 13th after the name.
  return {
    ppid: Number(fields[1]),
    user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND,
    system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND,
  };
}

/** CPU time the process (all its threads) has used so far, in ms: utime and stime from /proc/<pid>/stat. */
export function processCpuMs(pid: number): { user: number; system: number } {
  const { user, system } = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return { user, system };
}

/** CPU (user + system, ms) of each process, by pid; those gone in the meantime are left out. */
export function cpuOfProcesses(pids: Iterable<number>): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const { user, system } = processCpuMs(pid);
      cpu.set(pid, user + system);
    } catch {
      // Exited between the listing and the read.
    }
  }
  return cpu;
}

/**
 * CPU used between two snapshots, summed over the processes of `after`: one that was not there
 * before (a connection opened during the run) counts from 0. One that ended during the run is
 * missing from `after`, and its CPU with it.
 */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/**
 * Whether a process title is a PostgreSQL backend serving `database`: PostgreSQL sets each
 * backend's title to `postgres: [<cluster_name>:] <user> <database> <client> <state>`.
 */
export function isBackendOf(cmdline: string, database: string): boolean {
  const words = cmdline.replaceAll('\0', ' ').trim().split(/\s+/);
  if (words[0] !== 'postgres:') return false;
  const rest = words[1]?.endsWith(':') ? words.slice(2) : words.slice(1);
  return rest[1] === database;
}

function readOr(file: string, fallback: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

/**
 * The pids of PostgreSQL's backends serving `database` on this machine. With the cluster's
 * postmaster pid (a local cluster: the first line of its data dir's postmaster.pid), only its
 * children; without it, any process titled as a backend of that database.
 */
export function postgresBackends(database: string, postmasterPid?: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (!isBackendOf(readOr(`/proc/${pid}/cmdline`, ''), database)) continue;
    if (postmasterPid !== undefined && parseProcStat(readOr(`/proc/${pid}/stat`, '() 0 0')).ppid !== postmasterPid) continue;
    pids.push(pid);
  }
  return pids;
}

/** The postmaster's pid from a local cluster's data dir, when it is readable here and that process runs. */
export function postmasterPidOf(dataDir: string): number | undefined {
  const file = `${dataDir}/postmaster.pid`;
  if (!existsSync(file)) return undefined;
  const pid = Number(readOr(file, '').split('\n')[0]);
  return pid > 0 && existsSync(`/proc/${pid}`) ? pid : undefined;
}
