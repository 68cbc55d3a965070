import { copyFileSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_SOCKET } from '../../../server/src/db/data-lock';
import { spawnServer } from '../../support/server-process';

export const E2E_ADMIN = { email: 'admin@e2e.hotel', password: 'E2e-Admin-Passw0rd' };

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

export interface E2EServerOptions {
  demo?: boolean;
  demoHistory?: boolean;
  env?: Record<string, string>;
}

/** What a browser test's server is started with, before the spec's own settings. */
export function demoServerEnv(options: E2EServerOptions): Record<string, string> {
  return {
    HOTEL_ADMIN_EMAIL: E2E_ADMIN.email,
    HOTEL_ADMIN_PASSWORD: E2E_ADMIN.password,
    // A stop answers nothing more: each spec's server is stopped once, with its page closed.
    HOTEL_CLOSE_GRACE_MS: '0',
    // The demo's thirty days of requests only when asked: most specs count what they make themselves.
    ...(options.demo ? { HOTEL_DEMO: '1', HOTEL_DEMO_HISTORY: options.demoHistory ? '1' : '0' } : {}),
  };
}

/**
 * The real server in its own process on a free port with its own PGlite folder,
 * serving the built clients from dist/; the built server too when `npm run build` made a
 * fresh one (dist-server/). Always PGlite: the browser tests are about the clients. A demo
 * server without the history starts from a copy of the run's seeded folder (global-setup.ts):
 * the demo seed only adds what is missing, so the copy is the same chain a fresh start makes.
 */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  const template = options.demo && !options.demoHistory ? process.env.HOTEL_E2E_DEMO_TEMPLATE : undefined;
  let dataDir: string | undefined;
  if (template) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-server-'));
    copyFolder(template, dataDir);
  }
  return spawnServer({ ...demoServerEnv(options), ...options.env }, { useBuild: true, dataDir, removeDataDir: true });
}

/**
 * The seeded folder copied file by file (about 1,400 files, 43 MB): 75 ms where Node 20's cpSync, which
 * stats every path several times, took 450–650 ms and half a CPU-second, at every spec's start. The lock's
 * socket stays behind: it belongs to the template's process.
 */
export function copyFolder(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === LOCK_SOCKET) continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyFolder(source, path.join(to, entry.name));
    else if (entry.isFile()) copyFileSync(source, path.join(to, entry.name));
  }
}
