import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, login, openMenu, screenshot } from './admin-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

const ITEMS = ['Company', 'Hotel', 'UseType', 'RoomType', 'BookingRoom', 'Room', 'ServiceGroup', 'Service', 'Worker', 'Departments'];

for (const lang of ['en', 'ar'] as const) {
  test(`every master-data screen renders in ${lang} (screenshots)`, async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, server.url);
    if (lang === 'ar') {
      await page.getByRole('button', { name: 'Switch language' }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await screenshot(page, `home-${lang}`);
    await openMenu(page);
    await screenshot(page, `menu-${lang}`);
    for (const item of ITEMS) {
      await page.goto(`${server.url}/Admin/BasicData/${item}`);
      const screen = page.getByTestId(`screen-${item}`);
      await expect(screen).toBeVisible();
      // Loaded: rows, or the empty text (the demo has no booking rooms).
      // .first(): for a moment both can show, the grid's empty text fading as rows arrive.
      await expect(screen.locator('.ag-row').first().or(screen.getByText(lang === 'en' ? 'No data to be shown' : 'لا توجد بيانات لعرضها')).first()).toBeVisible();
      await screen.getByRole('button', { name: lang === 'en' ? 'Add new' : 'إضافة جديد' }).click();
      await screenshot(page, `${item}-${lang}`);
    }
  });
}
