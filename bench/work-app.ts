/**
 * The workers' phone app (`BENCH_ONLY=work npm run bench`, or `npx tsx bench/work-app.ts`):
 * - a task reaching its worker: 200 paired phones hold their event streams open on one
 *   server process while the desk assigns lines to random workers; the time from the
 *   assign call's start to the `task` event on that worker's stream;
 * - the phone page's first load: the gzip size of the JS its index.html loads, and how soon
 *   the page is usable on Slow 4G with a 4x slower CPU (as bench/guest-web.ts).
 * Needs the built app and server: `npm run build`.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { type Page, chromium } from 'playwright-core';
import { ar as workAr } from '../work-web/src/i18n/ar';
import { apiPaths, fillPath } from '../shared/api/paths';
import { ms, percentile, postJson } from './lib/load';
import { firstViewSize as guestFirstViewSize } from './guest-web';
import { BENCH_ADMIN } from './lib/server-process';
import { openEventStream } from './lib/sse';
import { type BenchApi, withServer } from './lib/with-server';

const DIST = path.resolve(import.meta.dirname, '../dist/work-web');
const PHONES = Number(process.env.BENCH_PHONES ?? 200);
/** Lines assigned one after another, then as many again with ASSIGN_CONCURRENCY calls in flight. */
const LINES = Number(process.env.BENCH_LINES ?? 200);
const ASSIGN_CONCURRENCY = 10;
const RUNS = 5;
/** Chrome DevTools' 'Slow 4G' preset. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** A task later than this counts as lost. */
const LOST_AFTER_MS = 10_000;

/** The server takes 200 phones' streams from one address (the load generator's). */
const SERVER_ENV = {
  HOTEL_DEMO: '1',
  HOTEL_PAIR_RATE_LIMIT: '100000',
  HOTEL_ROOM_REQUEST_RATE_LIMIT: '0',
  HOTEL_STREAMS_PER_ADDRESS: '5000',
  HOTEL_MAX_CONNECTIONS: '5000',
  HOTEL_MAX_CONNECTIONS_PER_ADDRESS: '5000',
};

async function call<T = any>(url: string, method: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A seeded pseudo-random source, so every run assigns the same way. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

interface TaskLatency {
  sequential: number[];
  concurrent: number[];
  lost: number;
  streamsOpenMs: number;
}

async function taskLatency(api: BenchApi): Promise<TaskLatency> {
  const { url: u, token: desk } = api;

  // 200 workers without a department (offered for every line), each with a paired phone.
  console.log(`  pairing ${PHONES} phones …`);
  const phones: { workerId: number; accessToken: string }[] = [];
  for (let i = 0; i < PHONES; i++) {
    const { id: workerId } = await call(u(apiPaths.worker_add), 'POST', desk, {
      name: `Bench Worker ${i}`,
      phoneNumber: '+966 55 123 4567',
      workerCode: `BW${String(i).padStart(4, '0')}`,
    });
    const { code } = await call(u(fillPath(apiPaths.workerPairingCode, { workerId })), 'POST', desk, {});
    const session = await postJson(u(apiPaths.workPair), { code, deviceName: `Bench phone ${i}` });
    phones.push({ workerId, accessToken: session.accessToken });
  }

  // Every phone's stream, opened with its own single-use ticket (no token in the URL).
  const waiting = new Map<number, (at: number) => void>();
  const closers: (() => void)[] = [];
  const opening = performance.now();
  await Promise.all(
    phones.map(async (phone) => {
      const { ticket } = await call(u(apiPaths.workStreamTicket), 'POST', phone.accessToken);
      closers.push(
        await openEventStream(`${u(apiPaths.workEvents)}?ticket=${encodeURIComponent(ticket)}`, (data) => {
          const arrived = performance.now();
          if (typeof data?.lineId === 'number') waiting.get(data.lineId)?.(arrived);
        }),
      );
    }),
  );
  const streamsOpenMs = performance.now() - opening;

  try {
    // The guests' lines, made before the clock starts.
    console.log(`  ${PHONES} streams open in ${ms(streamsOpenMs)}; adding ${LINES * 2} lines …`);
    const lineIds: number[] = [];
    for (let i = 0; i < LINES * 2; i++) {
      const { id } = await postJson(u(apiPaths.addRequest), api.guestRequest(i, 'Bench', ''));
      const view = await call(u(fillPath(apiPaths.userRequestDetails, { id })), 'GET', desk);
      lineIds.push(view.requestDetails[0].id);
    }

    const rand = random(7);
    let lost = 0;
    const assignOne = async (lineId: number): Promise<number | undefined> => {
      const worker = phones[Math.floor(rand() * phones.length)];
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<number | undefined>((resolve) => {
        waiting.set(lineId, resolve);
        timer = setTimeout(() => resolve(undefined), LOST_AFTER_MS);
      });
      const start = performance.now();
      await call(u(apiPaths.updateServiceRequestStatus), 'PUT', desk, { requestDetailsId: lineId, status: 'Assigned', note: '', workerId: worker.workerId });
      const at = await arrived;
      clearTimeout(timer);
      waiting.delete(lineId);
      if (at === undefined) lost++;
      return at === undefined ? undefined : at - start;
    };

    console.log(`  assigning ${LINES} lines one at a time, then ${LINES} with ${ASSIGN_CONCURRENCY} in flight …`);
    const sequential: number[] = [];
    for (const lineId of lineIds.slice(0, LINES)) {
      const t = await assignOne(lineId);
      if (t !== undefined) sequential.push(t);
    }
    const concurrent: number[] = [];
    const queue = lineIds.slice(LINES);
    await Promise.all(
      Array.from({ length: ASSIGN_CONCURRENCY }, async () => {
        for (let lineId = queue.shift(); lineId !== undefined; lineId = queue.shift()) {
          const t = await assignOne(lineId);
          if (t !== undefined) concurrent.push(t);
        }
      }),
    );
    return { sequential: sequential.sort((a, b) => a - b), concurrent: concurrent.sort((a, b) => a - b), lost, streamsOpenMs };
  } finally {
    for (const close of closers) close();
  }
}

/** Gzip size of what the phone page's index.html loads up front. */
export const firstViewSize = (dist = DIST) => guestFirstViewSize(dist, '/Work/');

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

/**
 * Loads `url` on Slow 4G with a slower CPU; resolves with navigation start → usable, ms:
 * the pair screen's code field and Pair button visible, or (given `title`) the task list's heading.
 * A function, not a string: the page's CSP forbids evaluating strings.
 */
async function throttledLoad(page: Page, url: string, title?: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(url, { waitUntil: 'commit' });
  const at = await page.waitForFunction(
    // No named function inside: tsx would wrap it in a helper the page does not have.
    (heading) => {
      const shown = heading
        ? [...document.querySelectorAll('h1')].filter((h) => h.textContent === heading)
        : [document.querySelector('button[type=submit]'), document.querySelector('#pair-code')];
      const usable = shown.length > 0 && shown.every((e) => !!e && e.getBoundingClientRect().height > 0);
      // performance.now() counts from this document's navigation start.
      return usable ? performance.now() : false;
    },
    title,
    { polling: 50, timeout: 60_000 },
  );
  return Math.round((await at.jsonValue()) as number);
}

/**
 * Per run, ms: a phone opening the QR link with nothing cached (to the pair screen usable), and a
 * paired phone opening the page again (to its task list; the service worker has the page by then).
 */
async function timeToUsable(base: string, newCode: () => Promise<string>): Promise<{ pairScreen: number[]; taskList: number[] }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const pairScreen: number[] = [];
  const taskList: number[] = [];
  const title = workAr.tasks.title;
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh context each time: a phone scanning the supervisor's QR code has nothing cached.
      const context = await browser.newContext(PHONE);
      pairScreen.push(await throttledLoad(await context.newPage(), `${base}/Work/`));
      await context.close();
    }
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext(PHONE);
      const pairing = await context.newPage();
      await pairing.goto(`${base}/Work#pair=${await newCode()}`);
      await pairing.locator('button[type=submit]').click();
      await pairing.getByRole('heading', { level: 1, name: title }).waitFor();
      await pairing.evaluate(() => navigator.serviceWorker.ready);
      await pairing.close();
      taskList.push(await throttledLoad(await context.newPage(), `${base}/Work/`, title));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { pairScreen, taskList };
}

export async function benchWorkApp(): Promise<{ title: string; lines: string[] }> {
  const size = firstViewSize();
  const { latency, page } = await withServer({ env: SERVER_ENV }, async (server, api) => {
    const latency = await taskLatency(api);
    // The page's phone belongs to a worker of its own, with no task.
    const { accessToken: desk } = await postJson(`${server.url}${apiPaths.login}`, BENCH_ADMIN);
    const { id: workerId } = await call(`${server.url}${apiPaths.worker_add}`, 'POST', desk, { name: 'Bench Page Phone', phoneNumber: '+966 55 123 4567', workerCode: 'BWPAGE' });
    const newCode = async () => (await call(`${server.url}${fillPath(apiPaths.workerPairingCode, { workerId })}`, 'POST', desk, {})).code as string;
    return { latency, page: await timeToUsable(server.url, newCode) };
  });
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const row = (name: string, v: number[]) => `| ${name} | ${v.length} | ${ms(percentile(v, 50))} | ${ms(percentile(v, 99))} | ${ms(v.at(-1) ?? NaN)} | p99 < 1 s |`;
  return {
    title: "Workers' phones (task to the worker's page, first load)",
    lines: [
      `${PHONES} paired phones hold their event streams open on one server process (PGlite; all ${PHONES} opened in ${ms(latency.streamsOpenMs)}); the desk assigns each line to a random worker through the API.`,
      "Measured from the start of the assign call to the `task` event read on that worker's stream (Node fetch in the load generator's process, on the same 2 cores).",
      '',
      "| new task → worker's stream | tasks | p50 | p99 | max | aim |",
      '|---|---|---|---|---|---|',
      row('one assign at a time', latency.sequential),
      row(`${ASSIGN_CONCURRENCY} assigns in flight`, latency.concurrent),
      '',
      `Tasks lost (no event within ${LOST_AFTER_MS / 1000} s): ${latency.lost}.`,
      '',
      '| worker page (/Work/), first load | result | aim |',
      '|---|---|---|',
      `| First view JS, gzip (${size.files.filter((f) => f.endsWith('.js')).length} file) | ${kb(size.js)} | ≤ 100 KB |`,
      `| First view CSS, gzip | ${kb(size.css)} | |`,
      `| Pair screen usable, nothing cached, Slow 4G + 4x CPU, median of ${RUNS} | ${median(page.pairScreen)} ms | |`,
      `| Task list usable, a paired phone opening it again, Slow 4G + 4x CPU, median of ${RUNS} | ${median(page.taskList)} ms | |`,
      '',
      `Runs: pair screen ${page.pairScreen.join(', ')} ms; task list ${page.taskList.join(', ')} ms. From navigation start to the code field and Pair button visible (a phone scanning the QR code, fresh cache), or to the task list's heading (a paired phone: its service worker holds the page, its credential is refreshed and its tasks read over the throttled network), in Debian Chromium at 390 × 844.`,
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchWorkApp();
  console.log(`## ${result.title}\n${result.lines.join('\n')}`);
}
