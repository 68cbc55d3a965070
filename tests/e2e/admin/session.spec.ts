import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, loginThroughScreen, openMenu } from './admin-support';
import { advanceClocks, installClockAtServer, liveAlertsOn, steerableClockEnv } from './alerts-support';

/** How long an access token lives (the default, said here): the test moves both clocks past it. */
const ACCESS_TTL_S = 900;

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The server runs on its test clock, which the test moves past a token's expiry instead of waiting for it.
  server = await adminServer({ demo: true, env: { HOTEL_ACCESS_TOKEN_TTL: String(ACCESS_TTL_S), ...steerableClockEnv() } });
});
test.afterAll(async () => server?.stop());

test('a revoked session ends with the expiry message and the login page', async ({ page }) => {
  await loginThroughScreen(page, server.url);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hotel.session') ?? 'null'));
  expect(stored?.refreshToken).toBeTruthy();

  const res = await fetch(`${server.url}/api/Account/Logout?lang=en`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stored.session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: stored.refreshToken }),
  });
  expect(res.status).toBe(200);

  // The access token stops working at once, not when it expires: the
  // app's next call, a background one or this click, meets the ended session.
  await page
    .getByTestId('menu-toggle')
    .click({ timeout: 3000 })
    .then(() => page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click({ timeout: 3000 }))
    .catch(() => undefined);
  await expect(page.getByTestId('toast-warning')).toContainText('Sorry your Session has been Expired');
  await expect(page).toHaveURL(/\/Admin\/Login$/);
  expect(await page.evaluate(() => localStorage.getItem('hotel.session'))).toBeNull();
});

/** The renewals the server granted to this page. */
function renewals(page: Page): () => number {
  let renewed = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/Account/RefreshToken' && response.status() === 200) renewed++;
  });
  return () => renewed;
}

test('an expired access token is refreshed silently while the refresh token is good', async ({ page }) => {
  const renewed = renewals(page);
  // The page on Playwright's clock at the server's time: both move past the expiry together.
  await installClockAtServer(page, server.url);
  await loginThroughScreen(page, server.url);
  await liveAlertsOn(page);
  expect(renewed()).toBe(0);
  await advanceClocks(page, server.url, ACCESS_TTL_S + 1);
  // The live stream ends with its token; the app renews the session in the background.
  await expect.poll(renewed).toBeGreaterThan(0);
  await openMenu(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByTestId('data-table').getByText('Nakheel Hospitality')).toBeVisible();
  await expect(page.getByTestId('toast-warning')).toHaveCount(0);
  await expect(page).not.toHaveURL(/\/Admin\/Login$/);
});
