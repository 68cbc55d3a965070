import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@e2e.hotel', password: 'E2e-Admin-Passw0rd' };

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as its own process (`tsx server/src/main.ts`) on a free
 * port with a fresh PGlite folder, serving the built clients from dist/.
 * Always PGlite: the browser tests are about the clients.
 */
export async function startE2EServer(options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<E2EServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-e2e-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: '0',
    HOST: '127.0.0.1',
    HOTEL_DATA_DIR: dataDir,
    HOTEL_ADMIN_EMAIL: E2E_ADMIN.email,
    HOTEL_ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'info',
    ...(options.demo ? { HOTEL_DEMO: '1' } : {}),
    ...options.env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 180_000);
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
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
