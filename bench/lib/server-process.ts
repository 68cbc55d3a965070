import { spawnSync } from 'node:child_process';
import { type ServerProcess, builtServerIsFresh, spawnServer } from '../../tests/support/server-process';

export const BENCH_ADMIN = { email: 'admin@bench.hotel', password: 'Bench-Admin-Passw0rd' };
export type { ServerProcess };

/**
 * The server in its own process, so the load generator and the server do not
 * share one event loop. Rate limits are off: a benchmark sends from one address
 * far faster than any guest.
 */
export function startServerProcess(options: { databaseUrl?: string; dataDir?: string; env?: Record<string, string>; nodeArgs?: string[]; entry?: string } = {}): Promise<ServerProcess> {
  return spawnServer(
    {
      HOTEL_ADMIN_EMAIL: BENCH_ADMIN.email,
      HOTEL_ADMIN_PASSWORD: BENCH_ADMIN.password,
      HOTEL_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      HOTEL_RATE_LIMITS: 'off',
      HOTEL_REQUEST_RATE_LIMIT: '0',
      NODE_ENV: 'production',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    { dataDir: options.dataDir, useBuild: true, nodeArgs: options.nodeArgs, entry: options.entry },
  );
}

/**
 * Builds the server (`npm run build:server`) unless dist-server is newer than its sources: the
 * benches that read CPU per call run the build, as in production; tsx would cost far more per call.
 */
export function ensureBuiltServer(): void {
  if (builtServerIsFresh()) return;
  console.log('  building the server (npm run build:server) …');
  const built = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:server failed');
}
