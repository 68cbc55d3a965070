import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './postgres';

const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface Bouncer {
  /** The database through PgBouncer (same name, so its backends' titles name it too). */
  url: string;
  pid: number;
  /** As `pgbouncer --version` prints it, e.g. "PgBouncer 1.18.0". */
  version: string;
  stop(): Promise<void>;
  /** Ends PgBouncer at once (SIGTERM: every client connection is closed), for outage tests; `up()` starts it again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
}

export function hasPgBouncer(): boolean {
  return existsSync(PGBOUNCER);
}

/**
 * PgBouncer (Debian's pgbouncer package) in transaction mode in front of one database (a
 * test cluster's `postgres` on `port`, or any `databaseUrl`): each transaction may run on
 * another server connection, as behind a chain's pooler. `serverConnections` is kept small
 * in tests so that different clients' transactions share them. Trust auth on loopback: it
 * passes the URL's user on, with its password if the URL has one.
 */
export async function startPgBouncer(
  target: { port: number } | { databaseUrl: string },
  { serverConnections = 3 }: { serverConnections?: number } = {},
): Promise<Bouncer> {
  const upstream = new URL('databaseUrl' in target ? target.databaseUrl : `postgres://postgres@127.0.0.1:${target.port}/postgres`);
  const database = upstream.pathname.slice(1);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const password = upstream.password ? ` password=${decodeURIComponent(upstream.password)}` : '';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-pgbouncer-'));
  // PgBouncer drops to the postgres user when started as root: it must read its folder.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  const ini = [
    '[databases]',
    `${database} = host=${upstream.hostname} port=${upstream.port || 5432} dbname=${database} user=${user}${password}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    "unix_socket_dir = ''",
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${serverConnections}`,
    'max_client_conn = 500',
    // The processes' session settings (application_name…) and the driver's startup options.
    'ignore_startup_parameters = extra_float_digits,options',
    // PgBouncer will not run as root: it changes to this user (ignored when not root).
    ...(process.getuid?.() === 0 ? ['user = postgres'] : []),
  ].join('\n');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), `${ini}\n`);
  for (const f of ['users.txt', 'pgbouncer.ini']) chmodSync(path.join(dir, f), 0o644);
  let out = '';
  let child: ChildProcess;
  let exited: Promise<void>;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
  };
  const stop = async () => {
    await end('SIGINT');
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when it says so: it logs "process up" once it listens on its port. Gone first, or silent for 20 s: it did not start.
  const up = async () => {
    const from = out.length;
    child = spawn(PGBOUNCER, [path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c: Buffer) => void (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => void (out += c.toString()));
    exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const started = await new Promise<boolean>((resolve) => {
      const said = () => /process up/.test(out.slice(from)) && done(true);
      const gone = () => done(false);
      const timer = setTimeout(gone, 20_000);
      function done(ok: boolean) {
        clearTimeout(timer);
        child.stdout!.off('data', said);
        child.stderr!.off('data', said);
        child.off('exit', gone);
        resolve(ok);
      }
      child.stdout!.on('data', said);
      child.stderr!.on('data', said);
      child.once('exit', gone);
      said();
    });
    if (!started) {
      await stop();
      throw new Error(`PgBouncer did not start:\n${out}`);
    }
  };
  await up();
  const url = new URL(upstream);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.password = '';
  const version = spawnSync(PGBOUNCER, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].trim();
  return {
    url: url.toString(),
    get pid() {
      return child.pid!;
    },
    version,
    stop,
    down: () => end('SIGTERM'),
    up,
  };
}
