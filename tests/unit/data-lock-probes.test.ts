import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LOCK_SOCKET, lockDataDir } from '../../server/src/db/data-lock';

it('the PGlite lock holder survives probers that hang up before its answer (no EPIPE crash)', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-lock-probe-'));
  const unlock = await lockDataDir(dataDir);
  const errors: unknown[] = [];
  const onError = (error: unknown) => errors.push(error);
  process.on('uncaughtException', onError);
  try {
    // Each prober closes at once, as a process killed mid-probe does (a Unix socket cannot be reset).
    await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(path.join(dataDir, LOCK_SOCKET), () => socket.destroy());
            socket.on('error', () => undefined);
            socket.on('close', () => resolve());
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(errors).toEqual([]);
    // Still the holder: the folder is refused to anyone else.
    await expect(lockDataDir(dataDir)).rejects.toThrow(/Another server/);
  } finally {
    process.off('uncaughtException', onError);
    unlock();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
