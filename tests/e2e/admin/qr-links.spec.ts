import { expect, test } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { GuestApi } from '../guest/guest-api';
import { login } from './desk-support';

/** The guest links on the staff side: the print dialog's address check and the "Unverified room" flag. */
let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  // No PUBLIC_URL: the codes would point at this machine, as on a default install.
  server = await startE2EServer({ demo: true });
});
test.afterAll(async () => server?.stop());

test('the print dialog shows where the codes lead and refuses a loopback address until confirmed', async ({ page }) => {
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await page.getByRole('button', { name: 'Print QR codes' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('qr-public-url')).toHaveText(/^http:\/\/localhost(:\d+)?$/);
  await expect(dialog.getByText(/only works on this computer/)).toBeVisible();
  await dialog.getByLabel('Hotel for QR sheet').selectOption({ index: 1 });
  const print = dialog.getByRole('button', { name: 'Print', exact: true });
  await expect(print).toBeDisabled();
  await dialog.getByLabel('Print with this address anyway').check();
  await expect(print).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), print.click()]);
  expect(download.suggestedFilename()).toMatch(/^RoomQrCodes-.*\.pdf$/);
});

test('a request sent without the room link signature is marked "Unverified room" in the list and the details', async ({ page }) => {
  const api = await GuestApi.connect(server.url);
  const data = await api.guestData();
  const id = await api.addRequest(data);
  const { requestCode } = await api.request(id);
  await api.http.dispose();
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await page.getByRole('textbox', { name: 'Search...' }).fill(requestCode);
  const row = page.locator('.ag-row').filter({ hasText: requestCode });
  await expect(row.getByTestId('unverified-room')).toHaveText('Unverified room');
  await page.goto(`${server.url}/Admin/Request/Details/${id}`);
  await expect(page.getByTestId('unverified-room')).toContainText('Unverified room');
});
