import { expect, test, type Page, type Request } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, api, apiToken, login, screenshot } from './admin-support';

/**
 * A master-data list above the threshold (the server's largest page, 500 rows)
 * is paged, searched and sorted by the server, and its export reads every matching row.
 */
const ROOMS = 520;
const LIST_CALL = '/api/BasicData/GetAllRooms';
let server: E2EServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await adminServer();
  const token = await apiToken(server.url);
  const first = async (path: string) => (await api<{ id: number }[]>(server.url, token, 'GET', path)).body[0].id;
  const [hotelId, useTypeId, roomTypeId] = [await first('/api/BasicData/GenerateHotels'), await first('/api/BasicData/GenerateUseTypes'), await first('/api/BasicData/GenerateRoomTypes')];
  for (let i = 0; i < ROOMS; i += 20) {
    const batch = Array.from({ length: Math.min(20, ROOMS - i) }, (_, k) => i + k);
    const answers = await Promise.all(batch.map((n) => api(server.url, token, 'POST', '/api/BasicData/AddRoom', { number: `SRV-${n}`, hotelId, useTypeId, roomTypeId })));
    expect(answers.map((a) => a.status)).toEqual(batch.map(() => 200));
  }
});
test.afterAll(async () => server?.stop());

function listCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on('request', (req: Request) => {
    const url = new URL(req.url());
    if (url.pathname === LIST_CALL) calls.push(url.searchParams);
  });
  return calls;
}
const last = (calls: URLSearchParams[]) => calls[calls.length - 1];

test('a room list above the threshold pages, searches and sorts on the server', async ({ page }) => {
  test.setTimeout(180_000);
  const calls = listCalls(page);
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await expect(page.getByTestId('total-count')).toBeVisible({ timeout: 60_000 });
  const total = Number((await page.getByTestId('total-count').textContent())!.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(500);
  // One call of the largest page tells the list is big; then only pages of the shown size.
  expect(calls[0].get('pageSize')).toBe('500');
  await expect(page.locator('.ag-row')).toHaveCount(5);
  await expect(page.getByTestId('page-info')).toHaveText(`page 1 of ${Math.ceil(total / 5)}`);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => `${last(calls).get('page')} ${last(calls).get('pageSize')}`).toBe('1 5');
  await expect(page.getByTestId('page-info')).toHaveText(`page 2 of ${Math.ceil(total / 5)}`);

  await page.getByRole('columnheader', { name: 'Hotel' }).click();
  await expect.poll(() => `${last(calls).get('sort')} ${last(calls).get('order')} ${last(calls).get('page')}`).toBe('hotelName asc 0');

  await page.getByRole('textbox', { name: 'Search...' }).fill('SRV-51');
  await expect.poll(() => last(calls).get('search')).toBe('SRV-51');
  // SRV-51 and SRV-510 … SRV-519.
  await expect(page.getByTestId('total-count')).toHaveText('11 rows');
  await expect(page.locator('.ag-row')).toHaveCount(5);
  await screenshot(page, 'rooms-server-mode-en');

  // The view is in the URL: a reload keeps the search and the sort.
  await page.reload();
  await expect(page.getByTestId('total-count')).toHaveText('11 rows', { timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Search...' })).toHaveValue('SRV-51');
});
