import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BENCH_ADMIN = { email: 'admin@bench.hotel', password: 'Bench-Admin-Passw0rd' };

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The server in its own process, as in production, so the load generator and
 * the server do not share one event loop. Rate limits are off: a benchmark
 * sends from one address far faster than any guest.
 */
export async function startServerProcess(options: { databaseUrl?: string; dataDir?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: '0',
    HOST: '127.0.0.1',
    HOTEL_DATA_DIR: dataDir,
    HOTEL_ADMIN_EMAIL: BENCH_ADMIN.email,
    HOTEL_ADMIN_PASSWORD: BENCH_ADMIN.password,
    HOTEL_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    HOTEL_RATE_LIMITS: 'off',
    HOTEL_REQUEST_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /server at (http:\/\/[^\s"]+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  // From here on, drain the pipes so the child never blocks on a full buffer.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
