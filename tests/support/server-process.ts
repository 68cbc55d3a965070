import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  dataDir: string;
  pid: number;
  /** Resolves when the process has exited, with its exit code (null if a signal ended it). */
  exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Everything the process wrote to stdout and stderr so far (with `keepLog`). */
  log(): string;
  /** Resolves once the output (with `keepLog`) has a line matching `pattern`: what a test waits for instead of sleeping. */
  logged(pattern: RegExp): Promise<void>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  dataDir?: string;
  /** Keep the process's output for `log()` (tests that read the log); otherwise it is drained and dropped. */
  keepLog?: boolean;
  /**
   * Run the built server (dist-server/main.js, made by `npm run build`) when it is newer
   * than every source it was made from: it starts in a fraction of tsx's time, which
   * counts when every browser spec starts its own server. Stale or missing: the sources under tsx.
   */
  useBuild?: boolean;
  /** Run this built entry (a `main.js` made by scripts/build-server.mjs) instead. */
  entry?: string;
  /** Flags for node itself (e.g. --cpu-prof, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** Keep the data folder at stop (a made folder is removed by default; a given one is kept by default). */
  keepDataDir?: boolean;
  /** Remove the given data folder at stop too (a copy made for this server). */
  removeDataDir?: boolean;
  /**
   * Stop with SIGKILL: for a server whose folder is thrown away at stop (a browser spec's copy), where
   * a clean stop only waits on PGlite's checkpoint (10–14 s after demo-history.spec on CI).
   */
  killAtStop?: boolean;
  /**
   * Resolve as soon as the server listens (Fastify's "Server listening at" line), before its start
   * is over (first admin, seeds); by default once the start is done ("… server at <url>").
   */
  untilListening?: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT_SERVER = path.join(ROOT, 'dist-server/main.js');

function newestFile(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether dist-server/main.js exists and no file of server/src or shared/ changed after it was built. */
export function builtServerIsFresh(): boolean {
  if (!existsSync(BUILT_SERVER)) return false;
  const built = statSync(BUILT_SERVER).mtimeMs;
  return ['server/src', 'shared'].every((dir) => newestFile(path.join(ROOT, dir)) <= built);
}

/**
 * The real server as its own process (`server/src/main.ts` under tsx, or the build with
 * `useBuild`), as in production: for browser tests and benchmarks. It reads only the environment
 * given here (a DATABASE_URL of the caller's shell does not leak in). The data
 * folder is a fresh temp folder unless one is given, and is removed on stop then.
 */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hotel-server-'));
  const entry = options.entry ? [options.entry] : options.useBuild && builtServerIsFresh() ? [BUILT_SERVER] : ['--import', 'tsx', 'server/src/main.ts'];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: '0',
      HOST: '127.0.0.1',
      HOTEL_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Cheap password hashes (tests only; see password.ts): a run signs in thousands of times.
      NODE_ENV: 'test',
      HOTEL_TEST_FAST_HASH: '1',
      // The test run's statement log (server/src/db/statement-log.ts), when it keeps one.
      ...(process.env.HOTEL_TEST_SQL_LOG ? { HOTEL_TEST_SQL_LOG: process.env.HOTEL_TEST_SQL_LOG } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const watchers = new Set<{ pattern: RegExp; resolve: () => void }>();
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of watchers) {
      if (!w.pattern.test(out)) continue;
      watchers.delete(w);
      w.resolve();
    }
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a loaded 2-core machine can take a while to compile and migrate.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 180_000);
    const onData = () => {
      const match = (options.untilListening ? /Server listening at (http:\/\/[^\s"]+)/ : /server at (http:\/\/[^\s"]+)/).exec(out);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  if (!options.keepLog) {
    // From here on, drain the pipes so the child never blocks on a full buffer.
    child.stdout!.off('data', collect).resume();
    child.stderr!.off('data', collect).resume();
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    log: () => out,
    logged: (pattern) =>
      pattern.test(out)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            watchers.add({ pattern, resolve });
            void exited.then((code) => reject(new Error(`server exited with ${code} before logging ${pattern}:\n${out}`)));
          }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(options.killAtStop ? 'SIGKILL' : 'SIGTERM');
        await exited;
      }
      const remove = options.dataDir ? options.removeDataDir === true : options.keepDataDir !== true;
      if (remove) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
