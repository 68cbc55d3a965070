import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testServerEntry } from '../../support/logged-server';
import { LOCK_SOCKET } from '../../../server/src/db/data-lock';
import { testDbKind } from '../../support/test-server';

/*
 * `npm start` as a service manager or a container runtime runs it: SIGTERM goes to
 * the npm process only. Everything npm started must be gone well within 10 s, and the
 * next start must get the PGlite folder. The tree is what production has after a build:
 * package.json, scripts/, dist-server/ and node_modules, no sources (so nothing is rebuilt).
 */
const repo = process.cwd();
const gone = (state: string | undefined) => state === undefined || state === 'Z';

/** pid → state of every live process in a process group (from /proc). */
function groupMembers(pgid: number): Map<number, string> {
  const members = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && !gone(state)) members.set(Number(name), state);
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Resolves when every process that inherited the child's stdout and stderr is gone (its 'close'
 * event: the last writer of the pipes exited), or rejects after `ms`: what the test waits on
 * instead of polling the process table.
 */
function allGone(child: ChildProcess, ms: number, what: () => string): Promise<void> {
  if (child.stdout?.closed && child.stderr?.closed) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`processes still running ${ms} ms after SIGTERM to npm\n${what()}`)), ms);
    child.once('close', () => {
      clearTimeout(deadline);
      resolve();
    });
  });
}

describe.runIf(testDbKind() === 'pglite')('npm start in a built tree', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hotel-start-'));
  const tree = path.join(scratch, 'app');
  const dataDir = path.join(scratch, 'data');
  const started: ChildProcess[] = [];

  beforeAll(() => {
    mkdirSync(tree);
    cpSync(path.join(repo, 'package.json'), path.join(tree, 'package.json'));
    cpSync(path.join(repo, 'scripts'), path.join(tree, 'scripts'), { recursive: true });
    symlinkSync(realpathSync(path.join(repo, 'node_modules')), path.join(tree, 'node_modules'));
    // The test project's build of this tree (tests/support/server-build-global-setup.ts): the same bundle.
    cpSync(path.dirname(testServerEntry()), path.join(tree, 'dist-server'), { recursive: true });
    // A migrated database to start from: the test is about stopping, not about initdb.
    cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  }, 60_000);

  afterAll(() => {
    for (const child of started) if (child.pid && groupMembers(child.pid).size) process.kill(-child.pid, 'SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', HOTEL_DATA_DIR: dataDir, HOTEL_JWT_SECRET: 'y'.repeat(40), LOG_LEVEL: 'info' };

  /** `npm start` in its own process group (as a service manager starts it), once it says it serves, answering /api/health. */
  async function npmStart() {
    const port = await freePort();
    const npm = spawn('npm', ['start'], { cwd: tree, env: { ...env, PORT: String(port) }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(npm);
    let out = '';
    // The server's own line once its start is over (server/src/main.ts), as spawnServer waits for it.
    await new Promise<void>((resolve, reject) => {
      const read = (c: Buffer) => {
        out += c.toString();
        if (/server at http/.test(out)) resolve();
      };
      npm.stdout!.on('data', read);
      npm.stderr!.on('data', read);
      npm.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    return { npm, port };
  }

  it('stops every process it started within 10 s of SIGTERM to npm, and the next start gets the data folder', async () => {
    const first = await npmStart();
    const pgid = first.npm.pid!;
    const members = groupMembers(pgid);
    expect(members.size, 'npm, its shell and the server').toBeGreaterThanOrEqual(2);

    const signalled = Date.now();
    process.kill(pgid, 'SIGTERM');
    await allGone(first.npm, 10_000, () =>
      [...groupMembers(pgid).keys()].map((pid) => `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`).join('\n'),
    );
    expect([...groupMembers(pgid).keys()]).toEqual([]);
    console.log(`npm start: SIGTERM to npm → all ${members.size} processes gone in ${Date.now() - signalled} ms`);
    // A clean stop leaves no lock socket behind (a killed one leaves a stale socket the next start takes over).
    expect(existsSync(path.join(dataDir, LOCK_SOCKET))).toBe(false);

    const second = await npmStart();
    expect((await fetch(`http://127.0.0.1:${second.port}/api/health`)).status).toBe(200);
    process.kill(second.npm.pid!, 'SIGTERM');
    await allGone(second.npm, 10_000, () => 'the second start did not stop');
    expect([...groupMembers(second.npm.pid!).keys()]).toEqual([]);
  }, 300_000);

  it('backs up and restores the data folder with the built tools (npm run backup / restore)', () => {
    const file = path.join(scratch, 'hotel.tar.gz');
    const npmRun = (...args: string[]) => execFileSync('npm', ['run', '--silent', ...args], { cwd: tree, env, encoding: 'utf8' });
    expect(npmRun('backup', '--', file)).toContain('Backup written');
    expect(statSync(file).size).toBeGreaterThan(1000);
    expect(npmRun('restore', '--', file)).toContain('Restored');
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
  }, 120_000);
});
