import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer, api, apiToken, login, openMenu, screenshot } from './admin-support';

let server: E2EServer;

/**
 * The closed side menu leaves nothing at the window's start edge (its shadow showed there):
 * a strip along the edge looks exactly like a strip of plain background mid-page.
 */
async function startEdgeIsClear(page: Page, rtl: boolean) {
  const width = page.viewportSize()!.width;
  // 20 px: the edge itself, short of the 24 px page margin where content (Home's second row of tiles) may begin.
  const strip = (x: number) => page.screenshot({ clip: { x, y: 600, width: 20, height: 1 } });
  expect((await strip(rtl ? width - 20 : 0)).equals(await strip(600))).toBe(true);
}
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
      // One height for every one-line input of the form: a hint under one field (the target minutes) does not stretch the inputs beside it.
      const heights = await screen
        .getByTestId('create-panel')
        .locator('span.fui-Input')
        .evaluateAll((els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().height)))]);
      expect(heights.length, `${item}: input heights ${heights.join(', ')}`).toBeLessThanOrEqual(1);
      await screenshot(page, `${item}-${lang}`);
    }
  });
}

/** Every other admin screen, list and detail, reviewed at 1366 px (cut text, overlaps, RTL). */
for (const lang of ['en', 'ar'] as const) {
  test(`every other admin screen renders in ${lang} (screenshots)`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    const token = await apiToken(server.url);
    const first = async (path: string) => {
      const id = ((await api<{ id: number | string }[]>(server.url, token, 'GET', path)).body ?? [])[0]?.id;
      return id === undefined ? undefined : String(id);
    };
    // A request with a reply and an internal note, so the details pages and their thread are looked at too.
    if (!(await first('/api/Request/GetAllRequests'))) {
      const hotelId = Number(await first('/api/BasicData/GenerateHotels'));
      const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(server.url, token, 'GET', '/api/BasicData/GenerateServices');
      const services = groups.flatMap((g) => g.services).filter((x) => !x.isSpecial).slice(0, 2).map((x) => x.id);
      const { body: rooms } = await api<{ id: number }[]>(server.url, token, 'GET', `/api/BasicData/GenerateRooms?hotelId=${hotelId}`);
      const added = await api<{ id: string }>(server.url, token, 'POST', '/api/Request/AddRequest', {
        custName: 'Jonathan Wellington-Smythe',
        custEmail: 'jonathan@example.com',
        custPhone: '+966 55 123 4567',
        hotelId,
        roomId: rooms[0].id,
        note: 'Late arrival, please keep the room ready',
        services: services.map((serviceId) => ({ serviceId, note: '' })),
      });
      expect(added.status).toBe(200);
      const { body } = await api<{ requestDetails: { requestDetails: { id: number }[] } }>(server.url, token, 'GET', `/api/Request/GetRequestDetails/${added.body.id}`);
      const line = body.requestDetails.requestDetails[0].id;
      for (const [kind, text] of [['reply', 'Your room will be ready at 11 pm'], ['note', 'Guest is a returning VIP']]) {
        expect((await api(server.url, token, 'POST', '/api/Request/AddServiceMessage', { requestDetailsId: line, kind, text })).status).toBe(200);
      }
    }
    const requestId = await first('/api/Request/GetAllRequests');
    const serviceId = await first('/api/Request/GetAllServicesRequest');
    const roleId = await first('/api/Administration/GetAllRoles');
    const userId = await first('/api/Administration/GetAllUsers');
    const roomId = await first('/api/BasicData/GetAllRooms');
    const screens: [string, string | undefined][] = [
      ['requests', '/Admin/ServiceManagement/RequestList'],
      ['services', '/Admin/ServiceManagement/ServiceList'],
      ['request-details', requestId && `/Admin/Request/Details/${requestId}`],
      ['service-details', serviceId && `/Admin/Service/Details/${serviceId}`],
      ['users', '/Admin/Administration/Users'],
      ['user-roles', userId && `/Admin/UserRole/${userId}`],
      ['roles', '/Admin/Administration/Roles'],
      ['role-detail', roleId && `/Admin/RoleDetail/${roleId}`],
      ['email-settings', '/Admin/Administration/EmailSettings'],
      ['service-levels', '/Admin/Reports/ServiceLevels'],
      ['guest-feedback', '/Admin/Reports/GuestFeedback'],
      ['room-history', roomId && `/Admin/Room/History/${roomId}`],
    ];
    await login(page, server.url);
    if (lang === 'ar') {
      await page.getByRole('button', { name: 'Switch language' }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    await expect(page.getByTestId('home-figures')).toBeVisible();
    await startEdgeIsClear(page, lang === 'ar');
    await screenshot(page, `screen-home-${lang}`);
    for (const [name, path] of screens) {
      if (!path) continue; // the demo has no request yet: the request specs take those pages
      await page.goto(`${server.url}${path}`);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `screen-${name}-${lang}`);
    }
    // A dialog of each kind: edit (read-only code, Cancel) and delete (named hotel).
    await page.goto(`${server.url}/Admin/BasicData/Room`);
    const table = page.getByTestId('data-table');
    await table.getByRole('button', { name: lang === 'en' ? /^Edit / : /^تعديل / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, `screen-room-edit-${lang}`);
    // The edit modal has its Cancel: it closes the dialog, nothing saved.
    await page.getByRole('dialog').getByRole('button', { name: lang === 'en' ? 'Cancel' : 'إلغاء' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await table.getByRole('button', { name: lang === 'en' ? /^Delete / : /^حذف / }).first().click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await screenshot(page, `screen-room-delete-${lang}`);
  });
}
