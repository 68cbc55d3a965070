import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { api, guestRequest, login, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * The lists read at 1366×768 in English and Arabic. Dates and phone
 * numbers are not cut; Latin text in Arabic keeps its start (isolated in its own
 * direction); longer text is cut at its end with a tooltip; a request row shows its
 * services. Screenshots of each list in both languages go to test-results/screenshots.
 */
let server: E2EServer;
const serviceNames: Record<'en' | 'ar', string[]> = { en: [], ar: [] };

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
  const token = await tokenOf(server.url);
  const { body: hotels } = await api<{ id: number; name: string }[]>(server.url, token, 'GET', '/api/BasicData/GenerateHotels');
  const { body: groups } = await api<{ services: { id: number; name: string; isSpecial?: boolean }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const picked = groups.flatMap((g) => g.services).filter((s) => !s.isSpecial).slice(0, 2);
  serviceNames.en = picked.map((s) => s.name);
  const arabic = (await (await fetch(`${server.url}/api/BasicData/GenerateServices?lang=ar`)).json()) as typeof groups;
  serviceNames.ar = picked.map((p) => arabic.flatMap((g) => g.services).find((s) => s.id === p.id)!.name);
  await guestRequest(server.url, hotels[0].id, picked.map((s) => s.id), 'Jonathan Wellington-Smythe');
  // A full first page (five rows), each asking for several services.
  const more = groups.flatMap((g) => g.services).filter((s) => !s.isSpecial).slice(0, 4);
  for (const name of ['Guest Two', 'Guest Three', 'Guest Four', 'Guest Five']) await guestRequest(server.url, hotels[0].id, more.map((s) => s.id), name);
});
test.afterAll(async () => server?.stop());

/** Cells of a column whose text does not fit (scrollWidth beyond the box). */
const cutCells = (page: Page, colId: string) =>
  page.locator(`.ag-row .ag-cell[col-id="${colId}"] .cell-text`).evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));

/** Header words drawn on more than one line: broken inside the word (in Arabic that changes the letters' shapes). */
const brokenHeaderWords = (page: Page) =>
  page.locator('.ag-header-cell-text').evaluateAll((els) =>
    els.flatMap((el) => {
      const node = el.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) return [];
      return [...(node.textContent ?? '').matchAll(/\S+/g)].filter((word) => {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      }).map((word) => word[0]);
    }),
  );

async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await expect(page.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
  expect(await brokenHeaderWords(page), path).toEqual([]);
}

for (const lang of ['en', 'ar'] as const) {
  test(`lists read at 1366×768 in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, server.url);
    await setLanguage(page, lang);

    await open(page, '/Admin/ServiceManagement/RequestList');
    const row = page.locator('.ag-row', { hasText: 'Jonathan Wellington-Smythe' });
    await expect(row).toBeVisible();
    // The row names its services.
    for (const name of serviceNames[lang]) await expect(row.locator('.ag-cell[col-id="services"] .cell-text')).toHaveAttribute('title', new RegExp(name));
    expect(await cutCells(page, 'createdAt')).toEqual([]);
    expect(await cutCells(page, 'updatedAt')).toEqual([]);
    expect(await cutCells(page, 'custPhone')).toEqual([]);
    expect(await cutCells(page, 'code')).toEqual([]);
    // Latin text keeps its own direction in Arabic (so its start is what shows), and a cut cell has its whole text as a tooltip.
    const name = row.locator('.ag-cell[col-id="custName"] .cell-text');
    expect(await name.evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
    await expect(name).toHaveAttribute('title', 'Jonathan Wellington-Smythe');
    const phone = row.locator('.ag-cell[col-id="custPhone"] .cell-text');
    expect(await phone.evaluate((e) => e.matches(':dir(ltr)'))).toBe(true);
    // The phone number reads as typed: '+' drawn before the last digit, left to right, in both languages.
    expect(await phone.evaluate((e) => {
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(e.firstChild!, i);
        range.setEnd(e.firstChild!, i + 1);
        return range.getBoundingClientRect().left;
      };
      return at(0) < at(e.textContent!.length - 1);
    })).toBe(true);
    // The row's action stays in view, and the status column too.
    const grid = await page.locator('.ag-root').boundingBox();
    for (const cell of [row.locator('.ag-cell[col-id="actions"]'), row.locator('.ag-cell[col-id="statusName"]')]) {
      const box = (await cell.boundingBox())!;
      expect(box.x >= grid!.x - 1 && box.x + box.width <= grid!.x + grid!.width + 1).toBe(true);
      // In view, not only inside the grid's box: not scrolled away under the pinned actions column (service levels added a column).
      expect(await cell.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      })).toBe(true);
    }
    // The services a guest asked for are the row's telling part: on up to two lines, the first
    // service's name shows whole (it was cut to 4–5 letters in Arabic), and Status stays in view.
    const services = row.locator('.ag-cell[col-id="services"] .cell-text');
    const firstShown = await services.evaluate((e) => {
      const text = e.firstChild!;
      const first = text.textContent!.split(/، |, /)[0];
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, first.length);
      const box = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      // Inside the cell's text box (the ellipsis and the clamp hide what lies beyond it).
      const bottom = box.bottom - parseFloat(style.paddingBottom);
      return [...range.getClientRects()].every((r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.bottom <= bottom + 1);
    });
    expect(firstShown, 'the first service shown whole in the Services cell').toBe(true);
    // No row of the page is clipped: all five within the grid and the window, none under a scroll bar, Status in view on each.
    // The rows' scrolling part (the pinned actions column has rows of its own).
    const rows = page.locator('.ag-row:has(.ag-cell[col-id="statusName"])');
    await expect(rows).toHaveCount(5);
    const body = (await page.locator('.ag-root').boundingBox())!;
    const windowHeight = page.viewportSize()!.height;
    for (const each of await rows.all()) {
      const box = (await each.boundingBox())!;
      expect(box.y >= body.y - 1 && box.y + box.height <= body.y + body.height + 1, 'row inside the grid').toBe(true);
      expect(box.y + box.height <= windowHeight, 'row inside the window').toBe(true);
      expect(await each.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.left + r.width / 2, r.bottom - 3));
      }), 'row bottom not covered').toBe(true);
      const status = each.locator('.ag-cell[col-id="statusName"]');
      expect(await status.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      }), 'Status in view').toBe(true);
    }
    await screenshot(page, `list-RequestList-1366-${lang}`);

    await open(page, '/Admin/ServiceManagement/ServiceList');
    expect(await cutCells(page, 'createdAt')).toEqual([]);
    expect(await cutCells(page, 'requestHeaderCode')).toEqual([]);
    await screenshot(page, `list-ServiceList-1366-${lang}`);

    for (const item of ['Room', 'Hotel', 'Service', 'Worker']) {
      await open(page, `/Admin/BasicData/${item}`);
      expect(await cutCells(page, 'createdAt')).toEqual([]);
      await screenshot(page, `list-${item}-1366-${lang}`);
    }
    await open(page, '/Admin/Administration/Users');
    // Codes and phone numbers whole; each invitation badge holds its words (the Arabic ones spilled out of it).
    expect(await cutCells(page, 'userCode')).toEqual([]);
    expect(await cutCells(page, 'phoneNumber')).toEqual([]);
    const spilled = await page
      .locator('.ag-row .ag-cell[col-id="invitation"] .fui-Badge')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().left < e.closest('.ag-cell')!.getBoundingClientRect().left).map((e) => e.textContent));
    expect(spilled).toEqual([]);
    // One 'Actions' column: the account menu has its own header.
    const headers = await page.locator('.ag-header-cell-text').allTextContents();
    expect(headers.filter((h) => h === (lang === 'en' ? 'Actions' : 'الإجراءات'))).toHaveLength(1);
    expect(headers).toContain(lang === 'en' ? 'Account' : 'الحساب');
    await screenshot(page, `list-Users-1366-${lang}`);
  });
}

// Last in the file: its request pushes the first test's rows down a page.
test('a longer phone number arriving on the open list is shown whole', async ({ page }) => {
  await login(page, server.url);
  await setLanguage(page, 'en');
  await open(page, '/Admin/ServiceManagement/RequestList');
  // A number longer than the page's (a Berlin line with its extension), from a guest while the list is open: the
  // column, fitted when the page opened, grows to hold it (ag-grid measures the cells again when rows change).
  const phone = '+49 30 1234 5678 901';
  const { body: hotels } = await api<{ id: number }[]>(server.url, await tokenOf(server.url), 'GET', '/api/BasicData/GenerateHotels');
  const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const service = groups.flatMap((g) => g.services).find((s) => !s.isSpecial)!;
  await guestRequest(server.url, hotels[0].id, [service.id], 'Long Number', phone);
  await expect(page.locator('.ag-row .ag-cell[col-id="custPhone"] .cell-text', { hasText: phone })).toBeVisible();
  await expect.poll(() => cutCells(page, 'custPhone')).toEqual([]);
  // Status still in view beside it.
  const status = page.locator('.ag-row', { hasText: phone }).locator('.ag-cell[col-id="statusName"]');
  expect(await status.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  })).toBe(true);
});
