import { type Page, expect, test } from '@playwright/test';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { type GuestData, GuestApi } from './guest-api';

/** What the guest pages keep, refuse and recover from, as a guest on a phone sees it. */
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

const messageOf = async (page: Page, label: string) => {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  return page.locator(`[id="${ids.find((i) => i.endsWith('-error'))}"]`);
};

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

test('a request from the scanned (signed) room link is verified for staff; the same room typed in by hand is not', async ({ page }) => {
  const link = new URL((await api.qrLinks(data.hotel.id)).get(data.room.id)!);
  expect(link.searchParams.get('sig')).toBeTruthy();
  const fill = async () => {
    await page.getByLabel(en.service.name).fill('Noura Saleh');
    await page.getByLabel(en.service.email).fill('noura@example.com');
    await page.getByLabel(en.service.phone, { exact: true }).fill('50 111 2233');
    await pickService(page, 1, data.other.en);
    await page.getByRole('button', { name: en.service.submit }).click();
    await page.waitForURL(/\/Request\/Review\?id=/);
    return new URL(page.url()).searchParams.get('id')!;
  };
  await english(page, `/Request/Service${link.search}`);
  expect(await api.roomVerified(await fill())).toBe(true);
  // Another visit (no saved draft) that names the room without the link's signature.
  await page.evaluate(() => sessionStorage.clear());
  await english(page, `/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
  expect(await api.roomVerified(await fill())).toBe(false);
});

test('the form: Arabic digits, the trunk 0, E.164 length, name limit, Special Request details, one line per service, commas and group order', async ({ page }) => {
  await english(page, `/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
  const name = page.getByLabel(en.service.name);
  await expect(name).toHaveAttribute('maxlength', '200');
  await expect(page.getByText(en.service.nameHint.replace('{{max}}', '200'))).toBeVisible();

  const phone = page.getByLabel(en.service.phone, { exact: true });
  await phone.fill('٠٥٠ ١٢٣ ٤٥٦٧');
  await expect(phone).toHaveValue('050 123 4567');
  await phone.fill('12345');
  await page.getByRole('button', { name: en.service.submit }).click();
  await expect(await messageOf(page, en.service.phone)).toHaveText(en.validation.phoneShort);
  await phone.fill('1234 5678 9012 3');
  await expect(await messageOf(page, en.service.phone)).toHaveText(en.validation.phoneLong);

  // English lists countries with a Latin comma; the Arabic list keeps the Arabic one.
  const plusOne = page.getByLabel(en.service.dialCode).locator('option[value="+1"]');
  await expect(plusOne).toContainText(', ');
  await expect(plusOne).not.toContainText('،');

  // The Special Request's group is the last one offered.
  const box = page.getByRole('combobox', { name: 'Service 1' });
  await box.click();
  const groups = await page.getByRole('listbox').getByRole('group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const lastGroup = page.getByRole('listbox').getByRole('group').last();
  await expect(lastGroup.getByRole('option', { name: data.special.en })).toHaveCount(1);
  expect(groups.length).toBeGreaterThan(0);
  await page.getByRole('option', { name: data.special.en }).click();

  await page.getByRole('button', { name: en.service.add }).click();
  await pickService(page, 2, data.special.en);
  await name.fill('Noura Saleh');
  await page.getByLabel(en.service.email).fill('noura@example.com');
  await phone.fill('٠٥٠ ١٢٣ ٤٥٦٧');
  await page.getByRole('button', { name: en.service.submit }).click();
  await expect(page.getByText(en.validation.serviceTwice)).toBeVisible();
  await expect(page.getByText(en.validation.specialNeedsDetails).first()).toBeVisible();
  await page.getByRole('button', { name: en.service.remove.replace('{{n}}', '2') }).click();
  await page.getByLabel(en.service.descriptionRequired).fill('A quiet room, please');
  await page.getByRole('button', { name: en.service.submit }).click();
  await page.waitForURL(/\/Request\/Review\?id=/);
  const stored = await api.request(new URL(page.url()).searchParams.get('id')!);
  expect(stored.custPhone).toBe('+966 50 123 4567');
});

for (const [wrong, query] of [
  ['hotel', () => `?hotelId=987654&roomId=${data.room.id}`],
  ['room', () => `?hotelId=${data.hotel.id}&roomId=987654`],
] as const) {
  test(`an unknown ${wrong} in the link says which is wrong and is never sent`, async ({ page }) => {
    await english(page, `/Request/Service${query()}`);
    await expect(page.getByTestId('link-problem')).toHaveText(wrong === 'hotel' ? en.service.linkHotelUnknown : en.service.linkRoomUnknown);
    await expect(page.getByText(en.errors.notFound)).toHaveCount(0);
    await expect(page.getByRole('button', { name: en.errors.retry })).toHaveCount(0);
    await expect(page.getByLabel(en.service.room, { exact: true })).toHaveValue('');
    let sent = false;
    page.on('request', (r) => r.url().includes('/AddRequest') && (sent = true));
    await page.getByLabel(en.service.name).fill('Noura Saleh');
    await page.getByLabel(en.service.email).fill('noura@example.com');
    await page.getByLabel(en.service.phone, { exact: true }).fill('50 111 2233');
    await pickService(page, 1, data.other.en);
    await page.getByRole('button', { name: en.service.submit }).click();
    await expect(await messageOf(page, en.service.room)).toHaveText(en.validation.roomRequired);
    expect(sent).toBe(false);
  });
}

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

test('a live view whose follow-up read failed recovers by itself once the network is back', async ({ page }) => {
  const id = await api.addRequest(data);
  await english(page, `/Request/Review?id=${id}`);
  const status = page.getByTestId('request-status');
  await expect(status).toHaveText(en.status.Open);
  // The event arrives, but the read it triggers fails (the Wi-Fi dropped for a moment).
  await page.route('**/api/Request/GetUserRequestDetails/**', (route) => route.abort('internetdisconnected'));
  const [line] = (await api.request(id)).requestDetails;
  await api.completeLine(line.id, 'Done');
  await expect(page.getByText(en.errors.network)).toBeVisible();
  await page.unroute('**/api/Request/GetUserRequestDetails/**');
  // No tap, no reload: the back-off retry brings the page up to date and the error goes.
  await expect(status).toHaveText(en.status['In Progress'], { timeout: 15_000 });
  await expect(page.getByText(en.errors.network)).toHaveCount(0);
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
