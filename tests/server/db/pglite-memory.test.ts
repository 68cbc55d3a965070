import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { testDbKind } from '../../support/test-server';

/** Resident memory of a process in MiB (Linux /proc). */
const memoryOf = (pid: number, field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/**
 * One hotel PC runs the server on PGlite: its first start on an empty data folder
 * used to hold ~500 MiB (peak ~900) for good, because PGlite's initdb ran a second
 * Postgres inside the server process and Postgres was sized like a shared server.
 * Full figures: bench/memory.ts and docs/benchmarks.md.
 *
 * Measured on the server as a hotel runs it (`npm start` runs the esbuild bundle; the test
 * project's build, as every spawned test server): under tsx the TypeScript loader's own memory
 * (tens of MiB, varying from run to run) would be counted as the product's.
 */
describe.runIf(testDbKind() === 'pglite')('the server on PGlite', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnLoggedServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('holds less than 400 MiB after its first start on an empty data folder', async () => {
    expect((await fetch(new URL(pathOf(endpoints.health), server.url))).status).toBe(200);
    // At once, not after letting it settle (the 2 s bench/memory.ts waits): the start's garbage still counts,
    // so the bound holds for the whole start, up to the first call answered.
    const rss = memoryOf(server.pid, 'VmRSS');
    console.info(`PGlite server, first start: ${Math.round(rss)} MiB resident (peak ${Math.round(memoryOf(server.pid, 'VmHWM'))} MiB)`);
    expect(rss).toBeLessThan(400);
  });
});
