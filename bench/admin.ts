/**
 * The admin app against a large database (`npx tsx bench/admin.ts`, or bench/run.ts):
 * login to a usable Guests Requests list with 100,000 requests, a guest's AddRequest to
 * its row on an open staff list (p50/p99 over 50 submits), login to a usable Rooms list
 * with 5,000 rooms, and the gzip JS size of the first view. Needs `npx vite build`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { openDatabase } from '../server/src/db/client';
import { ms, percentile, postJson } from './lib/load';
import { BENCH_ADMIN, startServerProcess } from './lib/server-process';
import { seedRequests } from './seed';

const DIST = path.resolve(import.meta.dirname, '../dist/renderer');
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 100_000);
const ROOMS = 5_000;
const SUBMITS = Number(process.env.BENCH_ADMIN_SUBMITS ?? 50);
const RUNS = 3;

/** Gzip size of the scripts index.html loads up front (lazy chunks such as exceljs are not among them). */
export function adminFirstViewJs(dist = DIST): { bytes: number; files: string[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
  return { bytes, files };
}

/** Rooms numbered R0001… in the first hotel, straight into the database like the requests. */
async function seedRooms(target: { databaseUrl?: string; dataDir: string }, count: number): Promise<void> {
  const database = await openDatabase(target);
  try {
    await database.db.execute(sql`
      insert into rooms (hotel_id, number, use_type_id, room_type_id)
      select (select min(id) from hotels), 'R' || lpad(g::text, 5, '0'), (select min(id) from use_types), (select min(id) from room_types)
      from generate_series(1, ${count}) g`);
  } finally {
    await database.close();
  }
}

/** Median ms from pressing Login to the list at `listPath` showing its first row. */
async function loginToList(browser: Browser, base: string, listPath: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await page.goto(`${base}/Admin/Login`);
    await page.waitForLoadState('networkidle');
    // Typed as a person types (a key every 80 ms, about 3 s in all): the page fetches the
    // first screens from the first keystroke on.
    await page.getByLabel('Email').pressSequentially(BENCH_ADMIN.email, { delay: 80 });
    await page.getByLabel('Password').pressSequentially(BENCH_ADMIN.password, { delay: 80 });
    const start = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/Admin\/Home$/);
    // The user then opens the list from the menu: a client-side navigation, as in the app.
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, listPath);
    await page.locator('.ag-row').first().waitFor({ timeout: 120_000 });
    times.push(Date.now() - start);
    await context.close();
  }
  return times;
}

/**
 * In the page: resolves with Date.now() once a grid cell reads `text` (the name cell may end
 * in the space before its checked-out badge). A string, so the
 * bundler's helpers (tsx names functions with __name) never reach the page.
 */
const WAIT_FOR_CELL = `(text) => new Promise((resolve, reject) => {
  const found = () => [...document.querySelectorAll('.ag-cell')].some((cell) => cell.textContent.trim() === text);
  if (found()) return resolve(Date.now());
  const observer = new MutationObserver(() => {
    if (!found()) return;
    observer.disconnect();
    resolve(Date.now());
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => reject(new Error('no row for ' + text)), 30000);
})`;

/** ms from sending AddRequest to its row on an open Guests Requests screen, per submit. */
async function liveRow(page: Page, base: string, hotelId: number, roomId: number, serviceId: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SUBMITS; i++) {
    const name = `Live guest ${Date.now()}-${i}`;
    // Watched inside the page: Playwright's role locator polls the accessibility tree of
    // the whole grid on every frame, which costs the page hundreds of ms per submit.
    const seen = page.evaluate(`(${WAIT_FOR_CELL})(${JSON.stringify(name)})`) as Promise<number>;
    const start = Date.now();
    await postJson(`${base}/api/Request/AddRequest?lang=en`, {
      custName: name,
      custEmail: 'live@example.com',
      custPhone: '+966 55 123 4567',
      hotelId,
      roomId,
      note: '',
      services: [{ serviceId, note: '' }],
    });
    times.push((await seen) - start);
  }
  return times;
}

async function runOne(label: string, databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-bench-admin-'));
  console.log(`  seeding ${REQUESTS} requests and ${ROOMS} rooms on ${label} …`);
  await seedRequests({ databaseUrl, dataDir }, REQUESTS);
  await seedRooms({ databaseUrl, dataDir }, ROOMS);
  const server = await startServerProcess({ databaseUrl, dataDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const requestList = await loginToList(browser, server.url, '/Admin/ServiceManagement/RequestList');
    const roomList = await loginToList(browser, server.url, '/Admin/BasicData/Room');

    const [hotel] = await (await fetch(`${server.url}/api/BasicData/GenerateHotels?lang=en`)).json();
    const [room] = await (await fetch(`${server.url}/api/BasicData/GenerateRooms?lang=en&hotelId=${hotel.id}`)).json();
    const groups = await (await fetch(`${server.url}/api/BasicData/GenerateServices?lang=en`)).json();
    const service = groups.flatMap((g: { services: { id: number; name: string }[] }) => g.services).find((s: { name: string }) => s.name !== 'Special Request');

    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/Admin/Login`);
    await page.getByLabel('Email').fill(BENCH_ADMIN.email);
    await page.getByLabel('Password').fill(BENCH_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/Admin\/Home$/);
    await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
    await page.locator('.ag-row').first().waitFor({ timeout: 120_000 });
    await page.getByTestId('live-state').filter({ hasText: 'Live' }).waitFor();
    const live = (await liveRow(page, server.url, hotel.id, room.id, service.id)).sort((a, b) => a - b);
    await context.close();
    return { label, requestList, roomList, live };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchAdmin({ pgUrl }: { pgUrl: () => Promise<string | undefined> }): Promise<{ title: string; lines: string[] }> {
  const size = adminFirstViewJs();
  const url = await pgUrl();
  const run = await runOne(url ? 'PostgreSQL' : 'PGlite', url);
  const lines = [
    `Database: ${run.label}, ${REQUESTS.toLocaleString('en')} requests (two lines each), ${ROOMS.toLocaleString('en')} extra rooms; Chromium on this machine, median of ${RUNS}.`,
    '',
    '| measure | result | aim |',
    '|---|---|---|',
    `| Login → usable Guests Requests list | ${ms(median(run.requestList))} (runs: ${run.requestList.join(', ')} ms) | < 1 s |`,
    `| AddRequest → row on an open Guests Requests screen, p50 over ${SUBMITS} | ${ms(percentile(run.live, 50))} | |`,
    `| AddRequest → row on an open Guests Requests screen, p99 over ${SUBMITS} | ${ms(percentile(run.live, 99))} | < 500 ms |`,
    `| Login → usable Rooms list (${ROOMS.toLocaleString('en')} + 80 rooms) | ${ms(median(run.roomList))} (runs: ${run.roomList.join(', ')} ms) | |`,
    `| Admin app first view, JS gzip | ${(size.bytes / 1024).toFixed(0)} KiB (${size.files.join(', ')}) | |`,
  ];
  return { title: 'Admin app (issue: admin app parts 1 and 2)', lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchAdmin({ pgUrl: async () => process.env.DATABASE_URL });
  console.log(`## ${result.title}\n${result.lines.join('\n')}`);
}
