import { type Page, expect, test } from '@playwright/test';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { type GuestData, GuestApi } from './guest-api';

const LANGS = { en, ar } as const;
let server: E2EServer;
let api: GuestApi;
let data: GuestData;

test.beforeAll(async () => {
  // A loaded CI machine can take minutes to compile and start the server.
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

/** Opens the guest page in the given language the way a guest would: it starts in Arabic, English is one tap away. */
async function openForm(page: Page, lang: 'en' | 'ar', query: string): Promise<void> {
  await page.goto(`${server.url}/Request/Service${query}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  if (lang === 'en') await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function pickService(page: Page, index: number, name: string): Promise<void> {
  const t = LANGS[(await page.locator('html').getAttribute('lang')) as 'en' | 'ar'];
  const box = page.getByRole('combobox', { name: t.service.serviceN.replace('{{n}}', String(index)) });
  await box.click();
  await box.fill(name.slice(0, 5));
  await page.getByRole('option', { name }).click();
  await expect(box).toHaveValue(name);
}

// Once, in Arabic: its English strings are proven on the page itself (tests/guest-web/service-page-flow.test.tsx).
for (const lang of ['ar'] as const) {
  test(`a guest requests two services from the QR link and rates the finished request (${lang})`, async ({ page }) => {
    const t = LANGS[lang];
    await openForm(page, lang, `?hotelId=${data.hotel.id}&roomId=${data.room.id}`);

    // The QR link chose the hotel and the room.
    await expect(page.getByLabel(t.service.hotel, { exact: true })).toHaveValue(String(data.hotel.id));
    await expect(page.getByLabel(t.service.room, { exact: true })).toHaveValue(String(data.room.id));
    await expect(page.getByLabel(t.service.hotel, { exact: true }).locator('option:checked')).toHaveText(data.hotel[lang]);

    await page.getByLabel(t.service.name).fill('Layla Hassan');
    await page.getByLabel(t.service.email).fill('layla@example.com');
    await expect(page.getByLabel(t.service.dialCode)).toHaveValue('+966');
    await page.getByLabel(t.service.phone, { exact: true }).fill('55 123 4567');

    await pickService(page, 1, data.special[lang]);
    // The Special Request's details are required, and its label says so.
    await page.getByLabel(t.service.descriptionRequired).fill('A birthday cake at 8 pm');
    await page.getByRole('button', { name: t.service.add }).click();
    await pickService(page, 2, data.other[lang]);

    await page.getByRole('button', { name: t.service.submit }).click();
    await page.waitForURL(/\/Request\/Review\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;

    const status = page.getByTestId('request-status');
    await expect(status).toHaveText(t.status.Open);
    await expect(page.getByTestId('line-card')).toHaveCount(2);

    // What was stored is what the guest typed, with the phone as code + number.
    const stored = await api.request(id);
    expect(stored).toMatchObject({ custName: 'Layla Hassan', custEmail: 'layla@example.com', custPhone: '+966 55 123 4567', hotelId: data.hotel.id, roomId: data.room.id, note: '' });
    expect(stored.requestDetails.map((l) => l.serviceId).sort()).toEqual([data.special.id, data.other.id].sort());
    await expect(page.getByText(stored.requestCode)).toBeVisible();

    // From here on the page must follow staff without being reloaded.
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);

    const [first, second] = stored.requestDetails;
    await api.completeLine(first.id, 'Your cake is on its way');
    await expect(status).toHaveText(t.status['In Progress']);
    const card = page.getByTestId('line-card').filter({ hasText: first.serviceName === data.special.en ? data.special[lang] : data.other[lang] });
    // A new reply opens its card (the team's replies are a conversation).
    await expect(card).toHaveAttribute('open', '');
    await expect(card.getByTestId('guest-reply').locator('p')).toHaveText('Your cake is on its way');

    await api.completeLine(second.id, 'Done');
    await expect(status).toHaveText(t.status.Completed);

    // Rate 9 by tapping the ninth star, then write a review.
    await page.getByRole('radio', { name: t.review.star.replace('{{n}}', '9').replace('{{max}}', '10') }).click();
    await page.getByLabel(t.review.feedback).fill('Lovely staff, quick service');
    await page.getByRole('button', { name: t.review.send }).click();
    await expect(page.getByRole('heading', { name: t.review.thanks })).toBeVisible();
    await expect(page.getByText('Lovely staff, quick service')).toBeVisible();
    await expect(page.getByRole('button', { name: t.review.send })).toHaveCount(0);

    const reviewed = await api.request(id);
    expect(reviewed.rating).toBe(9);
    expect(reviewed.review).toBe('Lovely staff, quick service');
    expect(navigations).toBe(0);
  });
}

test('English chosen in a visit is kept within it; the next visit opens in Arabic again', async ({ page, context }) => {
  await openForm(page, 'en', '');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: en.service.title })).toBeVisible();
  // A new visit (a new tab, as after scanning again) is forced to Arabic (SPEC §1).
  const next = await context.newPage();
  await next.goto(`${server.url}/Request/Service`);
  await expect(next.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(next.getByRole('heading', { name: ar.service.title })).toBeVisible();
  await next.close();
  await page.getByRole('button', { name: en.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: ar.service.title })).toBeVisible();
});

test('with the event stream blocked, the review page still follows staff by polling', async ({ page }) => {
  await page.route('**/api/Request/Events/**', (route) => route.abort());
  const id = await api.addRequest(data);
  await page.goto(`${server.url}/Request/Review?id=${id}`);
  await page.getByRole('button', { name: ar.language.switch }).click();
  const status = page.getByTestId('request-status');
  await expect(status).toHaveText(en.status.Open);
  const stored = await api.request(id);
  for (const line of stored.requestDetails) await api.completeLine(line.id, 'Done');
  await expect(status).toHaveText(en.status.Completed, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: en.review.feedbackTitle })).toBeVisible();
});
