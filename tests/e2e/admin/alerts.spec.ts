import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { openRooms as openRoomsAt, startAlertsServer } from './alerts-support';
import { guestRequest, login, screenshot, setLanguage } from './desk-support';

/**
 * In the browser: a guest's request alerts staff on a screen that is
 * not a request list (toast, header and menu badge), the toasts sit clear of the header in
 * both directions, and error toasts go when the user moves on.
 */
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;

test.beforeAll(async () => {
  ({ server, riyadh, lateCheckout } = await startAlertsServer());
});
test.afterAll(async () => server?.stop());

const openRooms = (page: Parameters<typeof openRoomsAt>[0]) => openRoomsAt(page, server.url);

test('a guest request alerts on the Rooms screen: a toast clear of the header, the header and menu badge; the bell opens the list', async ({ page }) => {
  await login(page, server.url);
  await openRooms(page);
  await expect(page.getByTestId('alerts-count')).toHaveCount(0);

  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Alert Guest');
  const toast = page.getByTestId('toast-info').filter({ hasText: `New request ${request.code}` });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('alerts-count')).toHaveText('1');
  // Still on Rooms: nothing navigated.
  await expect(page).toHaveURL(/\/Admin\/BasicData\/Room$/);

  // The toast sits at the bottom end, away from the header's controls.
  const header = (await page.getByTestId('app-header').boundingBox())!;
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.y + box.height).toBeGreaterThan(viewport.height / 2);
  expect(box.x + box.width / 2).toBeGreaterThan(viewport.width / 2);
  await screenshot(page, 'alerts-rooms-en');

  // The menu item carries the count too.
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByRole('link', { name: /Guests Requests/ }).getByTestId('menu-new-count')).toHaveText('1');
  await page.getByTestId('menu-toggle').click();

  // The toast's Open button opens the request.
  await toast.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));

  // The bell opens Guests Requests and clears the count.
  await page.getByTestId('alerts-bell').click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/RequestList$/);
  await expect(page.getByTestId('alerts-count')).toHaveCount(0);
});

test('in Arabic the toast sits at the bottom left, clear of the header, and the badge shows', async ({ page }) => {
  await login(page, server.url);
  await setLanguage(page, 'ar');
  await openRooms(page);
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Arabic Alert Guest');
  const toast = page.getByTestId('toast-info').filter({ hasText: request.code });
  await expect(toast).toContainText('طلب جديد', { timeout: 30_000 });
  await expect(page.getByTestId('alerts-count')).toHaveText('1');
  const header = (await page.getByTestId('app-header').boundingBox())!;
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.x + box.width / 2).toBeLessThan(viewport.width / 2);
  await screenshot(page, 'alerts-rooms-ar');
});

test('an error toast goes when the user opens another screen', async ({ page }) => {
  await login(page, server.url);
  await page.route('**/api/BasicData/GetAllRooms*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Rooms could not be read' }) }));
  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await expect(page.getByTestId('toast-error').filter({ hasText: 'Rooms could not be read' })).toBeVisible({ timeout: 30_000 });
  await page.unroute('**/api/BasicData/GetAllRooms*');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/Admin\/Home$/);
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
});
