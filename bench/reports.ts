import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { apiPaths } from '../shared/api/paths';
import { openDatabase } from '../server/src/db/client';
import { type LoadResult, load, ms, postJson } from './lib/load';
import { BENCH_ADMIN, startServerProcess } from './lib/server-process';
import { seedRequests } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);

/**
 * The bench requests carry statuses but no history: give every moved line an
 * acknowledgement (5–64 min), a worker of its department, a completion (20–259 min)
 * or a rejection, and every Completed request a rating, so the percentiles have work to do.
 */
export async function addHistory(target: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.db.execute(sql`
      update request_lines l set
        assigned_at = case when l.status <> 'Open' then l.created_at + ((5 + l.id % 60) || ' minutes')::interval end,
        worker_id = case when l.status in ('Assigned', 'Completed') then (select w.id from workers w where w.department_id = l.department_id order by w.id limit 1) end,
        completed_at = case when l.status = 'Completed' then l.created_at + ((20 + l.id % 240) || ' minutes')::interval end,
        rejected_at = case when l.status = 'Rejected' then l.created_at + ((10 + l.id % 30) || ' minutes')::interval end`);
    await database.db.execute(sql`
      update requests set rating = 1 + seq % 10, review = 'Bench review', reviewed_at = created_at + interval '5 hours'
      where status = 'Completed'`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

interface Run {
  db: string;
  byDepartment: LoadResult;
  byDay: LoadResult;
  byWorker: LoadResult;
  feedback: LoadResult;
  roomHistory: LoadResult;
}

async function runOne(db: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-rep-'));
  console.log(`  seeding ${REQUESTS} requests with history on ${db} …`);
  await seedRequests({ databaseUrl, dataDir }, REQUESTS);
  await addHistory({ databaseUrl, dataDir });
  const server = await startServerProcess({ databaseUrl, dataDir });
  try {
    const u = (p: string) => `${server.url}${p}`;
    const { accessToken: token } = await postJson(u(apiPaths.login), BENCH_ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    // The Monday report: the last 30 days (of 100,000 requests spread over ~70).
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const period = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
    const report = (query: string) => load({ url: `${u(apiPaths.serviceLevels)}?${period}&${query}`, connections: 1, seconds: SECONDS, headers });
    const get = async (p: string) => (await fetch(u(p), { headers })).json();
    const [hotel] = (await get(apiPaths.generateHotels)) as { id: number }[];
    const rooms = (await get(`${apiPaths.generateRooms}?hotelId=${hotel.id}`)) as { id: number }[];
    return {
      db,
      byDepartment: await report('groupBy=department'),
      byDay: await report('groupBy=day&timeZone=Asia%2FRiyadh'),
      byWorker: await report('groupBy=worker'),
      feedback: await load({ url: `${u(apiPaths.guestFeedback)}?${period}&maxRating=3`, connections: 1, seconds: SECONDS, headers }),
      roomHistory: await load({ url: `${u(apiPaths.roomHistory)}?roomId=${rooms[0].id}`, connections: 1, seconds: SECONDS, headers }),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReports({ pgUrl }: { pgUrl: () => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const runs: Run[] = [];
  if (process.env.BENCH_REPORTS_PGLITE !== 'off') runs.push(await runOne('PGlite'));
  const url = await pgUrl();
  if (url) runs.push(await runOne('PostgreSQL', url));
  const row = (name: string, r: LoadResult) => `| ${name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx} |`;
  const lines = [
    `With ${REQUESTS.toLocaleString('en')} requests (two lines each, with acknowledgement, completion and rating history) in the database; one client at a time, the last 30 days.`,
    '',
    '| call | requests/s | p50 | p99 | non-2xx |',
    '|---|---|---|---|---|',
  ];
  for (const r of runs) {
    lines.push(row(`ServiceLevels by department (${r.db})`, r.byDepartment));
    lines.push(row(`ServiceLevels by day, Asia/Riyadh (${r.db})`, r.byDay));
    lines.push(row(`ServiceLevels by worker (${r.db})`, r.byWorker));
    lines.push(row(`GuestFeedback, ratings 1–3 (${r.db})`, r.feedback));
    lines.push(row(`RoomHistory, one room (${r.db})`, r.roomHistory));
  }
  return { title: 'Reports', lines };
}
