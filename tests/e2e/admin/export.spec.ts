import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { startE2EServer, type E2EServer } from '../support/server';
import { login, screenshot } from './desk-support';

let server: E2EServer;
test.beforeAll(async () => {
  server = await startE2EServer({ demo: true });
});
test.afterAll(async () => server?.stop());

/**
 * The grid's rows as the user sees them, once it shows `count` of them: in display order, every data column's
 * text. A search animates the rows it removes out (AG Grid's row animation): read before they are gone, a list
 * still holds the page it had before the search.
 */
async function shownRows(page: Page, count: number): Promise<string[][]> {
  const rows = page.locator('.ag-row');
  await expect(rows).toHaveCount(count);
  return rows.evaluateAll((rows) =>
    rows
      .map((row) => ({
        index: Number(row.getAttribute('row-index')),
        cells: [...row.querySelectorAll('[role=gridcell]')]
          .filter((c) => !['rowNumber', 'actions', 'history'].includes(c.getAttribute('col-id') ?? ''))
          .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
          .map((c) => (c.textContent ?? '').trim()),
      }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.cells),
  );
}

test('a searched and sorted list exports to an .xlsx holding exactly the rows shown', async ({ page }) => {
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await expect(page.getByTestId('page-info')).toContainText('page 1 of');
  await page.getByRole('combobox', { name: 'Entries shown' }).click();
  await page.getByRole('option', { name: '50' }).click();
  await page.getByRole('textbox', { name: 'Search...' }).fill('Jeddah');
  await page.getByRole('columnheader', { name: 'Room number' }).click();
  await page.getByRole('columnheader', { name: 'Room number' }).click();
  await expect(page.getByTestId('page-info')).toHaveText('page 1 of 1');
  // Jeddah's 40 rooms, all on the one page.
  const shown = await shownRows(page, 40);
  // Sorted descending by number: the first shown is the highest room of Jeddah.
  expect(shown[0].join(' ')).toContain('Jeddah');
  const headers = await page
    .locator('.ag-header-cell')
    .evaluateAll((cells) =>
      cells
        .filter((c) => !['rowNumber', 'actions', 'history'].includes(c.getAttribute('col-id') ?? ''))
        .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
        .map((c) => (c.querySelector('.ag-header-cell-text')?.textContent ?? '').trim()),
    );

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^Rooms \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await download.path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
  expect(rows[0].map(String)).toEqual(headers);
  // Dates are real Excel dates with a date format (sortable, filterable), the rest the text shown.
  const created = headers.indexOf('Created at');
  expect(created).toBeGreaterThan(0);
  const text = (row: unknown[]) => row.map((v, i) => (i === created ? '' : String(v ?? '')));
  expect(rows.slice(1).map(text)).toEqual(shown.map(text));
  for (const row of rows.slice(1)) expect(row[created]).toBeInstanceOf(Date);
  expect(sheet.getColumn(created + 1).numFmt).toBe('dd mmm yyyy hh:mm');
  await screenshot(page, 'rooms-export-en');
});
