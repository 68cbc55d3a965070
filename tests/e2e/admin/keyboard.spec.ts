import { expect, test, type Locator, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, login } from './admin-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses `key` until `target` holds the focus; returns how many presses it took. */
async function pressUntil(page: Page, key: string, target: Locator, max = 25): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await focused(target)) return presses;
  }
  throw new Error(`${key} x${max} never reached ${target}`);
}

/** The grid cell holding the focus: its column id and row index. */
const focusedCell = (page: Page) =>
  page.evaluate(() => {
    const cell = document.activeElement?.closest('.ag-cell');
    return cell ? { col: cell.getAttribute('col-id'), row: cell.closest('.ag-row')?.getAttribute('row-index') } : null;
  });

test('a whole edit by keyboard only: menu, grid, row action, dialog, save; Escape closes menu and dialog', async ({ page }) => {
  await login(page, server.url);
  await page.reload(); // the app as it opens: nothing focused yet
  const toggle = page.getByTestId('menu-toggle');
  const nav = page.getByRole('navigation');

  // The first Tab reaches the menu button; Enter opens the menu with the focus in it; Escape closes it.
  await expect(toggle).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await pressUntil(page, 'Tab', nav.getByRole('link', { name: 'Companies' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/Admin\/BasicData\/Company$/);
  await expect(nav).toBeHidden();
  const table = page.getByTestId('data-table');
  await expect(table.locator('.ag-row').first()).toBeVisible();

  // The grid is one tab stop: a few Tabs reach it, one Tab leaves it for the pager.
  const grid = table.locator('.ag-root-wrapper');
  const toGrid = await pressUntil(page, 'Tab', grid);
  expect(toGrid).toBeLessThanOrEqual(8);
  await page.keyboard.press('Tab');
  expect(await focused(grid)).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await focused(grid)).toBe(true);

  // Arrows inside: down to the first row, right to its actions.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: '0' });
  for (let i = 0; i < 10 && (await focusedCell(page))?.col !== 'actions'; i++) await page.keyboard.press('ArrowRight');
  expect(await focusedCell(page)).toEqual({ col: 'actions', row: '0' });

  // Enter steps into the cell's buttons; Tab walks them; Shift+Tab goes back; Enter presses one.
  await page.keyboard.press('Enter');
  const edit = table.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(table.getByRole('button', { name: /^Delete / }).first()).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Escape closes the dialog without saving.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The focus is back on the Edit button: again, and this time change the name and save with Enter.
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name');
  await pressUntil(page, 'Tab', name);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard Holding');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await expect(table.getByText('Keyboard Holding')).toBeVisible();
  // The focus stays in the grid, on the row just edited, for the next key.
  await expect.poll(() => focused(grid)).toBe(true);
  await expect.poll(() => focusedCell(page)).toMatchObject({ row: '0' });
});

test('in Arabic the arrows follow the right-to-left grid to the row actions', async ({ page }) => {
  await login(page, server.url);
  await page.getByRole('button', { name: 'Switch language' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${server.url}/Admin/BasicData/Company`);
  const table = page.getByTestId('data-table');
  await expect(table.locator('.ag-row').first()).toBeVisible();
  await table.getByRole('textbox').focus();
  await pressUntil(page, 'Tab', table.locator('.ag-root-wrapper'));
  await page.keyboard.press('ArrowDown');
  // Right to left: the actions column is the left-most, reached with ArrowLeft.
  for (let i = 0; i < 10 && (await focusedCell(page))?.col !== 'actions'; i++) await page.keyboard.press('ArrowLeft');
  expect(await focusedCell(page)).toEqual({ col: 'actions', row: '0' });
  await page.keyboard.press('Space');
  await expect(table.getByRole('button', { name: /^تعديل / }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});
