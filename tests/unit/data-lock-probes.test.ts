import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { LOCK_SOCKET, lockDataDir } from '../../server/src/db/data-lock';

/** The lock holder's side of each connection, as node:net gives it: how many it took, how many have closed since. */
const holder = vi.hoisted(() => ({ closed: 0, onClose: () => {} }));
vi.mock('node:net', async (importOriginal) => {
  const net = await importOriginal<typeof import('node:net')>();
  const createServer = ((...args: Parameters<typeof net.createServer>) =>
    net.createServer(...args).on('connection', (peer) =>
      peer.on('close', () => {
        holder.closed++;
        holder.onClose();
      }),
    )) as typeof net.createServer;
  return { ...net, createServer };
});

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
    // The holder has written its answer to each and seen each connection end (an EPIPE comes before that).
    await new Promise<void>((resolve) => {
      holder.onClose = () => holder.closed >= 200 && resolve();
      holder.onClose();
    });
    expect(errors).toEqual([]);
    // Still the holder: the folder is refused to anyone else.
    await expect(lockDataDir(dataDir)).rejects.toThrow(/Another server/);
  } finally {
    process.off('uncaughtException', onError);
    unlock();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
