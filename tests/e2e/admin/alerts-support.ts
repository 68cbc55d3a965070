import { expect, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { api, lookup, tokenOf } from './desk-support';

/** The demo server of the alert specs, with the hotel and the service their guests ask for. */
export async function startAlertsServer(env: Record<string, string> = {}): Promise<{ server: E2EServer; riyadh: number; lateCheckout: number }> {
  const server = await startE2EServer({ demo: true, env });
  const admin = await tokenOf(server.url);
  const riyadh = await lookup(server.url, admin, '/api/BasicData/GenerateHotels', 'Nakheel Riyadh Hotel');
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const lateCheckout = groups.flatMap((g) => g.services).find((s) => s.name === 'Late check-out')!.id;
  return { server, riyadh, lateCheckout };
}

/**
 * Waits until this page's staff event stream is open, as the header's bell shows it. (A
 * wait for an /api/Events response could match the stream of the page just left.)
 */
export async function liveAlertsOn(page: Page): Promise<void> {
  await expect(page.getByTestId('alerts-bell')).toHaveAttribute('data-live', 'on', { timeout: 15_000 });
}

/** Opens the Rooms screen and waits until its rows and the staff event stream are there. */
export async function openRooms(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/Admin/BasicData/Room`);
  await expect(page.getByTestId('screen-Room').locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
  await liveAlertsOn(page);
}

/**
 * The server's clock for a spec of timed behaviour: the test-only clock (HOTEL_TEST_CLOCK,
 * NODE_ENV=test) from `start` (default: now) at the real pace, which the test moves forward
 * with advanceServerClock instead of waiting for a target to pass.
 */
export const steerableClockEnv = (start = new Date().toISOString()): Record<string, string> => ({ HOTEL_TEST_CLOCK: `${start}@1` });

/**
 * Moves the server's test clock on by `seconds` (0: only reads it); answers the time it reads
 * then, once the timed work due by then has run (escalations, scheduled lines, webhook retries).
 */
export async function advanceServerClock(baseUrl: string, seconds: number): Promise<number> {
  const res = await fetch(`${baseUrl}/api/Test/Clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: seconds }) });
  expect(res.status, 'the server runs on the test clock (steerableClockEnv)').toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** Playwright's clock on the page's context, at the server's time: call it before the first navigation. */
export async function installClockAtServer(page: Page, baseUrl: string): Promise<void> {
  await page.clock.install({ time: await advanceServerClock(baseUrl, 0) });
}

/** Moves the server's clock and then the page's by `seconds`: the page's timers due by then fire once. */
export async function advanceClocks(page: Page, baseUrl: string, seconds: number): Promise<void> {
  await advanceServerClock(baseUrl, seconds);
  await page.clock.fastForward(seconds * 1000);
}
