import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { login } from './desk-support';

let server: E2EServer;
test.beforeAll(async () => {
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

const text = {
  title: 'Sign-in',
  issuer: 'Issuer URL',
  clientId: 'Client id',
  secret: 'Client secret',
  name: 'Name on the button',
  enabled: 'Offer single sign-on on the login page',
  badIssuer: 'starting with https://',
  save: 'Save',
  saved: 'Single sign-on settings saved',
  secretSet: 'A secret is set',
} as const;

// In English only: no step depends on the language (tests/COVERAGE.md says what proves the Arabic screen).
test('Administration → Sign-in sets up single sign-on, the secret never shown again, and the login page offers it', async ({ page }) => {
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/Administration/SignIn`);
  const screen = page.getByTestId('screen-SignIn');
  await expect(screen.getByRole('heading', { name: text.title })).toBeVisible();
  await expect(screen.locator('input[name=redirectUri]')).toHaveValue(/\/api\/Account\/Sso\/Callback$/);

  await screen.getByRole('checkbox', { name: text.enabled }).check();
  await screen.getByLabel(text.name).fill('Contoso ID');
  await screen.getByLabel(text.issuer).fill('http://idp.example/?x=1');
  await screen.getByLabel(text.clientId).fill('hotel-app');
  await screen.getByLabel(text.secret).fill('s3cret-value-of-the-provider');
  await screen.getByRole('button', { name: text.save }).click();
  await expect(screen.getByText(text.badIssuer)).toBeVisible();

  await screen.getByLabel(text.issuer).fill('https://login.example.com/en/v2.0');
  await screen.getByRole('button', { name: text.save }).click();
  await expect(page.getByTestId('toast-success')).toContainText(text.saved);
  await page.reload();
  await expect(screen.getByLabel(text.issuer)).toHaveValue('https://login.example.com/en/v2.0');
  await expect(screen.getByLabel(text.secret)).toHaveValue('');
  await expect(screen.getByText(text.secretSet)).toBeVisible();
  expect(await page.content()).not.toContain('s3cret-value-of-the-provider');

  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/Admin/Login`);
  await expect(page.getByRole('button', { name: 'Sign in with Contoso ID' })).toBeVisible();
});
