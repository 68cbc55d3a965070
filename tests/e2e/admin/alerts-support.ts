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
