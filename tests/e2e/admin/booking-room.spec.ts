import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, login, screenshot } from './admin-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

// A real 1×1 PNG: the server checks images by their bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('create a booking room with an image, then rename it and add another image', async ({ page }) => {
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/BasicData/BookingRoom`);
  await expect(page.getByRole('heading', { name: 'Booking Rooms' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new' }).click();
  const form = page.getByTestId('booking-room-form');
  for (const label of ['Hotel', 'Room type']) {
    await expect(form.getByLabel(label).locator('option').nth(1)).toBeAttached();
    await form.getByLabel(label).selectOption({ index: 1 });
  }
  await form.getByRole('combobox', { name: 'Facilities' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Wi-Fi' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Balcony' }).click();
  await page.keyboard.press('Escape');
  await form.getByLabel('Number of guests').fill('3');

  const input = form.getByTestId('image-drop-zone').locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByText(/notes\.txt: File type must be/)).toBeVisible();
  await input.setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('1 file(s) selected')).toBeVisible();
  await screenshot(page, 'booking-room-create-en');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('toast-success')).toBeVisible();

  const table = page.getByTestId('data-table');
  await expect(table.locator('.ag-row')).toHaveCount(1);
  await expect(table.locator('.ag-row img')).toHaveCount(1);
  await expect(table.locator('.ag-row').getByText('3', { exact: true })).toBeVisible();

  await table.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Room type code')).toHaveAttribute('readonly', '');
  await dialog.getByLabel('English name').fill('Family Balcony Room');
  await dialog.getByTestId('image-drop-zone').locator('input[type=file]').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('Family Balcony Room')).toBeVisible();
  await expect(table.locator('.ag-row img')).toHaveCount(2);
  // The stored image really is served.
  const src = await table.locator('.ag-row img').first().getAttribute('src');
  expect((await page.request.get(`${server.url}${src}`)).status()).toBe(200);
  await screenshot(page, 'booking-room-list-en');
});
