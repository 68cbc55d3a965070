import { expect, test, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { api, login, screenshot, tokenOf } from './desk-support';

/** The demo as a newcomer first opens it (npm start -- --demo): a month of requests behind every report. */

let server: E2EServer;
let repeatRoomId: number;

const TEXT = {
  en: {
    levels: 'Service levels',
    feedback: 'Guest feedback',
    empty: 'No data in this period',
    repeatFaults: 'Repeat faults in the last 30 days',
    acRepair: 'Air conditioning repair',
    noRows: 'No data to be shown',
    next: 'Next',
  },
} as const;

test.beforeAll(async () => {
  server = await startE2EServer({ demo: true, demoHistory: true });
  const token = await tokenOf(server.url);
  const hotels = (await api<{ id: number; name: string }[]>(server.url, token, 'GET', '/api/BasicData/GenerateHotels')).body;
  const riyadh = hotels.find((h) => h.name === 'Nakheel Riyadh Hotel')!;
  const rooms = (await api<{ id: number; number: string }[]>(server.url, undefined, 'GET', `/api/BasicData/GenerateRooms?hotelId=${riyadh.id}`)).body;
  repeatRoomId = rooms.find((r) => r.number === '204')!.id;
});
test.afterAll(async () => server?.stop());

/** Each chart is drawn (an svg with paths or bars), not the empty-period message. */
async function expectDrawnCharts(page: Page, empty: string): Promise<void> {
  for (const chart of ['chart-trend', 'chart-groups', 'chart-ratings']) {
    const figure = page.getByTestId(chart);
    await expect(figure.locator('svg').first()).toBeVisible();
    await expect(figure.getByText(empty)).toHaveCount(0);
    expect(await figure.locator('svg path, svg rect').count()).toBeGreaterThan(0);
  }
}

// English only: no check here depends on the language. The same screens in Arabic are the accessibility
// walk's, the charts drawn right to left reports.spec's (tests/COVERAGE.md).
test('the demo has a past in English: drawn charts, a room with a repeat fault, reviews', async ({ page }) => {
  const text = TEXT.en;
  await login(page, server.url);

  await page.goto(`${server.url}/Admin/Reports/ServiceLevels`);
  await expect(page.getByRole('heading', { name: text.levels, level: 1 })).toBeVisible();
  await page.getByTestId('preset-days30').click();
  await expectDrawnCharts(page, text.empty);
  // The department chart: a bar for each of the five departments.
  expect(await page.getByTestId('chart-groups').locator('svg rect').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('report-total')).not.toContainText(/\b0 (lines|خدمة)/);
  await screenshot(page, `demo-history-levels-en`);

  await page.goto(`${server.url}/Admin/Room/History/${repeatRoomId}`);
  await expect(page.getByTestId('repeat-faults')).toContainText(text.repeatFaults);
  await expect(page.getByTestId('repeat-faults')).toContainText(text.acRepair);
  expect(await page.getByTestId('history-request').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('repeat-fault').first()).toBeVisible();
  await screenshot(page, `demo-history-room-en`);

  await page.goto(`${server.url}/Admin/Reports/GuestFeedback`);
  await expect(page.getByRole('heading', { name: text.feedback, level: 1 })).toBeVisible();
  // A full first page, and more pages behind it.
  await expect(page.locator('.ag-row')).toHaveCount(5);
  await expect(page.getByRole('button', { name: text.next })).toBeEnabled();
  await expect(page.getByText(text.noRows)).toHaveCount(0);
  await screenshot(page, `demo-history-feedback-en`);
});
