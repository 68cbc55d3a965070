/**
 * Memory of a PGlite server: resident memory (RSS) of the server
 * process after its first start on an empty data folder, after a burst of calls,
 * and the same again after a restart on the now full folder. Run alone with
 * `BENCH_ONLY=memory npm run bench`, or `npx tsx bench/memory.ts` to print only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '../shared/api/paths';
import { load } from './lib/load';
import type { ServerProcess } from './lib/server-process';
import { openApi, withServer } from './lib/with-server';

const BURST_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Memory {
  rss: number;
  peak: number;
}

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

const settle = () => new Promise((r) => setTimeout(r, 2_000));

/** Guests filing requests and staff reading lists at once, for BURST_SECONDS. */
async function burst(server: ServerProcess): Promise<number> {
  const api = await openApi(server);
  let i = 0;
  const guest = () => JSON.stringify(api.guestRequest(++i, 'Memory'));
  const [added, listed] = await Promise.all([
    load({ url: api.url(apiPaths.addRequest), method: 'POST', connections: 20, seconds: BURST_SECONDS, makeBody: guest }),
    load({ url: api.url(`${apiPaths.allRequests}?page=0&pageSize=20`), connections: 5, seconds: BURST_SECONDS, headers: api.auth }),
  ]);
  return Math.round((added.rps + listed.rps) * BURST_SECONDS);
}

export interface MemoryRun {
  firstStart: Memory;
  firstBurst: Memory;
  restart: Memory;
  restartBurst: Memory;
  calls: number;
  startSeconds: number;
}

export async function measureMemory(): Promise<MemoryRun> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-mem-'));
  try {
    // First start: an empty folder (PGlite makes the cluster), with the demo chain.
    const started = performance.now();
    let startSeconds = 0;
    // Signed in only for the bursts: the first reading is of a server that has served nothing.
    const [firstStart, firstBurst, firstCalls] = await withServer({ dataDir, env: { HOTEL_DEMO: '1' }, signIn: false }, async (server) => {
      startSeconds = (performance.now() - started) / 1000;
      await settle();
      const before = memoryOf(server.pid);
      const calls = await burst(server);
      await settle();
      return [before, memoryOf(server.pid), calls] as const;
    });
    const [restart, restartBurst, calls] = await withServer({ dataDir, signIn: false }, async (server) => {
      await settle();
      const before = memoryOf(server.pid);
      const more = await burst(server);
      await settle();
      return [before, memoryOf(server.pid), firstCalls + more] as const;
    });
    return { firstStart, firstBurst, restart, restartBurst, calls, startSeconds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMemory(): Promise<{ title: string; lines: string[] }> {
  const m = await measureMemory();
  const row = (what: string, x: Memory) => `| ${what} | ${x.rss} MiB | ${x.peak} MiB |`;
  return {
    title: 'Server memory on PGlite',
    lines: [
      `Resident memory of the server process (under tsx, as \`npm start\` runs it), 2 s after each step. A burst is ${BURST_SECONDS} s of 20 guests sending AddRequest and 5 staff reading the Guests Requests list (${m.calls} calls in both bursts). First start (empty folder, demo chain) took ${m.startSeconds.toFixed(1)} s.`,
      '',
      '| after | RSS | peak RSS so far |',
      '|---|---|---|',
      row('first start (empty data folder)', m.firstStart),
      row('first start + burst', m.firstBurst),
      row('restart on the same folder', m.restart),
      row('restart + burst', m.restartBurst),
      '',
      'For comparison, before PGlite was sized for one hotel (PGlite defaults: shared_buffers 128 MB, initdb inside the server process), measured the same way on 2026-11-23: first start 535 MiB (peak 875), first start + burst 516, restart 456 (peak 497), restart + burst 499 MiB.',
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchMemory().then(
    (r) => console.log(r.lines.join('\n')),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
