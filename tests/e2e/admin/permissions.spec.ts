import { expect, test } from '@playwright/test';
import { startSmtp, type SmtpCatcher } from '../../support/smtp';
import type { E2EServer } from '../support/server';
import { adminServer, api, apiToken, login, openMenu, screenshot } from './admin-support';

let server: E2EServer;
let smtp: SmtpCatcher;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  server = await adminServer();
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const DESK = { email: 'desk.e2e@hotel.test', password: 'Desk-Passw0rd-1' };
const GRANTED = ['Basic Data.Company.View', 'Basic Data.Room.View', 'Basic Data.Room.Create', 'Service Management.Service List.View'];

test('a restricted user set up through the Administration API sees only what their role allows', async ({ page }) => {
  const token = await apiToken(server.url);
  const ok = (r: { status: number; body: unknown }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  ok(
    await api(server.url, token, 'POST', '/api/Administration/UpdateEmailSettings', {
      smtpServer: '127.0.0.1',
      smtpPort: smtp.port,
      senderName: 'Hotel E2E',
      senderEmail: 'noreply@hotel.test',
      username: '',
      password: '',
    }),
  );
  ok(await api(server.url, token, 'POST', '/api/Administration/AddRole', { name: 'Front desk E2E', description: 'Companies and rooms' }));
  const roles = ok(await api(server.url, token, 'GET', '/api/Administration/GetAllRoles')) as { id: number; name: string }[];
  const role = roles.find((r) => r.name === 'Front desk E2E')!;
  const detail = ok(await api(server.url, token, 'GET', `/api/Administration/GetRoleClaims/${role.id}`)) as {
    roleName: string;
    claims: { claimType: string; category: string; isSelected: boolean }[];
  };
  ok(
    await api(server.url, token, 'POST', '/api/Administration/UpdateRoleClaims', {
      roleId: role.id,
      roleName: detail.roleName,
      claims: detail.claims.map((c) => ({ ...c, isSelected: GRANTED.includes(c.claimType) })),
    }),
  );
  const departments = ok(await api(server.url, token, 'GET', '/api/BasicData/GenerateDepartments')) as { id: number }[];
  const hotels = ok(await api(server.url, token, 'GET', '/api/BasicData/GenerateHotels')) as { id: number }[];
  ok(
    await api(server.url, token, 'POST', '/api/Administration/AddUser', {
      firstName: 'Desk',
      lastName: 'Clerk',
      phoneNumber: '+966 50 123 4567',
      email: DESK.email,
      userCode: 'E2E-DESK',
      language: 'ar',
      departmentIds: [departments[0].id],
      hotelIds: [hotels[0].id],
    }),
  );
  const users = ok(await api(server.url, token, 'GET', '/api/Administration/GetAllUsers')) as { id: number; email: string }[];
  const user = users.find((u) => u.email === DESK.email)!;
  ok(await api(server.url, token, 'POST', '/api/Administration/UpdateUserRoles', { userId: user.id, roles: [{ roleId: role.id, isSelected: true }] }));

  // The invitation e-mail's link opens the reset screen in the user's language (Arabic).
  const mail = await smtp.waitFor((m) => m.to.includes(DESK.email), 30_000);
  const query = /ResetPassword\?([^\s"'<>]+)/.exec(mail.text)![1].replace(/&amp;/g, '&');
  await page.goto(`${server.url}/Dashboard/ResetPassword?${query}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('كلمة المرور الجديدة').fill(DESK.password);
  await page.getByLabel('تأكيد كلمة المرور').fill(DESK.password);
  await screenshot(page, 'reset-password-ar');
  await page.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  await expect(page).toHaveURL(/\/Admin\/Login$/);

  await login(page, server.url, DESK);
  await openMenu(page);
  const menu = page.getByRole('navigation');
  await expect(menu.getByRole('link')).toHaveText(['Companies', 'Rooms', 'Services List']);
  // The menu's sections, and its keyboard-shortcuts help (every user has it).
  await expect(menu.getByRole('button')).toHaveText(['Basic Data', 'Service Management', 'Keyboard shortcuts (?)']);
  await screenshot(page, 'menu-restricted-en');

  // View only: no add, edit or delete on companies.
  await menu.getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  await expect(page.getByTestId('data-table').getByText('Nakheel Hospitality')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add new' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // Rooms: may add, and so may use the Excel tools, but not edit or delete.
  await page.goto(`${server.url}/Admin/BasicData/Room`);
  await expect(page.getByRole('button', { name: 'Add new' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download template' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // A list the user may not view does not exist for them.
  await page.goto(`${server.url}/Admin/BasicData/Hotel`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
