import { inject } from 'vitest';
import { type ServerProcess, type SpawnOptions, spawnServer } from './server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase, testDbKind } from './test-server';

/** The test project's built server (tests/support/server-build-global-setup.ts): spawned tests run it, never tsx. */
export const testServerEntry = (): string => inject('serverEntry');

/** The server as its own process on this project's database (or env's DATABASE_URL), with its log kept. */
export async function spawnLoggedServer(env: Record<string, string> = {}, options: Pick<SpawnOptions, 'dataDir' | 'entry' | 'untilListening'> = {}): Promise<ServerProcess> {
  return spawnServer(
    {
      HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
      HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      HOTEL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'info',
      ...(testDbKind() === 'postgres' && !env.DATABASE_URL ? { DATABASE_URL: await createPgDatabase() } : {}),
      ...env,
    },
    { entry: testServerEntry(), ...options, keepLog: true },
  );
}

/** The JSON lines of a pino log (other lines, such as the start banner, are skipped). */
export function logLines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
