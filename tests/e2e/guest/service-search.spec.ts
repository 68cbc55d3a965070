import { type Page, expect, test } from '@playwright/test';
import { ar } from '../../../guest-web/src/i18n/ar';
import { en } from '../../../guest-web/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { type GuestData, GuestApi } from './guest-api';

const LANGS = { en, ar } as const;
/** The demo's air conditioning service, and the everyday words that must find it in either language. */
const AC = { en: 'Air conditioning repair', ar: 'إصلاح التكييف' };
const WORDS = ['مكيف', 'AC'];
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

async function openForm(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.goto(`${server.url}/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  if (lang === 'en') await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['ar', 'en'] as const) {
  test(`a guest finds the air conditioning by the words people use, and asks for what is not listed as a Special Request (${lang})`, async ({ page }) => {
    const t = LANGS[lang];
    await openForm(page, lang);
    const box = page.getByRole('combobox', { name: t.service.serviceN.replace('{{n}}', '1') });

    for (const word of WORDS) {
      await box.click();
      await box.fill(word);
      await expect(page.getByRole('option', { name: AC[lang] })).toBeVisible();
    }
    await page.getByRole('option', { name: AC[lang] }).click();
    await expect(box).toHaveValue(AC[lang]);

    // Nothing fits: the guest's own words become a Special Request's details.
    const wish = 'zq prayer mat xv';
    await box.click();
    await box.fill(wish);
    await expect(page.getByRole('status')).toHaveText(t.service.noServicesFound.replace('{{term}}', wish));
    await expect(page.getByRole('option', { name: AC[lang] })).toHaveCount(0);
    await page.getByRole('button', { name: t.service.askAsSpecial.replace('{{term}}', wish) }).click();
    await expect(box).toHaveValue(data.special[lang]);
    const details = page.getByLabel(t.service.descriptionRequired);
    await expect(details).toHaveValue(wish);
    await expect(details).toBeFocused();
  });
}
