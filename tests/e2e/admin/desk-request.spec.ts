import { expect, test, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { login, screenshot, setLanguage } from './desk-support';

/**
 * A request taken by phone at the desk: filed from the request list's "New request" for a
 * room found by typing its number, it appears in the list marked "Phone", and its page shows
 * the guest's tracking link as a QR code to scan. In both languages.
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
    phone: 'Phone',
    title: 'New request for a guest',
    file: 'File request',
    qr: /QR code of the guest tracking link of request RQ-\d{6}/,
    newRequest: 'New request',
  },
  ar: {
    hotel: 'فندق نخيل الرياض',
    service: 'مناشف إضافية',
    phone: 'الهاتف',
    title: 'طلب جديد لنزيل',
    file: 'تسجيل الطلب',
    qr: /رمز QR لرابط متابعة النزيل للطلب/,
    newRequest: 'طلب جديد',
  },
};

async function fileByPhone(page: Page, lang: 'en' | 'ar', room: string, note: string) {
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

  // In the list, like any request (its channel is on its page and in the reports).
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await expect(page.locator('.ag-row').filter({ hasText: code })).toBeVisible();
}

test('a phone request filed at the desk is listed as Phone and shows its tracking QR (English)', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, server.url);
  await fileByPhone(page, 'en', '305', 'Called from the room');
});

test('the same in Arabic, right to left', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, server.url);
  await setLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await fileByPhone(page, 'ar', '306', 'اتصل من الغرفة');
});
