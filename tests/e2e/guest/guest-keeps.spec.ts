import { type Page, expect, test } from '@playwright/test';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { type GuestData, GuestApi } from './guest-api';

/**
 * What the guest pages keep across pages and visits, and what only a real phone-sized browser shows.
 * The signed room link, the form's rules as typed, a link to an unknown hotel or room, and a live view
 * recovering from a failed read are component tests now (tests/guest-web, see tests/COVERAGE.md).
 */
let server: E2EServer;
let api: GuestApi;
let data: GuestData;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

async function english(page: Page, route: string): Promise<void> {
  await page.goto(`${server.url}${route}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

async function pickService(page: Page, index: number, name: string): Promise<void> {
  const box = page.getByRole('combobox', { name: `Service ${index}` });
  await box.click();
  await box.fill(name.slice(0, 5));
  await page.getByRole('option', { name }).click();
}

test('"Request another service" keeps hotel, room, name, phone and e-mail, and "My requests" opens each request', async ({ page }) => {
  await english(page, `/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
  await page.getByLabel(en.service.name).fill('Noura Saleh');
  await page.getByLabel(en.service.email).fill('noura@example.com');
  await page.getByLabel(en.service.phone, { exact: true }).fill('50 111 2233');
  await pickService(page, 1, data.other.en);
  await page.getByRole('button', { name: en.service.submit }).click();
  await page.waitForURL(/\/Request\/Review\?id=/);
  const firstId = new URL(page.url()).searchParams.get('id')!;
  const first = await api.request(firstId);
  await expect(page.getByText(first.requestCode)).toBeVisible();

  await page.getByRole('button', { name: en.review.newRequest }).click();
  await page.waitForURL(/\/Request\/Service/);
  await expect(page.getByLabel(en.service.name)).toHaveValue('Noura Saleh');
  await expect(page.getByLabel(en.service.email)).toHaveValue('noura@example.com');
  await expect(page.getByLabel(en.service.phone, { exact: true })).toHaveValue('50 111 2233');
  await expect(page.getByLabel(en.service.hotel, { exact: true })).toHaveValue(String(data.hotel.id));
  await expect(page.getByLabel(en.service.room, { exact: true })).toHaveValue(String(data.room.id));
  // The services start afresh.
  await expect(page.getByRole('combobox', { name: 'Service 1' })).toHaveValue('');

  await pickService(page, 1, data.special.en);
  await page.getByLabel(en.service.descriptionRequired).fill('Late checkout, please');
  await page.getByRole('button', { name: en.service.submit }).click();
  await page.waitForURL(/\/Request\/Review\?id=/);
  const secondId = new URL(page.url()).searchParams.get('id')!;
  expect(secondId).not.toBe(firstId);

  // A new visit on the same phone: "My requests" lists both, newest first, each opening its page.
  const next = await page.context().newPage();
  await next.goto(`${server.url}/Request/Service`);
  const mine = next.getByRole('navigation', { name: ar.myRequests.title });
  await expect(mine.getByRole('link')).toHaveCount(2);
  await mine.getByRole('link', { name: first.requestCode }).click();
  await next.waitForURL(new RegExp(`id=${firstId}`));
  await expect(next.getByText(first.requestCode)).toBeVisible();
  await next.close();
});

test('the rating is one row of 1–10 on a 320 px phone, says the chosen value, and every star has 3:1 contrast', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const id = await api.addRequest(data);
  for (const line of (await api.request(id)).requestDetails) await api.completeLine(line.id, 'Done');
  await english(page, `/Request/Review?id=${id}`);
  const stars = page.getByRole('radio');
  await expect(stars).toHaveCount(10);
  const boxes = await stars.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, left: r.left, right: r.right, width: r.width })));
  expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBe(1);
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(320);
    expect(b.width).toBeGreaterThanOrEqual(24);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await stars.nth(6).click();
  await expect(page.getByTestId('rating-value')).toHaveText('You chose 7 of 10');
  // Non-text contrast (WCAG 1.4.11) of chosen and unchosen stars against the white panel.
  const ratios = await page.evaluate(() => {
    const lum = (css: string) => {
      const [r, g, b] = css.match(/\d+/g)!.slice(0, 3).map(Number).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return [...document.querySelectorAll('.star-glyph')].map((el) => 1.05 / (lum(getComputedStyle(el).color) + 0.05));
  });
  for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(3);
});

test('the site has a real robots.txt, favicon and description', async ({ page, request }) => {
  const robots = await request.get(`${server.url}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('User-agent: *');
  const icon = await request.get(`${server.url}/favicon.ico`);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd.microsoft.icon)/);
  expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await page.goto(`${server.url}/Request/Service`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', ar.description);
  await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', en.description);
});
