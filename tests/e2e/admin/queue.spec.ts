import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { advanceServerClock, installClockAtServer, startAlertsServer, steerableClockEnv } from './alerts-support';
import { RECEPTIONIST, guestRequest, login, setLanguage } from './desk-support';

/**
 * Against the real server: a line that passed its acknowledge target is counted
 * on Home under its department; the count opens the Services list filtered to that
 * department's overdue lines, where the line's due badge is red and its age shows; My queue
 * keeps it (it is the front desk's). The server runs on its test clock, which the test moves
 * past Late check-out's 5-minute acknowledge target (the demo's Front Desk group); the page
 * runs on Playwright's clock at the server's time.
 */
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;

test.beforeAll(async () => {
  ({ server, riyadh, lateCheckout } = await startAlertsServer(steerableClockEnv()));
});
test.afterAll(async () => server?.stop());

test('Home counts an overdue line under its department and opens the filtered queue; it shows red there, in My queue too, in Arabic as well', async ({ page }) => {
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Queue Guest');
  await advanceServerClock(server.url, 5 * 60 + 1);
  await installClockAtServer(page, server.url);

  await login(page, server.url, RECEPTIONIST);
  const tile = page.getByTestId('fig-overdue');
  const department = tile.getByTestId('fig-overdue-department').first();
  await expect(department).toBeVisible({ timeout: 30_000 });
  await expect(department).toContainText(/: [1-9]/);
  await department.click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/ServiceList\?overdue=true&departmentId=\d+$/);
  await expect(page.getByRole('switch', { name: 'Overdue only' })).toBeChecked();

  const row = page.locator('.ag-row', { hasText: request.code });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('due-badge')).toHaveAttribute('data-level', 'red');
  await expect(row.getByTestId('due-badge')).toHaveAttribute('title', /^Late: acknowledge was due /);
  await expect(row.getByTestId('age')).toHaveText(/^\d+ min$/);
  await expect(row.locator('[data-status="Open"]')).toHaveAttribute('data-colour', 'brand');

  // My queue: the open lines of the front desk, the most urgent first: this one is there.
  await page.getByRole('button', { name: 'My queue' }).click();
  await expect(page).toHaveURL(/mine=true/);
  await expect(page.getByRole('heading', { name: 'My queue' })).toBeVisible();
  await expect(page.locator('.ag-row', { hasText: request.code })).toBeVisible();

  await setLanguage(page, 'ar');
  await expect(page.getByRole('switch', { name: 'المتأخرة فقط' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'مهامي' })).toBeVisible();
  await expect(page.locator('.ag-row', { hasText: request.code }).getByTestId('due-badge')).toHaveAttribute('title', /^متأخر/);
});
