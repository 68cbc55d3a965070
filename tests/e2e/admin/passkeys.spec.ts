import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { DEMO_PASSWORD, RECEPTIONIST, api, loginThroughScreen, setLanguage } from './desk-support';

let server: E2EServer;
/**
 * The app by name, not by 127.0.0.1: WebAuthn takes no IP address as the relying party,
 * and http is a secure context only on localhost.
 */
let base: string;
test.beforeAll(async () => {
  test.setTimeout(240_000); // the server's first start can be slow on a busy machine
  server = await adminServer();
  const url = new URL(server.url);
  url.hostname = 'localhost';
  base = url.origin;
});
test.afterAll(async () => server?.stop());

/** Chromium's virtual authenticator: a platform authenticator that keeps passkeys and verifies the user. */
async function withAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

const TEXT = {
  en: { name: 'Name of the passkey', add: 'Add a passkey', added: 'The passkey was added', never: 'Not used yet', lastUsed: 'Last used', remove: 'Remove', close: 'Close', logout: 'Logout' },
} as const;

async function addSignOutSignIn(page: Page, email: string) {
  const text = TEXT.en;
  await withAuthenticator(page);
  await loginThroughScreen(page, base, { email, password: DEMO_PASSWORD });

  // Add a passkey from the header, named.
  await page.getByTestId('security-menu').click();
  await page.getByTestId('passkeys-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text.name).fill('Front desk PC');
  await dialog.getByRole('button', { name: text.add }).click();
  await expect(page.getByTestId('toast-success')).toContainText(text.added);
  const row = dialog.getByTestId('passkey');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Front desk PC');
  await expect(row).toContainText(text.never);
  await dialog.getByRole('button', { name: text.close }).click();

  // Sign out, then in with the passkey alone: no e-mail, no password.
  await page.getByRole('button', { name: text.logout }).click();
  await expect(page).toHaveURL(/\/Admin\/Login$/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/Admin\/Home$/);

  // Its last use shows; removed, it signs in no more.
  await page.getByTestId('security-menu').click();
  await page.getByTestId('passkeys-open').click();
  await expect(row).toContainText(text.lastUsed);
  await dialog.getByRole('button', { name: `${text.remove} Front desk PC` }).click();
  await expect(dialog.getByTestId('passkey')).toHaveCount(0);
  await dialog.getByRole('button', { name: text.close }).click();
  await page.getByRole('button', { name: text.logout }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('toast-error')).toContainText('This passkey is not registered');
  await expect(page).toHaveURL(/\/Admin\/Login$/);
}

// One run, in English: nothing in the flow depends on the language; the audit below is read in Arabic
// (tests/COVERAGE.md says what proves the Arabic dialog).
test('a user adds a passkey, signs out, and signs in with the passkey; removed, it no longer signs in; the Admin sees it in the security audit (in Arabic)', async ({ page }) => {
  await addSignOutSignIn(page, 'guestrelations@nakheel.demo');
  await loginThroughScreen(page, base);
  await setLanguage(page, 'ar');
  await page.goto(`${base}/Admin/Administration/SecurityAudit`);
  const rows = page.getByTestId('security-event').filter({ hasText: 'guestrelations@nakheel.demo' });
  await expect(rows.filter({ hasText: 'إضافة مفتاح مرور' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'تسجيل دخول بمفتاح مرور' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'حذف مفتاح مرور' })).toHaveCount(1);
});

test('the login page offers no passkey where the browser has no WebAuthn (an IP address over plain http)', async ({ page }) => {
  await page.goto(`${server.url.replace('localhost', '127.0.0.1')}/Admin/Login`);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
});

test('the desktop app’s passkey sign-in: its page in the browser runs the passkey, says to return to the app in English and Arabic, and hands the app a code only its flow key redeems', async ({ page }) => {
  await withAuthenticator(page);
  await loginThroughScreen(page, base, RECEPTIONIST);
  await page.getByTestId('security-menu').click();
  await page.getByTestId('passkeys-open').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(TEXT.en.name).fill('Desk phone');
  await dialog.getByRole('button', { name: TEXT.en.add }).click();
  await expect(page.getByTestId('toast-success')).toContainText(TEXT.en.added);
  await dialog.getByRole('button', { name: TEXT.en.close }).click();
  await page.getByRole('button', { name: TEXT.en.logout }).click();
  await expect(page).toHaveURL(/\/Admin\/Login$/);

  // What the desktop app does on its button: start the flow and open the page in the system browser.
  const started = await api<{ url: string; flowKey: string }>(base, undefined, 'POST', '/api/Account/Passkeys/DesktopStart');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.url).toMatch(new RegExp(`^${base}/Admin/Login#passkey-desktop=[A-Za-z0-9_-]+$`));
  // A fresh page load, as the system browser's new tab is (from the login page only the fragment would change).
  await page.goto('about:blank');
  await page.goto(started.body.url);
  await expect(page.getByText('Sign in to the Hotel Services desktop app with your passkey.')).toBeVisible();
  await expect(page.getByText('سجّل الدخول إلى تطبيق خدمات الفندق على سطح المكتب بمفتاح المرور.')).toBeVisible();
  // The handle left the address bar once read; no password form here.
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(/^You are signed in: return to the Hotel Services app/)).toBeVisible();
  await expect(page.getByText(/^تم تسجيل دخولك: عد إلى تطبيق خدمات الفندق/)).toBeVisible();
  // The link the page opened (the OS hands it to the app): hotel-desk://sso?code=…
  const link = await page.getByRole('link', { name: /Open the app/ }).getAttribute('href');
  expect(link).toMatch(/^hotel-desk:\/\/sso\?code=[A-Za-z0-9_%-]+$/);
  const exchangeCode = decodeURIComponent(new URL(link ?? '').searchParams.get('code') ?? '');

  // The code alone signs nobody in; with the app's flow key it does, once.
  expect((await api(base, undefined, 'POST', '/api/Account/Sso/Complete', { flowKey: 'not-the-key', exchangeCode })).status).toBe(401);
  const signedIn = await api<{ userEmail: string }>(base, undefined, 'POST', '/api/Account/Sso/Complete', { flowKey: started.body.flowKey, exchangeCode });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  expect(signedIn.body.userEmail).toBe(RECEPTIONIST.email);
  expect((await api(base, undefined, 'POST', '/api/Account/Sso/Complete', { flowKey: started.body.flowKey, exchangeCode })).status).toBe(401);
});
