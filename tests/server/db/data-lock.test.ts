import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCK_SOCKET } from '../../../server/src/db/data-lock';
import { testServerEntry } from '../../support/logged-server';
import { type ServerProcess, spawnServer } from '../../support/server-process';
import { testDbKind } from '../../support/test-server';

/** Linux's largest process number: no process has it, in this namespace or any. */
const NO_SUCH_PID = 4_194_304;

const ENV = { HOTEL_JWT_SECRET: 'x'.repeat(40), HOTEL_ADMIN_PASSWORD: 'Quiet-harbour-lantern-58' };

/** The test project's built command-line tools, beside its built server (never tsx: 3.5-4 CPU-s a start). */
const built = (name: 'main' | 'backup') => path.join(path.dirname(testServerEntry()), `${name}.js`);

const backup = (dataDir: string, file: string) =>
  promisify(execFile)(process.execPath, [built('backup'), file], {
    env: { PATH: process.env.PATH, HOTEL_DATA_DIR: dataDir, HOTEL_JWT_SECRET: ENV.HOTEL_JWT_SECRET },
    encoding: 'utf8',
  });

/**
 * The PGlite folder's lock holds against processes that cannot see the holder's process
 * number (another container: another PID namespace on the same volume). Such a process
 * sees the number as gone, as this test makes every process see it by writing one that
 * no process has where a process number was trusted before.
 */
describe.runIf(testDbKind() === 'pglite')('the PGlite data folder lock across process namespaces', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-lock-'));
  // The migrated template: the lock is not about the first start (a fresh folder costs initdb and every migration, ≈ 11 CPU-s).
  if (testDbKind() === 'pglite') cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  const started: ServerProcess[] = [];
  /** The server that holds the folder at the end of the first test: the second test's holder too. */
  let holder: ServerProcess | undefined;
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    const server = await spawnServer(ENV, { dataDir, keepLog: true, entry: testServerEntry() });
    started.push(server);
    return server;
  };
  const healthy = async (server: ServerProcess) => (await fetch(new URL('/api/health', server.url))).status;

  it('refuses a second server and a backup while the first lives, keeps its lock, and frees the folder when it is killed', async () => {
    const first = await start();
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(true);

    // What a process in another namespace makes of the holder's number: no such process.
    writeFileSync(path.join(dataDir, 'server.lock'), String(NO_SUCH_PID));
    await expect(start()).rejects.toThrow(/Another server .* is using the data folder/);

    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tar.gz`);
    try {
      await expect(backup(dataDir, file)).rejects.toThrow(/Another server .*A backup of PGlite needs the server stopped/s);
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(file, { force: true });
    }
    // The lock survived the backup: still no second server, and the first still answers.
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(true);
    await expect(start()).rejects.toThrow(/Another server/);
    expect(await healthy(first)).toBe(200);

    // Killed outright: no cleanup ran, the socket file stays, but nobody listens on it.
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    holder = await start();
    expect(await healthy(holder)).toBe(200);
  }, 300_000);

  /** Whether this machine lets the test make a PID namespace (root, util-linux's unshare). */
  const namespaces = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

  it.runIf(namespaces)('holds against a server and a backup started in another PID namespace (a second container on the volume)', async () => {
    expect(holder, 'the first test left a server holding the folder').toBeDefined();
    const inNamespace = (args: string[]) =>
      promisify(execFile)('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, ...args], {
        env: { PATH: process.env.PATH, HOTEL_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...ENV },
        encoding: 'utf8',
        timeout: 120_000,
      });
    await expect(inNamespace([built('main')])).rejects.toThrow(/Another server .* is using the data folder/);
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-ns-backup.tar.gz`);
    try {
      await expect(inNamespace([built('backup'), file])).rejects.toThrow(/A backup of PGlite needs the server stopped/);
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(file, { force: true });
    }
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(true);
    expect(await healthy(holder!)).toBe(200);
  }, 300_000);
});
