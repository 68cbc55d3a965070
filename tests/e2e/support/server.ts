import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_SOCKET } from '../../../server/src/db/data-lock';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { OVERRIDABLE } from '../../../server/src/testing/overridable';

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
 * The real server for a spec file, serving the built clients from dist/ (and the built server, dist-server/,
 * when `npm run build` made a fresh one). Always PGlite: the browser tests are about the clients.
 *
 * A demo server is the Playwright worker's own (sharedServer), put back to the seeded chain before each spec
 * (POST /reset on its control port: every table as it was, a new app instance with the spec's settings);
 * `stop` leaves it running for the next spec. A spec that needs what a reset cannot give (the demo's thirty
 * days of history, an empty database, settings outside OVERRIDABLE) gets a process of its own, started from
 * a copy of the run's seeded folder (global-setup.ts) when it is a demo.
 */
export async function startE2EServer(options: E2EServerOptions = {}): Promise<E2EServer> {
  if (options.demo && !options.demoHistory && Object.keys(options.env ?? {}).every((key) => OVERRIDABLE.has(key))) {
    const url = await (await sharedServer()).reset(options.env ?? {});
    return { url, stop: async () => undefined };
  }
  return ownServer(options);
}

async function ownServer(options: E2EServerOptions, extra: Record<string, string> = {}): Promise<ServerProcess> {
  const template = options.demo && !options.demoHistory ? process.env.HOTEL_E2E_DEMO_TEMPLATE : undefined;
  let dataDir: string | undefined;
  if (template) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-server-'));
    copyFolder(template, dataDir);
  }
  return spawnServer({ ...demoServerEnv(options), ...options.env, ...extra }, { useBuild: true, dataDir, removeDataDir: true, killAtStop: true });
}

interface SharedServer {
  /** Puts the data back and starts a new app instance with `env` on top; answers its address. */
  reset(env: Record<string, string>): Promise<string>;
}

let shared: Promise<SharedServer> | undefined;

/** This worker's demo server: started at its first spec, stopped when the worker ends. */
function sharedServer(): Promise<SharedServer> {
  return (shared ??= (async () => {
    const server = await ownServer({ demo: true }, { HOTEL_TEST_RESET: '1' });
    // A worker ends by exiting: its server goes with it (a killed worker's too, as the folder is a copy).
    process.once('exit', () => {
      if (server.alive()) process.kill(server.pid, 'SIGKILL');
      rmSync(server.dataDir, { recursive: true, force: true });
    });
    const control = /test control at (http:\/\/[^\s"]+)/.exec(server.log())?.[1];
    if (!control) throw new Error(`the shared server named no control address:\n${server.log()}`);
    return {
      async reset(env) {
        const res = await fetch(`${control}/reset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ env }) });
        const answer = (await res.json()) as { url?: string; message?: string; ms?: Record<string, number> };
        if (res.status !== 200 || !answer.url) throw new Error(`reset refused (${res.status}): ${answer.message}`);
        const ms = answer.ms ?? {};
        // A reset takes ≈ 0.5 s; a slow one says where its time went (the last spec's stop, the data, the start).
        if (Object.values(ms).reduce((a, b) => a + b, 0) > 2_000) process.stderr.write(`slow test reset: ${JSON.stringify(ms)}\n`);
        return answer.url;
      },
    };
  })());
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
