import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { E2EServer } from '../support/server';
import { adminServer, login, openMenu, screenshot } from './admin-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000); // the server's first start can be slow on a busy machine
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

async function openScreen(page: Page, item: string, title: string) {
  await openMenu(page);
  await page.getByRole('navigation').getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/BasicData/${item}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The menu closes after following a link.
  await expect(page.getByRole('navigation')).toBeHidden();
}

const search = (page: Page, text: string) => page.getByRole('textbox', { name: 'Search...' }).fill(text);
const grid = (page: Page) => page.getByTestId('data-table');

test('room types: download the Excel template, fill it, upload it; a bad sheet lists every row error', async ({ page }) => {
  await login(page, server.url);
  await openScreen(page, 'RoomType', 'Room Types');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('RoomTypeTemplate.xlsx');
  const templatePath = path.join(os.tmpdir(), `rt-template-${Date.now()}.xlsx`);
  await download.saveAs(templatePath);

  const fill = async (rows: Record<string, string>[]) => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(templatePath) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    rows.forEach((row, i) => {
      const r = sheet.getRow(i + 2);
      for (const [key, value] of Object.entries(row)) r.getCell(headers.indexOf(key)).value = value;
      r.commit();
    });
    const out = path.join(os.tmpdir(), `rt-filled-${Date.now()}.xlsx`);
    writeFileSync(out, Buffer.from(await book.xlsx.writeBuffer()));
    return out;
  };
  const upload = async (file: string) => {
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Excel' }).click();
    await (await choosing).setFiles(file);
  };

  await upload(
    await fill([
      { roomTypeCode: 'XLS-1', nameEn: 'Sheet Suite', nameAr: 'جناح الجدول' },
      { roomTypeCode: 'XLS-2', nameEn: 'Sheet Twin', nameAr: 'توأم الجدول' },
    ]),
  );
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await search(page, 'XLS-');
  await expect(grid(page).getByText('Sheet Suite')).toBeVisible();
  await expect(grid(page).getByText('Sheet Twin')).toBeVisible();

  await upload(
    await fill([
      { roomTypeCode: 'XLS-3', nameEn: '', nameAr: 'بلا اسم' },
      { roomTypeCode: 'XLS-1', nameEn: 'Again', nameAr: 'مجددًا' },
    ]),
  );
  const problems = page.getByTestId('row-errors');
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(3); // header + one per problem
  await expect(problems).toContainText('nameEn');
  await screenshot(page, 'roomtype-row-errors-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // Nothing of the bad sheet was imported.
  await search(page, 'XLS-3');
  await expect(grid(page).getByText('No data to be shown')).toBeVisible();
});

test('switching to Arabic mirrors the layout and persists', async ({ page }) => {
  await login(page, server.url);
  const toggle = page.getByTestId('menu-toggle');
  const ltrX = (await toggle.boundingBox())!.x;
  expect(ltrX).toBeLessThan(200);
  await page.getByRole('button', { name: 'Switch language' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: 'مرحبًا بك في خدمات الفندق' })).toBeVisible();
  const rtlX = (await toggle.boundingBox())!.x;
  expect(rtlX).toBeGreaterThan(1366 - 200);
  await openMenu(page);
  // The menu slides in from the right edge: measured where it comes to rest.
  await expect.poll(async () => {
    const menuBox = (await page.getByRole('navigation').boundingBox())!;
    return menuBox.x + menuBox.width;
  }).toBeGreaterThan(1366 - 5);
  await page.getByRole('navigation').getByRole('link', { name: 'الشركات' }).click();
  await expect(page.getByRole('heading', { name: 'الشركات' })).toBeVisible();
  // The grid mirrors too: the row-number column is the right-most one.
  await expect(page.locator('.ag-rtl').first()).toBeAttached();
  const numberX = (await page.locator('.ag-header-cell[col-id="rowNumber"]').boundingBox())!.x;
  const nameX = (await page.locator('.ag-header-cell[col-id="name"]').boundingBox())!.x;
  expect(numberX).toBeGreaterThan(nameX);
  await screenshot(page, 'company-list-ar');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الشركات' })).toBeVisible();
  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
});
