import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedRequests } from './seed';

/**
 * Seeds an existing PostgreSQL database with the bench's requests, for looking at plans
 * by hand: `DATABASE_URL=postgres://…/scale_1m npx tsx bench/seed-database.ts 1000000`.
 */
const databaseUrl = process.env.DATABASE_URL;
const count = Number(process.argv[2] ?? 100_000);
if (!databaseUrl || !Number.isInteger(count) || count < 0) {
  console.error('usage: DATABASE_URL=postgres://… npx tsx bench/seed-database.ts <requests>');
  process.exit(2);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-seed-'));
const started = performance.now();
try {
  await seedRequests({ databaseUrl, dataDir }, count);
  console.log(`seeded ${count.toLocaleString('en')} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
