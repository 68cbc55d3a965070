import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real server as its own process (`server/src/main.ts` under tsx), as in
 * production: for browser tests and benchmarks. It reads only the environment
 * given here (a DATABASE_URL of the caller's shell does not leak in). The data
 * folder is a fresh temp folder unless one is given, and is removed on stop then.
 */
export async function spawnServer(env: Record<string, string>, options: { dataDir?: string } = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hotel-server-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', HOTEL_DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Generous: a loaded 2-core machine can take a while to compile and migrate.
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
