import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { E2E_ADMIN, startE2EServer, type E2EServer } from '../support/server';
import { animationsSettled } from '../support/settled';

/** test-results/screenshots (not committed); ADMIN_SCREENSHOTS moves them when other runs clean test-results. */
export const SCREENSHOTS = process.env.ADMIN_SCREENSHOTS ?? 'test-results/screenshots';

export { login, loginThroughScreen } from '../support/sign-in';

export async function openMenu(page: Page): Promise<void> {
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('navigation')).toBeVisible();
}

/**
 * A picture of the page for a person to look at (docs, a review): nothing compares it, so
 * it is taken only when asked for with HOTEL_SCREENSHOTS=1, and a normal run skips the wait.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.HOTEL_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Calls the API as a signed-in browser would, with the token the app stored. */
export async function apiToken(baseUrl: string, user: { email: string; password: string } = E2E_ADMIN): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Account/Login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function api<T = unknown>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=en`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * The real server for a spec file. ADMIN_E2E_URL points at an already running demo
 * server instead (a fast edit-run loop on a loaded machine); CI leaves it unset.
 */
export async function adminServer(options: Parameters<typeof startE2EServer>[0] = { demo: true }): Promise<E2EServer> {
  const url = process.env.ADMIN_E2E_URL;
  if (url && !options.env) return { url, stop: async () => undefined };
  return startE2EServer(options);
}
