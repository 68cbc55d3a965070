import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { api, guestRequest, login, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * In Arabic a phone number reads as the guest typed it: on the Guests Requests list and
 * on the guest's review page. A phone number has no letter to give it a direction, so
 * without its own left-to-right isolation an Arabic screen draws '+966 55 123 4567' as
 * '4567 123 55 966+'. Screenshots (HOTEL_SCREENSHOTS=1) go to test-results/screenshots.
 */
const LIST_PHONE = '+966 55 123 4567';
const REVIEW_PHONE = '+966 551234562';
let server: E2EServer;
let reviewId: string;
let listRequestId: string;
/** The department of the requested service, in Arabic (the demo's departments have Arabic names). */
let departmentAr: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
  const token = await tokenOf(server.url);
  const { body: hotels } = await api<{ id: number }[]>(server.url, token, 'GET', '/api/BasicData/GenerateHotels');
  const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const serviceId = groups.flatMap((g) => g.services).find((s) => !s.isSpecial)!.id;
  // guestRequest files the list's phone; the review page's request is filed with the other one.
  const services = (await (
    await fetch(`${server.url}/api/BasicData/GetAllServices?lang=ar&pageSize=100`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { id: number; departmentName: string }[];
  departmentAr = services.find((s) => s.id === serviceId)!.departmentName;
  listRequestId = (await guestRequest(server.url, hotels[0].id, [serviceId], 'Omar Phone-List')).id;
  const { body: rooms } = await api<{ id: number }[]>(server.url, undefined, 'GET', `/api/BasicData/GenerateRooms?hotelId=${hotels[0].id}`);
  const added = await api<{ id: string }>(server.url, undefined, 'POST', '/api/Request/AddRequest', {
    custName: 'Layla Review',
    custEmail: 'layla@example.com',
    custPhone: REVIEW_PHONE,
    hotelId: hotels[0].id,
    roomId: rooms[0].id,
    note: '',
    services: [{ serviceId, note: '' }],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  reviewId = added.body.id;
});
test.afterAll(async () => server?.stop());

/**
 * The element's text as drawn: its characters (spaces aside) ordered by where they
 * appear from left to right. Equal to the typed text only when it reads left to right.
 */
async function drawnLeftToRight(element: Locator): Promise<string> {
  return element.evaluate((e) => {
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    const glyphs: { ch: string; x: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (!text[i].trim() || /[\u2066-\u2069]/.test(text[i])) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        glyphs.push({ ch: text[i], x: range.getBoundingClientRect().left });
      }
    }
    return glyphs
      .sort((a, b) => a.x - b.x)
      .map((g) => g.ch)
      .join('');
  });
}

async function expectReadsAsTyped(element: Locator, typed: string): Promise<void> {
  await expect(element).toHaveText(typed);
  expect(await element.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
  expect(await element.evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
  expect(await drawnLeftToRight(element)).toBe(typed.replace(/\s/g, ''));
}

test('the Guests Requests list in Arabic shows the phone number as typed', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, server.url);
  await setLanguage(page, 'ar');
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  const row = page.locator('.ag-row', { hasText: 'Omar Phone-List' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const phone = row.locator('.ag-cell[col-id="custPhone"] .cell-text');
  await expect(phone).toHaveAttribute('dir', 'ltr');
  await expectReadsAsTyped(phone, LIST_PHONE);
  // The request code too.
  const code = row.locator('.ag-cell[col-id="code"] .cell-text');
  expect(await drawnLeftToRight(code)).toBe((await code.textContent())!.replace(/\s/g, ''));
  await screenshot(page, 'arabic-numbers-RequestList-ar');

  // The request's own page: the guest's phone among its facts.
  await page.goto(`${server.url}/Admin/Request/Details/${listRequestId}`);
  const fact = page.getByTestId('request-details').locator('bdi', { hasText: LIST_PHONE.slice(1) });
  await expectReadsAsTyped(fact, LIST_PHONE);
  // Its line names the department in Arabic.
  expect(departmentAr).toMatch(/[\u0600-\u06ff]/);
  await expect(page.getByTestId('request-details')).toContainText(departmentAr);
  await screenshot(page, 'arabic-numbers-RequestDetails-ar');
});

test("the guest's review page in Arabic shows the phone number as typed", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const page: Page = await context.newPage();
  try {
    await page.goto(`${server.url}/Request/Review?id=${reviewId}`);
    await expect(page.getByRole('banner')).toBeVisible();
    if ((await page.locator('html').getAttribute('lang')) !== 'ar') await page.getByRole('button', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The line's card holds the guest's details.
    const card = page.locator('details').first();
    if ((await card.getAttribute('open')) === null) await card.locator('summary').click();
    const phone = card.locator('bdi', { hasText: REVIEW_PHONE.slice(1) });
    await expectReadsAsTyped(phone, REVIEW_PHONE);
    await screenshot(page, 'arabic-numbers-review-ar');
  } finally {
    await context.close();
  }
});
