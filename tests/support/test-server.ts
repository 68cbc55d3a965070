import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../../server/src/config';
import { type RunningServer, startServer } from '../../server/src/server';
import { ApiClient } from './api-client';
import { TestClock } from './test-clock';

export const ADMIN_EMAIL = 'admin@test.hotel';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

export type DbKind = 'pglite' | 'postgres';

/** Which database this test project runs on (set per vitest project). */
export function testDbKind(): DbKind {
  return process.env.HOTEL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A fresh, empty PostgreSQL database on the project's cluster, already migrated when copied
 * from the run's template. Its character type is
 * UTF-8, as a hotel's database is (README), unless a test asks for C, as
 * `initdb --no-locale` makes it.
 */
export async function createPgDatabase({ ctype = 'C.UTF-8' }: { ctype?: 'C' | 'C.UTF-8' } = {}): Promise<string> {
  const base = inject('pgUrl');
  if (!base) throw new Error('no PostgreSQL for this test project');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  // The run's migrated template has the UTF-8 type; a test that asks for C starts from template0.
  const template = ctype === 'C.UTF-8' && inject('pgTemplate') ? inject('pgTemplate') : 'template0';
  await client.query(template === 'template0' ? `create database ${name} template template0 lc_ctype '${ctype}'` : `create database ${name} template ${template}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestServer {
  url: string;
  config: Config;
  api: ApiClient;
  server: RunningServer;
  /** The server's clock: set or advance it to pass a target instead of waiting for it. */
  clock: TestClock;
  /** One escalation tick (escalations due, e-mail retries) and one outbound pass at the clock's time, awaited. */
  tick(): Promise<void>;
  /** Closes the server; the data stays (for restart tests) until cleanup(). */
  close(): Promise<void>;
  cleanup(): Promise<void>;
  adminToken(): Promise<string>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Reuse the database of an earlier server (restart tests). */
  reuse?: { dataDir: string; databaseUrl?: string };
  argv?: string[];
  /** A clock to share (e.g. across a restart); default: a new one at the real time. */
  clock?: TestClock;
}

/** Starts the real server on a random loopback port against a fresh database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = testDbKind();
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hotel-test-'));
  const databaseUrl = options.reuse ? options.reuse.databaseUrl : kind === 'postgres' ? await createPgDatabase() : undefined;
  if (!options.reuse && !databaseUrl) {
    const template = inject('pgliteTemplate');
    if (template && existsSync(template)) cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
  }
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      HOTEL_DATA_DIR: dataDir,
      HOTEL_ADMIN_EMAIL: ADMIN_EMAIL,
      HOTEL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      HOTEL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      // No stop grace: a run closes hundreds of servers (0.5 s each); the shutdown tests spawn real processes.
      HOTEL_CLOSE_GRACE_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    options.argv ?? [],
  );
  const clock = options.clock ?? new TestClock();
  const server = await startServer(config, { logger: false, clock });
  const api = new ApiClient(server.url);
  let token: string | undefined;
  return {
    url: server.url,
    config,
    api,
    server,
    clock,
    tick: async () => {
      await server.escalations.tick(clock.now());
      await server.outbound.runOnce(clock.now());
    },
    close: () => server.close(),
    async cleanup() {
      await server.close();
      if (!options.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
    async adminToken() {
      token ??= await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      return token;
    },
  };
}
