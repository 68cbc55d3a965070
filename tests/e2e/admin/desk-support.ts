import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { SmtpCatcher } from '../../support/smtp';
import { E2E_ADMIN } from '../support/server';
import type { Credentials } from '../support/sign-in';
import { animationsSettled } from '../support/settled';

/** Helpers of the part-2 admin specs: API calls as the browser makes them, login, screenshots, invitations. */

export const SCREENSHOTS = 'test-results/screenshots';
export const DEMO_PASSWORD = 'Demo-Passw0rd!';
export const RECEPTIONIST = { email: 'frontoffice@nakheel.demo', password: DEMO_PASSWORD };

export { login, loginThroughScreen, type Credentials } from '../support/sign-in';

/** Sets the persisted language choice (SPEC §1) and reloads, as a returning user would find it. */
export async function setLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('hotel.language', JSON.stringify({ language: l, isRtl: l === 'ar' })), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/**
 * A picture of the page for a person to look at (docs, a review): nothing compares it, so
 * it is taken only when asked for with HOTEL_SCREENSHOTS=1, and a normal run skips the wait.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.HOTEL_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await animationsSettled(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

export async function tokenOf(baseUrl: string, user: Credentials = E2E_ADMIN): Promise<string> {
  const res = await api<{ accessToken: string }>(baseUrl, undefined, 'POST', '/api/Account/Login', user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.accessToken;
}

export async function api<T = any>(baseUrl: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=en`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function lookup(baseUrl: string, token: string, path: string, name: string): Promise<number> {
  const { body } = await api<{ id: number; name: string }[]>(baseUrl, token, 'GET', path);
  const found = body.find((o) => o.name === name);
  if (!found) throw new Error(`${name} not in ${path}: ${body.map((o) => o.name).join(', ')}`);
  return found.id;
}

/** A guest request through the public API, as the phone page sends it. */
export async function guestRequest(
  baseUrl: string,
  hotelId: number,
  serviceIds: number[],
  custName = 'Layla Hassan',
  custPhone = '+966 55 123 4567',
): Promise<{ id: string; code: string }> {
  const { body: rooms } = await api<{ id: number }[]>(baseUrl, undefined, 'GET', `/api/BasicData/GenerateRooms?hotelId=${hotelId}`);
  const res = await api<{ id: string }>(baseUrl, undefined, 'POST', '/api/Request/AddRequest', {
    custName,
    custEmail: 'layla@example.com',
    custPhone,
    hotelId,
    roomId: rooms[0].id,
    note: '',
    services: serviceIds.map((serviceId) => ({ serviceId, note: 'Please hurry' })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const view = await api<{ requestCode: string }>(baseUrl, undefined, 'GET', `/api/Request/GetUserRequestDetails/${res.body.id}`);
  return { id: res.body.id, code: view.body.requestCode };
}

/** Points the server's mail at the loopback receiver. */
export async function useSmtp(baseUrl: string, token: string, smtp: SmtpCatcher): Promise<void> {
  const res = await api(baseUrl, token, 'POST', '/api/Administration/UpdateEmailSettings', {
    smtpServer: '127.0.0.1',
    smtpPort: smtp.port,
    senderName: 'Nakheel',
    senderEmail: 'noreply@nakheel.demo',
    username: '',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The set-password link of the invitation e-mail sent to `email`, on this server. */
export async function invitationLink(smtp: SmtpCatcher, baseUrl: string, email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(email), 20_000);
  const match = /https?:\/\/[^\s"'<>]*\/Dashboard\/ResetPassword\?[^\s"'<>]+/.exec(mail.text);
  expect(match, mail.text).toBeTruthy();
  const url = new URL(match![0].replace(/&amp;/g, '&'));
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** Follows an invitation link in the browser and sets the password. */
export async function acceptInvitation(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  const fields = page.locator('input[type="password"]');
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(password);
  await page.getByRole('button', { name: /reset password|إعادة/i }).click();
  await expect(page).toHaveURL(/\/Admin\/Login/);
}
