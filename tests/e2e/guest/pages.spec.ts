import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { DEFAULT_DIAL_CODE } from '@shared/patterns';
import { phoneExample } from '@shared/phone-plan';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { type GuestData, GuestApi } from './guest-api';
import { axeViolations } from '../support/axe';

const LANGS = { en, ar } as const;
const SHOTS = path.resolve('test-results/screenshots');
let server: E2EServer;
let api: GuestApi;
let data: GuestData;
let requestId: string;

test.beforeAll(async () => {
  // A loaded CI machine can take minutes to compile and start the server.
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
  requestId = await api.addRequest(data);
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

/** Opens a page in a language; the choice made earlier in the same test is remembered, as for a guest. */
async function open(page: Page, lang: 'en' | 'ar', route: string): Promise<void> {
  await page.goto(`${server.url}${route}`);
  await expect(page.getByRole('banner')).toBeVisible();
  const other = lang === 'en' ? 'ar' : 'en';
  if ((await page.locator('html').getAttribute('lang')) === other) await page.getByRole('button', { name: LANGS[other].language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const lang of ['ar', 'en'] as const) {
  const t = LANGS[lang];

  test(`every required field and the phone pattern show their message (${lang})`, async ({ page }) => {
    await open(page, lang, '/Request/Service');
    await expect(page.getByLabel(t.service.room, { exact: true })).toBeDisabled();
    await page.getByRole('button', { name: t.service.submit }).click();

    const messageOf = async (label: string) => {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const id = await field.getAttribute('aria-describedby');
      return page.locator(`[id="${id!.split(' ').find((i) => i.endsWith('-error'))}"]`);
    };
    await expect(await messageOf(t.service.name)).toHaveText(t.validation.nameRequired);
    await expect(await messageOf(t.service.email)).toHaveText(t.validation.emailRequired);
    await expect(await messageOf(t.service.phone)).toHaveText(t.validation.phoneRequired);
    await expect(await messageOf(t.service.hotel)).toHaveText(t.validation.hotelRequired);
    await expect(page.getByText(t.validation.roomRequired)).toBeVisible();
    await expect(page.getByText(t.validation.serviceRequired)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: t.validation.summary })).toBeVisible();
    // The first field with a problem has the focus, so its message is read out.
    await expect(page.getByLabel(t.service.name)).toBeFocused();

    await page.getByLabel(t.service.email).fill('guest@hotel');
    await expect(await messageOf(t.service.email)).toHaveText(t.validation.email);
    await page.getByLabel(t.service.phone, { exact: true }).fill('55 12x');
    // The message gives the chosen country's own example (Saudi Arabia by default).
    const phoneMessage = await messageOf(t.service.phone);
    await expect(phoneMessage).toContainText(t.validation.phone.slice(0, t.validation.phone.indexOf('{{')).trim());
    await expect(phoneMessage).toContainText(phoneExample(DEFAULT_DIAL_CODE)!);

    // A room only after a hotel, and only that hotel's rooms.
    await page.getByLabel(t.service.hotel, { exact: true }).selectOption(String(data.hotel.id));
    const room = page.getByLabel(t.service.room, { exact: true });
    await expect(room).toBeEnabled();
    await expect(room.locator('option', { hasText: data.room.number }).first()).toBeAttached();
    await noHorizontalScroll(page);
  });

  test(`the unknown request id shows the friendly not-found page (${lang})`, async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-request']) {
      await open(page, lang, `/Request/Review?id=${id}`);
      await expect(page.getByRole('heading', { name: t.errors.notFoundTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: t.errors.retry })).toBeVisible();
      await page.getByRole('button', { name: t.errors.backToForm }).click();
      await expect(page).toHaveURL(/\/Request\/Service$/);
      await expect(page.getByRole('heading', { name: t.service.title })).toBeVisible();
    }
  });

  test.describe(() => {
    // axe is injected as an inline script, which the server's CSP rightly forbids.
    test.use({ bypassCSP: true });
    test(`both pages pass axe and are screenshotted (${lang})`, async ({ page }) => {
      await open(page, lang, `/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
      await expect(page.getByLabel(t.service.room, { exact: true })).toHaveValue(String(data.room.id));
      await page.screenshot({ path: path.join(SHOTS, `service-${lang}.png`), fullPage: true });
      await page.getByRole('button', { name: t.service.submit }).click();
      await expect(page.getByText(t.validation.nameRequired)).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `service-errors-${lang}.png`), fullPage: true });
      expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
      await noHorizontalScroll(page);

      await open(page, lang, `/Request/Review?id=${requestId}`);
      await expect(page.getByTestId('line-card')).toHaveCount(2);
      await page.getByTestId('line-card').first().locator('summary').click();
      await page.screenshot({ path: path.join(SHOTS, `review-${lang}.png`), fullPage: true });
      expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
      await noHorizontalScroll(page);
    });
  });
}

test('Arabic is right-to-left and the layout mirrors', async ({ page }) => {
  await open(page, 'ar', '/Request/Service');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const brandAr = (await page.locator('.brand').boundingBox())!;
  const labelAr = (await page.getByText(ar.service.name, { exact: true }).boundingBox())!;
  await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const brandEn = (await page.locator('.brand').boundingBox())!;
  const labelEn = (await page.getByText(en.service.name, { exact: true }).boundingBox())!;
  const width = page.viewportSize()!.width;
  // Start-aligned things sit at the right edge in Arabic and at the left edge in English.
  expect(brandAr.x + brandAr.width).toBeGreaterThan(width * 0.6);
  expect(brandEn.x).toBeLessThan(width * 0.4);
  expect(labelAr.x + labelAr.width).toBeGreaterThan(width * 0.8);
  expect(labelEn.x).toBeLessThan(width * 0.2);
});

test('the form works on a 320 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page, 'ar', `/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
  await noHorizontalScroll(page);
  const submit = (await page.getByRole('button', { name: ar.service.submit }).boundingBox())!;
  expect(submit.height).toBeGreaterThanOrEqual(44);
  expect(submit.x).toBeGreaterThanOrEqual(0);
  expect(submit.x + submit.width).toBeLessThanOrEqual(320);
});
