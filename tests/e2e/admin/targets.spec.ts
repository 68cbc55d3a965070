import { type Browser, type Page, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { apiPaths, fillPath } from '@shared/api/paths';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { api, login, lookup, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * End to end: a supervisor gives Late check-out its own targets in the
 * Service form; a guest on a 390 px phone then asks for it (with a Special Request) and
 * reads "expected by" per line, in Arabic (right to left) and in English, following staff
 * without a reload: the Special Request has its promise from creation, and a
 * Completed line drops it.
 */
let server: E2EServer;
let admin: string;
let riyadh: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  admin = await tokenOf(server.url);
  riyadh = await lookup(server.url, admin, apiPaths.generateHotels, 'Nakheel Riyadh Hotel');
});
test.afterAll(async () => server?.stop());

const grid = (page: Page) => page.getByTestId('data-table');

interface GuestLine {
  id: number;
  serviceName: string;
  statusName: string;
  createdAt: string;
  expectedBy: string | null;
}
const guestLines = async (id: string) =>
  (await api<{ requestDetails: GuestLine[] }>(server.url, undefined, 'GET', fillPath(apiPaths.userRequestDetails, { id }))).body.requestDetails;

/** What the guest page should print for a promise, computed in the phone's own clock and zone. */
const shown = (page: Page, iso: string, locale: string) =>
  page.evaluate(
    ([at, loc]) => {
      const when = new Date(at);
      const today = when.toDateString() === new Date().toDateString();
      return when.toLocaleString(loc, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
    },
    [iso, locale] as const,
  );

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  return context.newPage();
}

test('a supervisor sets a service\'s targets; the guest sees "expected by" per line in Arabic and English, live', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // The supervisor: Late check-out gets 10 minutes to acknowledge and 120 to complete (its Front Desk group says 5 and 15).
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/BasicData/Service`);
  await page.getByRole('textbox', { name: 'Search...' }).fill('Late check-out');
  await grid(page).getByRole('button', { name: 'Edit Late check-out' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText("Optional. Empty: the service group's target applies, else the hotel's.")).toBeVisible();
  await dialog.getByLabel('Minutes to acknowledge').fill('10');
  await dialog.getByLabel('Minutes to complete').fill('2.5');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText('Enter a whole number of minutes (for example 15), or leave it empty')).toBeVisible();
  await dialog.getByLabel('Minutes to complete').fill('120');
  await screenshot(page, 'service-targets-edit-en');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  const row = grid(page).locator('.ag-row').filter({ hasText: 'Late check-out' });
  await expect(row.locator('[col-id="acknowledgeMinutes"]')).toHaveText('10');
  await expect(row.locator('[col-id="completeMinutes"]')).toHaveText('120');
  // The list's export carries them: numbers under their own headers.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const [headers, ...exported] = book.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
  const lateRow = exported.find((r) => r.includes('Late check-out'))!;
  expect(lateRow[headers.indexOf('Acknowledge (min)')]).toBe(10);
  expect(lateRow[headers.indexOf('Complete (min)')]).toBe(120);

  // In Arabic, right to left: the group's form says what an empty target means, and refuses 0 in Arabic.
  await setLanguage(page, 'ar');
  await page.goto(`${server.url}/Admin/BasicData/ServiceGroup`);
  await grid(page).getByRole('button', { name: 'تعديل الاستقبال', exact: true }).click();
  const arDialog = page.getByRole('dialog');
  await expect(arDialog.getByLabel('دقائق الاستلام')).toHaveValue('5');
  await expect(arDialog.getByText('اختياري. إذا تُرك فارغًا يُطبَّق هدف الفندق على الخدمات التي لم تحدد هدفًا.')).toBeVisible();
  await arDialog.getByLabel('دقائق الإنجاز').fill('٠');
  await arDialog.getByRole('button', { name: 'تحديث' }).click();
  await expect(arDialog.getByText('أدخل من 1 إلى 10080 دقيقة (أسبوع)، أو اتركه فارغًا')).toBeVisible();
  await screenshot(page, 'service-group-targets-edit-ar');
  await page.keyboard.press('Escape');
  await expect(arDialog).toBeHidden();
  await setLanguage(page, 'en');

  // The guest, on a phone, in Arabic (the page opens in it): Late check-out and a Special Request.
  const guest = await phone(browser);
  const { body: rooms } = await api<{ id: number }[]>(server.url, undefined, 'GET', `${apiPaths.generateRooms}?hotelId=${riyadh}`);
  await guest.goto(`${server.url}/Request/Service?hotelId=${riyadh}&roomId=${rooms[0].id}`);
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await guest.getByLabel(ar.service.name).fill('ليلى حسن');
  await guest.getByLabel(ar.service.email).fill('layla@example.com');
  await guest.getByLabel(ar.service.phone, { exact: true }).fill('55 123 4567');
  const pick = async (n: number, name: string) => {
    const box = guest.getByRole('combobox', { name: ar.service.serviceN.replace('{{n}}', String(n)) });
    await box.click();
    await box.fill(name.slice(0, 5));
    await guest.getByRole('option', { name }).click();
  };
  await pick(1, 'تمديد وقت المغادرة');
  await guest.getByRole('button', { name: ar.service.add }).click();
  await pick(2, 'طلب خاص');
  await guest.getByLabel(ar.service.descriptionRequired).fill('كعكة عيد ميلاد');
  await guest.getByRole('button', { name: ar.service.submit }).click();
  await guest.waitForURL(/\/Request\/Review\?id=/);
  const id = new URL(guest.url()).searchParams.get('id')!;

  const lines = await guestLines(id);
  // (The API helper reads in English.)
  const late = lines.find((l) => l.serviceName === 'Late check-out')!;
  const special = lines.find((l) => l.serviceName === 'Special Request')!;
  // The promise is the service's own 120 minutes, not its group's 15 (the line's creation time is the database's, its clock the server's: a few ms apart).
  expect(Math.round((Date.parse(late.expectedBy!) - Date.parse(late.createdAt)) / 60_000)).toBe(120);
  // A Special Request's clock runs from creation, with the hotel's default (45 minutes).
  expect(Math.round((Date.parse(special.expectedBy!) - Date.parse(special.createdAt)) / 60_000)).toBe(45);

  const card = (name: string) => guest.getByTestId('line-card').filter({ hasText: name });
  const lateExpected = card('تمديد وقت المغادرة').getByTestId('expected-by');
  await expect(lateExpected).toHaveText(ar.review.expectedBy.replace('{{time}}', await shown(guest, late.expectedBy!, 'ar-EG')));
  await expect(lateExpected).toHaveText(/[٠-٩]{1,2}:[٠-٩]{2}/);
  await expect(card('طلب خاص').getByTestId('expected-by')).toHaveText(ar.review.expectedBy.replace('{{time}}', await shown(guest, special.expectedBy!, 'ar-EG')));

  // Right to left at 390 px: nothing spills sideways; the service name (with its promise) starts at the right.
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const promise = (await lateExpected.boundingBox())!;
  const badge = (await card('تمديد وقت المغادرة').locator('summary .badge').boundingBox())!;
  expect(promise.x + promise.width).toBeLessThanOrEqual(390);
  expect(promise.x).toBeGreaterThan(badge.x);
  await screenshot(guest, 'guest-expected-by-ar-390');

  // From here on the page follows staff without a reload.
  let navigations = 0;
  guest.on('framenavigated', (frame) => frame === guest.mainFrame() && navigations++);
  const staff = async (lineId: number) =>
    (await api<{ availableDepartments: { id: number }[]; availableWorkers: { id: number }[] }>(server.url, admin, 'GET', fillPath(apiPaths.serviceDetails, { id: lineId }))).body;
  const put = async (path: string, body: unknown) => expect((await api(server.url, admin, 'PUT', path, body)).status).toBe(200);

  // A department takes the Special Request: the promise made at creation stays.
  await put(apiPaths.assignServiceToDepartment, { requestDetailsId: special.id, departmentId: (await staff(special.id)).availableDepartments[0].id });
  expect((await guestLines(id)).find((l) => l.id === special.id)!.expectedBy).toBe(special.expectedBy);
  await expect(card('طلب خاص').getByTestId('expected-by')).toHaveText(ar.review.expectedBy.replace('{{time}}', await shown(guest, special.expectedBy!, 'ar-EG')));

  // English, one tap away.
  await guest.getByRole('button', { name: ar.language.switch }).click();
  await expect(guest.locator('html')).toHaveAttribute('dir', 'ltr');
  const lateEn = card('Late check-out').getByTestId('expected-by');
  await expect(lateEn).toHaveText(en.review.expectedBy.replace('{{time}}', await shown(guest, late.expectedBy!, 'en-GB')));
  await expect(lateEn).toHaveText(/^Expected by \d{2}:\d{2}$|^Expected by .+ \d{2}:\d{2}$/);
  await screenshot(guest, 'guest-expected-by-en-390');

  // Assigned (acknowledged) keeps the promise; Completed drops it, live.
  await put(apiPaths.updateServiceRequestStatus, { requestDetailsId: late.id, status: 'Assigned', note: '', workerId: (await staff(late.id)).availableWorkers[0].id });
  await expect(card('Late check-out').locator('summary .badge')).toHaveText(en.status.Assigned);
  await expect(lateEn).toBeVisible();
  await put(apiPaths.updateServiceRequestStatus, { requestDetailsId: late.id, status: 'Completed', note: 'Until 2 pm' });
  await expect(card('Late check-out').locator('summary .badge')).toHaveText(en.status.Completed);
  await expect(lateEn).toHaveCount(0);
  await expect(card('Special Request').getByTestId('expected-by')).toBeVisible();
  // Rejected drops it too.
  await put(apiPaths.updateServiceRequestStatus, { requestDetailsId: special.id, status: 'Rejected', note: 'Not tonight, sorry' });
  await expect(card('Special Request').getByTestId('expected-by')).toHaveCount(0);
  expect(navigations).toBe(0);
  await guest.context().close();
});
