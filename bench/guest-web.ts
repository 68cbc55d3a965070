/**
 * The guest Request/Service page on a phone: how much it downloads first, and how soon
 * a guest can use it on Slow 4G with a 4x slower CPU (`npx tsx bench/guest-web.ts`,
 * or through bench/run.ts). Needs the built app: `npx vite build --config guest-web/vite.config.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServerProcess } from './lib/server-process';

const DIST = path.resolve(import.meta.dirname, '../dist/guest-web');
const RUNS = 5;
/** Chrome DevTools' 'Slow 4G' preset. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

export interface GuestWebBench {
  title: string;
  lines: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Navigation start to a usable form (submit visible, hotels loaded), median of the runs, ms. */
  usableMs: number;
  runsMs: number[];
}

/** Gzip size of what index.html loads up front; lazily imported chunks are not referenced there. */
export function firstViewSize(dist = DIST, base = '/guest/'): { js: number; css: number; files: string[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]).filter((ref) => ref.startsWith(base)).map((ref) => ref.slice(base.length));
  let js = 0;
  let css = 0;
  for (const file of refs) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.js')) js += size;
    else css += size;
  }
  return { js, css, files: refs };
}

async function timeToUsable(url: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      // A fresh context each time: a guest scanning the QR code has nothing cached.
      const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.6 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'commit' });
      const usable = await page.waitForFunction(
        () => {
          const submit = document.querySelector<HTMLButtonElement>('button[type=submit]');
          const hotels = document.querySelector<HTMLSelectElement>('#hotelId');
          const visible = submit && submit.getBoundingClientRect().height > 0;
          // performance.now() counts from this document's navigation start.
          return visible && hotels && hotels.options.length > 1 ? performance.now() : false;
        },
        undefined,
        { polling: 50, timeout: 60_000 },
      );
      times.push(Math.round((await usable.jsonValue()) as number));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

export async function benchGuestWeb(): Promise<GuestWebBench> {
  const size = firstViewSize();
  const server = await startServerProcess({ env: { HOTEL_DEMO: '1' } });
  let runsMs: number[];
  try {
    runsMs = await timeToUsable(`${server.url}/Request/Service?hotelId=1&roomId=1`);
  } finally {
    await server.stop();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  const usableMs = sorted[Math.floor(sorted.length / 2)];
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    '| measure | result | aim |',
    '|---|---|---|',
    `| First view JS, gzip (${size.files.filter((f) => f.endsWith('.js')).length} file) | ${kb(size.js)} | ≤ 120 KB |`,
    `| First view CSS, gzip | ${kb(size.css)} | |`,
    `| Form usable, Slow 4G + 4x CPU, median of ${RUNS} | ${usableMs} ms | < 2500 ms |`,
    '',
    `Runs: ${runsMs.join(', ')} ms. Measured from navigation start to the submit button visible and the hotel list loaded, in Debian Chromium with a fresh cache each run.`,
  ];
  return { title: 'Guest web (Request/Service on a phone)', lines, jsGzipBytes: size.js, cssGzipBytes: size.css, usableMs, runsMs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchGuestWeb();
  console.log(`## ${result.title}\n${result.lines.join('\n')}`);
}
