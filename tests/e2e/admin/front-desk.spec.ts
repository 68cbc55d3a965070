import { expect, test } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { api, guestRequest, login, lookup, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * The home page's "Open lines" counts Open and Assigned lines, and its link
 * shows exactly those; a filtered list clears its filter.
 */
let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  const admin = await tokenOf(server.url);
  const riyadh = await lookup(server.url, admin, '/api/BasicData/GenerateHotels', 'Nakheel Riyadh Hotel');
  const frontOffice = await lookup(server.url, admin, '/api/BasicData/GenerateDepartments', 'Front Office');
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const service = (name: string) => groups.flatMap((g) => g.services).find((s) => s.name === name)!.id;
  const { body: workers } = await api<{ id: number; departmentId: number | null }[]>(server.url, admin, 'GET', '/api/BasicData/GetAllWorkers');
  const worker = workers.find((w) => w.departmentId === frontOffice)!.id;

  // Three lines: one stays Open, one is Assigned, one is Completed.
  const request = await guestRequest(server.url, riyadh, [service('Late check-out'), service('Taxi booking'), service('Wake-up call')], 'Open Lines Guest');
  const { body: details } = await api<{ requestDetails: { requestDetails: { id: number }[] } }>(server.url, admin, 'GET', `/api/Request/GetRequestDetails/${request.id}`);
  const [, taxi, wake] = details.requestDetails.requestDetails.map((l) => l.id);
  const step = (body: object) => api(server.url, admin, 'PUT', '/api/Request/UpdateServiceRequestStatus', body);
  expect((await step({ requestDetailsId: taxi, status: 'Assigned', workerId: worker })).status).toBe(200);
  expect((await step({ requestDetailsId: wake, status: 'Assigned', workerId: worker })).status).toBe(200);
  expect((await step({ requestDetailsId: wake, status: 'Completed', note: 'Set for 6 am' })).status).toBe(200);
});
test.afterAll(async () => server?.stop());

test('Home "Open lines" opens the list of exactly the lines it counts (Open and Assigned); Clear filters shows every line', async ({ page }) => {
  await login(page, server.url);
  const tile = page.getByTestId('fig-open');
  await expect(tile).toContainText('2');
  await tile.click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/ServiceList\?open=true$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services List — Still to do (Open or Assigned)');
  await expect(page.getByTestId('total-count')).toHaveText('2 rows');
  // Both lines it counts, the Assigned one too (status=Open alone showed only one).
  await expect(page.locator('.ag-row .ag-cell[col-id="statusName"]')).toHaveText(['Assigned', 'Open']);
  await screenshot(page, 'open-lines-en');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/ServiceList$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Services List');
  await expect(page.getByTestId('total-count')).toHaveText('3 rows');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  // The filter is one of the status list's choices too, in Arabic.
  await setLanguage(page, 'ar');
  await page.getByRole('group', { name: 'عوامل التصفية' }).getByRole('combobox').first().click();
  await page.getByRole('option', { name: 'لم تُنجز بعد (مفتوح أو مُسند)' }).click();
  await expect(page).toHaveURL(/open=true/);
  // Arabic says two with its dual form, three with a number.
  await expect(page.getByTestId('total-count')).toHaveText('صفّان');
  await screenshot(page, 'open-lines-ar');
  await page.getByRole('button', { name: 'مسح عوامل التصفية' }).click();
  await expect(page).not.toHaveURL(/open=true/);
  await expect(page.getByTestId('total-count')).toHaveText('3 صفوف');
});
