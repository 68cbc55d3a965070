import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, loginThroughScreen, openMenu } from './admin-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Access tokens live 5 s, so the expiry happens within the test.
  server = await adminServer({ demo: true, env: { HOTEL_ACCESS_TOKEN_TTL: '5' } });
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

test('an expired access token is refreshed silently while the refresh token is good', async ({ page }) => {
  await loginThroughScreen(page, server.url);
  await page.waitForTimeout(6_500);
  await openMenu(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByTestId('data-table').getByText('Nakheel Hospitality')).toBeVisible();
  await expect(page.getByTestId('toast-warning')).toHaveCount(0);
});
