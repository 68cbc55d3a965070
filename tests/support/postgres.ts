import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL cluster for the tests, started from the machine's
 * PostgreSQL binaries (Debian's postgresql package) when DATABASE_URL is not given.
 */
export interface Cluster {
  url: string;
  port: number;
  stop(): void;
  /** PostgreSQL's own log so far (e.g. the connections it refused: "sorry, too many clients already"). */
  log(): string;
  /** `pg_ctl restart -m fast`: every connection is ended (57P01), the data stays; resolves when it accepts again. */
  restart(): Promise<void>;
  /** Stops PostgreSQL (fast) but keeps the cluster, for outage tests; `up()` starts it again. */
  down(): Promise<void>;
  up(): Promise<void>;
}

export function findPgBin(): string | undefined {
  const candidates = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (found) return found;
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ClusterOptions {
  /** PostgreSQL's max_connections (300 unless given: the suites open many pools). */
  maxConnections?: number;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package or set DATABASE_URL)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-pg-'));
  const asRoot = process.getuid?.() === 0;
  const command = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
  const run = (cmd: string, args: string[]) => execFileSync(...command(cmd, args), { stdio: 'pipe' });
  // Asynchronous, so a test's own requests keep running while PostgreSQL stops and starts.
  const runAsync = async (cmd: string, args: string[]) => void (await promisify(execFile)(...command(cmd, args)));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  run('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  const startArgs = [
    '-D',
    dir,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${options.maxConnections ?? 300}`,
    '-l',
    path.join(dir, 'log'),
    '-w',
  ];
  run('pg_ctl', [...startArgs, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    log: () => (existsSync(path.join(dir, 'log')) ? readFileSync(path.join(dir, 'log'), 'utf8') : ''),
    restart: () => runAsync('pg_ctl', [...startArgs, '-m', 'fast', 'restart']),
    down: () => runAsync('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']),
    up: () => runAsync('pg_ctl', [...startArgs, 'start']),
    stop() {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
