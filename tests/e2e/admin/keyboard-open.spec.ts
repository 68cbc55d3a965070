import { expect, test, type Locator, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { startAlertsServer } from './alerts-support';
import { guestRequest, login, setLanguage } from './desk-support';

/**
 * A request opened by keyboard only, in English and in Arabic: g then r opens Guests
 * Requests, Tab reaches the grid, the arrows reach the request's row, Enter opens it; ?
 * lists the shortcuts in a dialog that keeps the focus until Escape.
 */
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ server, riyadh, lateCheckout } = await startAlertsServer());
});
test.afterAll(async () => server?.stop());

const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

async function pressUntil(page: Page, key: string, target: Locator, max = 40): Promise<void> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(key);
    if (await focused(target)) return;
  }
  throw new Error(`${key} x${max} never reached ${target}`);
}

/** The text of the grid row holding the focus. */
const focusedRow = (page: Page) => page.evaluate(() => document.activeElement?.closest('.ag-row')?.textContent ?? null);

const TEXT = {
  en: { heading: 'Guests Requests', shortcuts: 'Keyboard shortcuts', entry: 'Open Guests Requests' },
  ar: { heading: 'طلبات النزلاء', shortcuts: 'اختصارات لوحة المفاتيح', entry: 'فتح طلبات النزلاء' },
};

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: g r opens Guests Requests, the arrows reach a request and Enter opens it; ? lists the shortcuts`, async ({ page }) => {
    test.setTimeout(120_000);
    const request = await guestRequest(server.url, riyadh, [lateCheckout], `Keyboard Guest ${lang}`);
    await login(page, server.url);
    await setLanguage(page, lang);
    await expect(page).toHaveURL(/\/Admin\/Home$/);
    // The signed-in shell (which holds the shortcuts) is there once its header is.
    await expect(page.getByTestId('menu-toggle')).toBeVisible();

    // g then r, from the page: Guests Requests.
    await page.keyboard.press('g');
    await page.keyboard.press('r');
    await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/RequestList$/);
    await expect(page.getByRole('heading', { name: TEXT[lang].heading })).toBeVisible();
    const grid = page.getByTestId('data-table').locator('.ag-root-wrapper');
    await expect(grid.locator('.ag-row', { hasText: request.code })).toBeVisible({ timeout: 30_000 });

    // Tab to the grid (one tab stop), the arrows down to the request's row, Enter.
    await pressUntil(page, 'Tab', grid);
    for (let i = 0; i < 15 && !(await focusedRow(page))?.includes(request.code); i++) await page.keyboard.press('ArrowDown');
    expect(await focusedRow(page)).toContain(request.code);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));
    await expect(page.getByText(request.code).first()).toBeVisible();

    // ? lists the shortcuts; Tab stays in the dialog; Escape closes it.
    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: TEXT[lang].shortcuts });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(TEXT[lang].entry)).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focused(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
