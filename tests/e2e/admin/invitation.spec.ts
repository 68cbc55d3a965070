import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { api, login, loginThroughScreen, screenshot, tokenOf } from './desk-support';

/**
 * End to end: the e-mail server is down when a user is invited. The admin
 * sees the failure in plain words, copies the invitation link instead, and the new user
 * sets a password through it on a page in their own language (Arabic), then signs in.
 */
let server: E2EServer;
let admin: string;

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  server = await startE2EServer({ demo: true });
  admin = await tokenOf(server.url);
  const res = await api(server.url, admin, 'POST', '/api/Administration/UpdateEmailSettings', {
    smtpServer: '127.0.0.1',
    smtpPort: await closedPort(),
    senderName: 'Nakheel',
    senderEmail: 'noreply@nakheel.demo',
    username: '',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
test.afterAll(async () => {
  await server?.stop();
});

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).or(page.getByRole('menuitemcheckbox', { name: option })).first().click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: label })).toContainText(option);
}

test('invitation e-mail fails → copy the link → the new user sets a password through it in Arabic and signs in', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/Administration/Users`);
  await page.getByRole('button', { name: 'Add new' }).click();
  const form = page.getByTestId('user-form');
  const email = `nour.${Date.now()}@nakheel.demo`;
  await form.getByLabel('First name').fill('Nour');
  await form.getByLabel('Last name').fill('Invited');
  await form.getByLabel('Phone number').fill('+966 55 222 7788');
  await form.getByLabel('User code').fill(`NOUR-${Date.now() % 100000}`);
  await form.getByLabel(/^E-mail\s*\*?$/).fill(email);
  await pick(page, 'Departments', 'Front Office');
  await pick(page, 'Hotels', 'Nakheel Riyadh Hotel');
  await form.getByRole('combobox', { name: 'E-mail language' }).click();
  await page.getByRole('option', { name: 'العربية' }).click();
  await form.getByRole('button', { name: 'Add' }).click();

  // Plain words, not a green toast, never the network's own text.
  const warning = page.getByTestId('toast-warning');
  await expect(warning).toContainText('the invitation e-mail could not be sent (could not connect to the e-mail server)');
  await expect(warning).not.toContainText('ECONNREFUSED');
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Invitation failed');
  await screenshot(page, 'users-invitation-failed-en');

  await row.getByRole('button', { name: 'More actions for Nour Invited' }).click();
  await page.getByRole('menuitem', { name: 'Copy invitation link' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('every link sent before stops working');
  await dialog.getByRole('button', { name: 'Make and copy link' }).click();
  const field = dialog.getByTestId('invitation-link');
  await expect(field).toHaveValue(/\/Dashboard\/ResetPassword\?/);
  const link = new URL(await field.inputValue());
  expect(link.searchParams.get('lang')).toBe('ar');
  await screenshot(page, 'users-invitation-link-en');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Link handed over');

  // The new user, on another device: the page opens in Arabic, right to left.
  const invited = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await invited.goto(`${server.url}${link.pathname}${link.search}`);
  await expect(invited.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(invited.getByRole('heading', { name: 'تعيين كلمة مرور جديدة' })).toBeVisible();
  await screenshot(invited, 'set-password-ar');
  const fields = invited.locator('input[type="password"]');
  await fields.nth(0).fill('Nour-Passw0rd!');
  await fields.nth(1).fill('Nour-Passw0rd!');
  await invited.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  await expect(invited).toHaveURL(/\/Admin\/Login/);
  await loginThroughScreen(invited, server.url, { email, password: 'Nour-Passw0rd!' });

  // Used once: the same link is refused now.
  const again = await api(server.url, undefined, 'POST', '/api/Account/ResetPassword', {
    email: link.searchParams.get('email'),
    token: link.searchParams.get('token'),
    newPassword: 'Another-Passw0rd!',
  });
  expect(again.status).toBe(400);
  await invited.close();

  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText('Password set');
});
