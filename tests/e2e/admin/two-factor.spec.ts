import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { DEMO_PASSWORD, login, setLanguage } from './desk-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000); // the server's first start can be slow on a busy machine
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

/** The code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
function codeOf(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

const TEXT = {
  en: { setUp: 'Set up', code: 'Code from the app', confirm: 'Confirm', done: 'Done', on: 'Two-factor sign-in is on.', close: 'Close', logout: 'Logout' },
} as const;

async function enrolAndSignInAgain(page: Page, email: string) {
  const text = TEXT.en;
  const user = { email, password: DEMO_PASSWORD };
  await login(page, server.url, user);

  // Enrol from the header: the key shown is the one the test's "authenticator app" uses.
  await page.getByTestId('security-menu').click();
  await page.getByTestId('two-factor-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: text.setUp }).click();
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel(text.code).fill(codeOf(secret));
  await dialog.getByRole('button', { name: text.confirm }).click();
  await expect(dialog.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await dialog.getByRole('button', { name: text.done }).click();
  await expect(dialog.getByText(text.on)).toBeVisible();
  await dialog.getByRole('button', { name: text.close }).click();

  // Sign out, then in: the password alone no longer opens the app.
  await page.getByRole('button', { name: text.logout }).click();
  await expect(page).toHaveURL(/\/Admin\/Login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
  await expect(page).toHaveURL(/\/Admin\/Login$/);
  // The code used to confirm may not be used again: a wrong one is refused, the next step's is taken.
  await page.getByRole('textbox', { name: 'Code' }).fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('toast-error')).toContainText('The code is not correct');
  await page.getByRole('textbox', { name: 'Code' }).fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Admin\/Home$/);
}

// One run, in English: nothing in the flow depends on the language. The enrolment dialog in Arabic is
// tests/renderer/security/two-factor.test.tsx's; the audit below is read in Arabic (tests/COVERAGE.md).
test('a user sets up two-factor sign-in, signs out, and signs in with password and code; the Admin sees it in the security audit (in Arabic), and markup typed as an e-mail as text', async ({ page }) => {
  await enrolAndSignInAgain(page, 'fnb@nakheel.demo');
  await page.getByRole('button', { name: TEXT.en.logout }).click();
  // Someone types markup as the e-mail of a failed sign-in: the audit shows the characters, never the markup.
  const markup = '<b>bold</b><img/src=x/onerror=window.__audit_xss=1>@evil.example';
  const failed = await page.request.post(`${server.url}/api/Account/Login`, { data: { email: markup, password: 'not-the-password' } });
  expect(failed.status()).toBe(401);
  await login(page, server.url);
  await setLanguage(page, 'ar');
  await page.goto(`${server.url}/Admin/Administration/SecurityAudit`);
  const rows = page.getByTestId('security-event');
  await expect(rows.filter({ hasText: 'fnb@nakheel.demo' }).filter({ hasText: 'إعداد التحقق بخطوتين' })).toHaveCount(1);
  await expect(rows.filter({ hasText: markup })).toHaveCount(1);
  await expect(rows.locator('b, img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __audit_xss?: number }).__audit_xss)).toBeUndefined();
  await expect(page.getByTestId('export-xlsx')).toBeVisible();
});
