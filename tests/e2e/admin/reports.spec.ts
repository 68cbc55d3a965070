import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { startE2EServer, type E2EServer } from '../support/server';
import { api, guestRequest, login, screenshot, setLanguage, tokenOf } from './desk-support';

let server: E2EServer;
let first: { id: string; code: string };
let hotel: { id: number; name: string };
let roomNumber: string;

/** A line taken through the workflow as staff would: a worker of its department, then completed. */
async function complete(token: string, lineId: number): Promise<void> {
  const details = await api<{ availableWorkers: { id: number }[] }>(server.url, token, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
  const step = (body: object) => api(server.url, token, 'PUT', '/api/Request/UpdateServiceRequestStatus', { requestDetailsId: lineId, note: '', ...body });
  expect((await step({ status: 'Assigned', workerId: details.body.availableWorkers[0].id })).status).toBe(200);
  expect((await step({ status: 'Completed', note: 'Done' })).status).toBe(200);
}

test.beforeAll(async () => {
  server = await startE2EServer({ demo: true });
  const token = await tokenOf(server.url);
  [hotel] = (await api<{ id: number; name: string }[]>(server.url, token, 'GET', '/api/BasicData/GenerateHotels')).body;
  const groups = (await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices')).body;
  const service = groups.flatMap((g) => g.services).find((s) => s.name !== 'Special Request')!;
  // Three requests for one service in one room: the third is a repeat fault.
  first = await guestRequest(server.url, hotel.id, [service.id], 'Report Guest 1');
  await guestRequest(server.url, hotel.id, [service.id], 'Report Guest 2');
  await guestRequest(server.url, hotel.id, [service.id], 'Report Guest 3');
  const view = await api<{ requestDetails: { id: number }[]; roomId: number }>(server.url, undefined, 'GET', `/api/Request/GetUserRequestDetails/${first.id}`);
  await complete(token, view.body.requestDetails[0].id);
  expect((await api(server.url, undefined, 'PUT', '/api/Request/AddReviewToRequest', { id: first.id, rating: 9, feedback: 'Spotless room' })).status).toBe(200);
  const rooms = (await api<{ id: number; number: string }[]>(server.url, undefined, 'GET', `/api/BasicData/GenerateRooms?hotelId=${hotel.id}`)).body;
  roomNumber = rooms.find((r) => r.id === view.body.roomId)!.number;
});
test.afterAll(async () => server?.stop());

async function expectCharts(page: Page): Promise<void> {
  for (const chart of ['chart-trend', 'chart-groups', 'chart-ratings']) {
    const figure = page.getByTestId(chart);
    await expect(figure.locator('svg').first()).toBeVisible();
    // Drawn, not only framed: the trend has a line path, the bar charts have bars.
    expect(await figure.locator('svg path, svg rect').count()).toBeGreaterThan(0);
  }
}

test('the service-level report draws its charts in English and in Arabic, right to left, and exports real numbers', async ({ page }) => {
  await login(page, server.url);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Service Levels' }).click();
  await expect(page).toHaveURL(/\/Admin\/Reports\/ServiceLevels$/);
  await expect(page.getByRole('heading', { name: 'Service levels', level: 1 })).toBeVisible();
  await expectCharts(page);
  await expect(page.getByRole('group', { name: 'Lines and completion time per day' })).toBeVisible();
  await expect(page.getByTestId('report-total')).toContainText('3 lines, 1 completed');
  await screenshot(page, 'reports-service-levels-en');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const row = book.worksheets[0].getRow(2).values as unknown[];
  expect(book.worksheets[0].getRow(1).getCell(2).value).toBe('Lines');
  expect(row[2]).toBe(3); // lines, a number cell
  expect(row[3]).toBe(1); // completed

  // By day, the export holds real dates.
  await page.getByTestId('group-by').click();
  await page.getByRole('option', { name: 'Day' }).click();
  await expect(page.getByRole('columnheader', { name: 'Day' })).toBeVisible();
  const [byDay] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  const dayBook = new ExcelJS.Workbook();
  const dayBytes = await readFile((await byDay.path())!);
  await dayBook.xlsx.load(dayBytes.buffer.slice(dayBytes.byteOffset, dayBytes.byteOffset + dayBytes.byteLength) as ArrayBuffer);
  expect(dayBook.worksheets[0].getRow(2).getCell(1).value).toBeInstanceOf(Date);

  await setLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'مستويات الخدمة', level: 1 })).toBeVisible();
  await expectCharts(page);
  await expect(page.getByRole('group', { name: 'الخدمات وزمن الإنجاز في كل يوم' })).toBeVisible();
  await screenshot(page, 'reports-service-levels-ar');
});

test("a room's history opens from the request and from the Rooms list, flagging the repeat fault", async ({ page }) => {
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/Request/Details/${first.id}`);
  await page.getByTestId('room-history-link').click();
  await expect(page).toHaveURL(/\/Admin\/Room\/History\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`History of room ${roomNumber}`);
  await expect(page.getByTestId('history-request')).toHaveCount(3);
  // Newest first: the third request is the repeat fault.
  await expect(page.getByTestId('history-request').first()).toContainText('Report Guest 3');
  await expect(page.getByTestId('history-request').first().getByTestId('repeat-fault')).toBeVisible();
  await expect(page.getByTestId('history-request').last().getByTestId('repeat-fault')).toHaveCount(0);
  await expect(page.getByTestId('repeat-faults')).toBeVisible();
  await screenshot(page, 'reports-room-history-en');

  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await page.getByRole('textbox', { name: 'Search...' }).fill(`${roomNumber} ${hotel.name}`);
  const row = page.locator('.ag-row').filter({ has: page.locator('[col-id="number"]', { hasText: new RegExp(`^${roomNumber}$`) }) }).first();
  await row.getByTestId('room-history-link').click();
  await expect(page.getByTestId('history-request')).toHaveCount(3);
});
