import { expect, test, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { login, screenshot } from './desk-support';

/**
 * A request taken by phone at the desk: filed from the request list's "New request" for a
 * room found by typing its number, one service now and one for a time the guest asks
 * (tomorrow 10:00, the hotel's time); it appears in the lists marked "Phone", the scheduled
 * line under "Scheduled", and its page shows the guest's tracking link as a QR code to scan.
 * In English; the same screens in Arabic are component tests and the axe walk (tests/COVERAGE.md).
 */
let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
});
test.afterAll(async () => server?.stop());

const strings = {
  en: {
    hotel: 'Nakheel Riyadh Hotel',
    service: 'Extra towels',
    later: 'Late check-out',
    atTime: 'Late check-out at a time the guest asks for',
    tomorrow: 'Tomorrow',
    phone: 'Phone',
    channel: 'Channel: Phone',
    scheduledFor: /Scheduled for/,
    title: 'New request for a guest',
    file: 'File request',
    qr: /QR code of the guest tracking link of request RQ-\d{6}/,
    newRequest: 'New request',
  },
};

async function fileByPhone(page: Page, lang: 'en', room: string, note: string) {
  const s = strings[lang];
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await page.getByTestId('screen-RequestList').getByRole('button', { name: s.newRequest }).click();
  const dialog = page.getByRole('dialog', { name: s.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: s.phone })).toBeChecked();
  await dialog.getByTestId('new-request-hotel').click();
  await page.getByRole('option', { name: s.hotel }).click();
  // Typing the number finds the room.
  await dialog.getByTestId('new-request-room').pressSequentially(room);
  await expect(page.getByRole('option', { name: room, exact: true })).toBeVisible();
  await page.getByRole('option', { name: room, exact: true }).click();
  await dialog.getByTestId('new-request-services').pressSequentially(s.service.slice(0, 4));
  await page.getByRole('option', { name: s.service }).click();
  await dialog.getByTestId('new-request-services').pressSequentially(s.later.slice(0, 4));
  await page.getByRole('option', { name: s.later }).click();
  // The second line at a time the guest asks for: tomorrow at 10:00 on the hotel's clocks.
  const later = dialog.getByRole('group', { name: s.later });
  await later.getByRole('checkbox', { name: s.atTime }).check();
  const day = later.getByTestId('new-request-day');
  await expect(day.locator('option').nth(1)).toHaveText(s.tomorrow);
  await day.selectOption({ index: 1 });
  await later.getByTestId('new-request-time').fill('10:00');
  await dialog.getByTestId('new-request-phone').fill('+966 50 123 4567');
  await dialog.getByTestId('new-request-note').fill(note);
  await screenshot(page, `desk-request-dialog-${lang}`);
  await dialog.getByRole('button', { name: s.file }).click();

  // The request's page opens with its tracking QR.
  await expect(page).toHaveURL(/\/Admin\/Request\/Details\//);
  const qr = page.getByRole('img', { name: s.qr });
  await expect(qr).toBeVisible();
  const id = page.url().split('/').pop()!;
  const code = /RQ-\d{6}/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];
  await expect(qr).toHaveAttribute('data-link', new RegExp(`/Request/Review\\?id=${id}$`));
  await expect(page.getByTestId('request-details')).toContainText(s.phone);
  await screenshot(page, `desk-request-details-${lang}`);

  // In the list, like any request, marked with its channel beside its code.
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  const row = page.locator('.ag-row').filter({ hasText: code });
  await expect(row).toBeVisible();
  const mark = row.locator('.ag-cell[col-id="code"]').getByRole('img', { name: s.channel });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('title', s.channel);

  // The scheduled line waits under "Scheduled", with its time and its channel.
  await page.goto(`${server.url}/Admin/ServiceManagement/ServiceList?scheduled=true`);
  await expect(page.getByTestId('filter-scheduled')).toBeChecked();
  const scheduled = page.locator('.ag-row').filter({ hasText: code });
  await expect(scheduled).toHaveCount(1);
  await expect(scheduled).toContainText(s.later);
  await expect(scheduled.getByTestId('scheduled-for')).toContainText(s.scheduledFor);
  await expect(scheduled.locator('.ag-cell[col-id="requestHeaderCode"]').getByRole('img', { name: s.channel })).toBeVisible();
  await screenshot(page, `desk-request-scheduled-${lang}`);
}

test('a phone request filed at the desk, one line scheduled, is listed as Phone, its scheduled line under Scheduled, and shows its tracking QR (English)', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, server.url);
  await fileByPhone(page, 'en', '305', 'Called from the room');
});
