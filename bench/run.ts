/**
 * `npm run bench`: every benchmark, printed as it goes and written to
 * docs/benchmarks.md. Servers run in their own processes on loopback; PostgreSQL
 * is DATABASE_URL or a throwaway cluster. BENCH_ONLY=api,requests,… picks sections.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { type ApiBench, benchApi, benchPasswordHash } from './api';
import { type Cluster, createDatabase, findPgBin, startCluster } from './lib/postgres';
import { ms } from './lib/load';

type Section = { title: string; lines: string[] };
const sections: Section[] = [];
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (name: string) => !only || only.includes(name);

function section(title: string, lines: string[]): void {
  sections.push({ title, lines });
  console.log(`\n## ${title}\n${lines.join('\n')}`);
}

async function main(): Promise<void> {
  let cluster: Cluster | undefined;
  let pgBase = process.env.DATABASE_URL;
  if (!pgBase && findPgBin()) {
    cluster = await startCluster();
    pgBase = cluster.url;
  }
  const pgUrl = async (prefix?: string) => (pgBase ? createDatabase(pgBase, prefix) : undefined);
  try {
    if (wanted('api')) {
      const runs: ApiBench[] = [await benchApi('PGlite')];
      const url = await pgUrl();
      if (url) runs.push(await benchApi('PostgreSQL', url));
      const row = (name: string, r: { rps: number; p50: number; p99: number; non2xx: number }) =>
        `| ${name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx} |`;
      const lines = ['| call | requests/s | p50 | p99 | non-2xx |', '|---|---|---|---|---|'];
      for (const r of runs) {
        lines.push(row(`Login, 20 concurrent (${r.db})`, r.login));
        lines.push(row(`GetAllHotels, 1,000 hotels, 20 concurrent (${r.db})`, r.hotels));
        lines.push(row(`GetAllHotels, Brotli (accept-encoding as a browser sends it) (${r.db})`, r.hotelsCompressed));
        lines.push(row(`GetAllHotels, If-None-Match → 304 (${r.db})`, r.hotelsNotModified));
        lines.push(row(`AddCompany, 20 concurrent (${r.db})`, r.addCompany));
      }
      const hash = await benchPasswordHash();
      lines.push('', `Password hash (scrypt N=2^15, r=8, p=1, 32 MiB): ${ms(hash.verifyMs)} per login verification, ${ms(hash.hashMs)} per new hash.`);
      section('Server API', lines);
    }
    for (const [name, file, fn] of [
      ['requests', './requests.ts', 'benchRequests'],
      ['cpu', './cpu.ts', 'benchCpu'],
      ['guest', './guest-web.ts', 'benchGuestWeb'],
      ['admin', './admin.ts', 'benchAdmin'],
      ['reports', './reports.ts', 'benchReports'],
      ['memory', './memory.ts', 'benchMemory'],
      ['sla', './sla.ts', 'benchSla'],
      ['pglite-thread', './pglite-thread.ts', 'benchPgliteThread'],
      ['work', './work-app.ts', 'benchWorkApp'],
      ['webhooks', './webhooks.ts', 'benchWebhooks'],
      ['routing', './routing.ts', 'benchRouting'],
      ['scale', './scale-out.ts', 'benchScaleOut'],
    ] as const) {
      if (!wanted(name) || !existsSync(new URL(file, import.meta.url))) continue;
      const mod = await import(file);
      const result: { title: string; lines: string[] } = await mod[fn]({ pgUrl });
      section(result.title, result.lines);
    }
  } finally {
    cluster?.stop();
  }

  const header = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.
Servers run in their own process on loopback with rate limits off; the load generator (autocannon) shares the same 2 cores,
so every figure is a lower bound for a real server PC. PostgreSQL runs with fsync off (a throwaway cluster).
`;
  // Sections measured now replace their old text; the others are kept.
  const previous = existsSync('docs/benchmarks.md') ? readFileSync('docs/benchmarks.md', 'utf8').split(/\n(?=## )/).slice(1) : [];
  const kept = previous.filter((block) => !sections.some((s) => block.startsWith(`## ${s.title}\n`)));
  const fresh = sections.map((s) => `## ${s.title}\n\n${s.lines.join('\n')}\n`);
  writeFileSync('docs/benchmarks.md', [header, ...kept.map((b) => b.trimEnd() + '\n'), ...fresh].join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
