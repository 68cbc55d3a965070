import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '../shared/api/paths';
import { ms, percentile, postJson } from './lib/load';
import { BENCH_ADMIN, startServerProcess } from './lib/server-process';
import { seedRequests } from './seed';

const REQUESTS = 20_000;
const SECONDS = 15;
const READERS = 4;

/**
 * PGlite and the server's thread: /api/health (one `select 1`) and a call without the
 * database (/robots.txt), each sent one at a time every 50 ms, while staff read lists
 * of 20,000 requests without pause. A quiet run first gives the baseline.
 */
export async function benchPgliteThread(): Promise<{ title: string; lines: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-thread-'));
  try {
    await seedRequests({ dataDir }, REQUESTS);
    const server = await startServerProcess({ dataDir });
    try {
      const u = (p: string) => new URL(p, server.url).toString();
      const { accessToken: token } = await postJson(u(apiPaths.login), BENCH_ADMIN);
      const probe = async (url: string, until: () => boolean) => {
        const times: number[] = [];
        while (!until()) {
          const sent = performance.now();
          const res = await fetch(url);
          await res.arrayBuffer();
          times.push(performance.now() - sent);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return times.sort((a, b) => a - b);
      };
      const measure = async (withReads: boolean) => {
        const end = Date.now() + SECONDS * 1000;
        const until = () => Date.now() > end;
        let reads = 0;
        const readers = withReads
          ? Array.from({ length: READERS }, async (_, i) => {
              const sorts = ['', '&sort=custName&order=asc', '&search=Guest%201', '&order=asc'];
              while (!until()) {
                const res = await fetch(`${u(apiPaths.allRequests)}?page=0&pageSize=100${sorts[i % sorts.length]}`, { headers: { authorization: `Bearer ${token}` } });
                if (!res.ok) throw new Error(`GetAllRequests: ${res.status} ${await res.text()}`);
                await res.arrayBuffer();
                reads++;
              }
            })
          : [];
        const [health, robots] = await Promise.all([probe(u(apiPaths.health), until), probe(u('/robots.txt'), until), ...readers]);
        return { health, robots, reads };
      };
      const quiet = await measure(false);
      const busy = await measure(true);
      const row = (name: string, t: number[]) => `| ${name} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 99))} | ${ms(t[t.length - 1])} |`;
      return {
        title: 'PGlite off the server thread',
        lines: [
          `${REQUESTS.toLocaleString('en')} requests; ${READERS} staff reading GetAllRequests (100 a page) without pause: ${busy.reads} reads in ${SECONDS} s.`,
          '',
          '| call, one every 50 ms | p50 | p99 | max |',
          '|---|---|---|---|',
          row('/api/health, quiet', quiet.health),
          row('/api/health, while lists are read', busy.health),
          row('/robots.txt (no database), quiet', quiet.robots),
          row('/robots.txt (no database), while lists are read', busy.robots),
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
