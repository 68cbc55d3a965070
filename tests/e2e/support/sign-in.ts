import { expect, type Page } from '@playwright/test';
import type { LoginResponse } from '@shared/api/account';
import { SESSION_STORAGE, type SessionRecord } from '../../../renderer/src/platform/session-record';
import { E2E_ADMIN } from './server';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs `user` in without the login screen, and leaves the page on Home as the screen does.
 *
 * The tokens come from POST /api/Account/Login, sent from Node with the browser's User-Agent (a
 * signed-in device is named after it); the renderer's session record (session-record.ts) is written
 * into the origin's storage from a page that loads no app (robots.txt), then Home opens and reads
 * it as a returning user's app does. The language is put back to English, as the login screen
 * does on load (SPEC §1). Each call is its own login (its own refresh-token family), as a sign-in
 * through the screen is: nothing is shared between contexts, so a test that refreshes, signs
 * out, ends its sessions or changes the user's roles spends nothing another test holds. That
 * costs one password check on the server (~40 ms); the screen cost ≈ 2.3 CPU-s on a cold context.
 *
 * Users with two-factor sign-in, and tests about signing in itself (login, session, sessions,
 * passkeys), go through the screen: loginThroughScreen.
 */
export async function login(page: Page, baseUrl: string, user: Credentials = E2E_ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const res = await fetch(`${baseUrl}/api/Account/Login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify(user),
  });
  const answer = (await res.json()) as Partial<LoginResponse>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  if (!answer.accessToken || !answer.refreshToken)
    throw new Error(`${user.email} signs in with a second step (two-factor): use loginThroughScreen. ${JSON.stringify(answer)}`);
  const { accessToken, refreshToken, permissions = [], claims = [], userRoles = [], userName = '', userEmail = '' } = answer;
  const record: SessionRecord = { session: { accessToken, permissions, claims, userRoles, userName, userEmail }, refreshToken };
  await page.evaluate(
    async ({ record, where }) => {
      // What writeRecord does: the localStorage mirror and the IndexedDB record (read first, when there is one).
      localStorage.setItem(where.key, JSON.stringify(record));
      localStorage.setItem('hotel.language', JSON.stringify({ language: 'en', isRtl: false }));
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(where.database, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(where.store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(where.store, 'readwrite');
          tx.objectStore(where.store).put(record, where.key);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = tx.onabort = () => (open.result.close(), reject(tx.error));
        };
      });
    },
    { record, where: SESSION_STORAGE },
  );
  await page.goto(`${baseUrl}/Admin/Home`);
  // Signed in: the shell's header, not the login page the app sends a refused session to.
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(page).toHaveURL(/\/Admin\/Home$/);
}

/** Signs in through the login screen, as a person does: for what is about signing in, and two-factor users' first step. */
export async function loginThroughScreen(page: Page, baseUrl: string, user: Credentials = E2E_ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/Admin/Login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/Admin\/Home$/);
}
