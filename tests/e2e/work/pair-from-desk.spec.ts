import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { apiPaths, fillPath } from '@shared/api/paths';
import { clientRoutes } from '@shared/routes';
import { phonesAr } from '../../../renderer/src/features/work-phones/phones.ar';
import { phonesEn } from '../../../renderer/src/features/work-phones/phones.en';
import { usersAr } from '../../../renderer/src/features/administration/users.ar';
import { usersEn } from '../../../renderer/src/features/administration/users.en';
import { deskAr as deskStringsAr } from '../../../renderer/src/features/service-management/desk.ar';
import { deskEn as deskStringsEn } from '../../../renderer/src/features/service-management/desk.en';
import { ar as deskAr } from '../../../renderer/src/i18n/ar';
import { en as deskEn } from '../../../renderer/src/i18n/en';
import { ar as phoneAr } from '../../../work-web/src/i18n/ar';
import { en as phoneEn } from '../../../work-web/src/i18n/en';
import { login, setLanguage } from '../admin/desk-support';
import { type GuestData, GuestApi } from '../guest/guest-api';
import { type E2EServer, startE2EServer } from '../support/server';

/**
 * A supervisor pairs a worker's phone from the admin app (Workers → ⋯ → Pair a phone),
 * the phone (390 × 844) opens the QR code's link and is paired; a task the desk assigns
 * on the line card arrives live; the worker finishes it with a photo, and the desk's line
 * card shows it completed once, with the photo. In Arabic and English.
 */
// The phones' strings load with their screens, apart from the app's first-view strings.
const DESK = { en: { ...deskEn, ...deskStringsEn, phones: phonesEn, users: usersEn }, ar: { ...deskAr, ...deskStringsAr, phones: phonesAr, users: usersAr } } as const;
const PHONE = { en: phoneEn, ar: phoneAr } as const;
let server: E2EServer;
let api: GuestApi;
let data: GuestData;
let worker: { id: number; name: string; nameAr: string | null };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
  const id = (await api.staffLine(await newLine())).availableWorkers[0].id;
  const workers = await api.get<{ id: number; name: string; nameAr: string | null }[]>(apiPaths.worker_list, {}, true);
  worker = workers.find((w) => w.id === id)!;
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

async function newLine(): Promise<number> {
  const id = await api.addRequest(data);
  const request = await api.request(id);
  return request.requestDetails.find((l) => l.serviceId === data.other.id)!.id;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const nameIn = (lang: 'en' | 'ar') => (lang === 'ar' && worker.nameAr ? worker.nameAr : worker.name);

/** The desk in its own window, signed in as the supervisor, in the given language. */
async function deskPage(browser: Browser, lang: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  await login(page, server.url);
  await setLanguage(page, lang);
  return page;
}

for (const lang of ['ar', 'en'] as const) {
  const d = DESK[lang];
  const p = PHONE[lang];

  test(`a supervisor pairs a phone from the Workers screen; a task assigned on the desk arrives live and comes back completed with its photo (${lang})`, async ({ browser, page: phone }) => {
    test.setTimeout(120_000);
    const desk = await deskPage(browser, lang);
    try {
      // Workers → the worker's ⋯ menu → Pair a phone.
      await desk.goto(`${server.url}${clientRoutes.basicData('Worker')}`);
      // The worker's row, whichever page it falls on.
      await desk.getByLabel(d.table.search, { exact: true }).fill(worker.name);
      const more = new RegExp(`^${escape(d.users.more.split('{{')[0])}(${escape(worker.name)}${worker.nameAr ? `|${escape(worker.nameAr)}` : ''})$`);
      await desk.getByRole('button', { name: more }).first().click();
      await desk.getByRole('menuitem', { name: d.phones.pair }).click();
      const dialog = desk.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: fill(d.phones.pairTitle, { name: worker.name }) })).toBeVisible();
      const shown = (await dialog.getByTestId('pair-code').textContent())!.trim();
      const code = shown.replace(/[^0-9A-Z]/g, '');
      expect(code).toHaveLength(8);
      // The QR code holds the phone page's link with the same code.
      const link = await dialog.getByTestId('pair-qr').getAttribute('data-link');
      expect(link).toBe(`${server.url}/Work#pair=${code}`);

      // The phone opens the link (what scanning the QR code does) and pairs.
      await phone.goto(link!);
      if (lang === 'en') await phone.getByRole('button', { name: phoneAr.language.switch }).click();
      await expect(phone.locator('html')).toHaveAttribute('lang', lang);
      await expect(phone.getByLabel(p.pair.code)).toHaveValue(code);
      await phone.getByRole('button', { name: p.pair.submit }).click();
      await expect(phone.getByRole('heading', { name: p.tasks.title, level: 1 })).toBeVisible();
      await dialog.getByRole('button', { name: d.common.close }).click();
      const devices = await api.get<{ revokedAt: string | null }[]>(fillPath(apiPaths.workerDevices, { workerId: worker.id }), {}, true);
      expect(devices.filter((x) => !x.revokedAt).length).toBeGreaterThan(0);

      // The desk assigns a guest's line to the worker on its line card.
      const lineId = await newLine();
      await desk.goto(`${server.url}${clientRoutes.serviceDetails(lineId)}`);
      const card = desk.getByTestId(`line-${lineId}`);
      await card.getByRole('combobox', { name: d.line.chooseWorker }).click();
      await desk.getByRole('option', { name: nameIn(lang), exact: true }).click();
      await card.getByRole('button', { name: d.line.assignWorker }).click();
      await expect(card.locator('[data-status="Assigned"]').first()).toBeVisible();

      // Live on the phone, no reload.
      const task = phone.locator(`#task-${lineId}`);
      await expect(task).toBeVisible({ timeout: 3000 });
      await expect(task.getByRole('heading', { name: data.other[lang] })).toBeVisible();
      await task.getByRole('button', { name: p.actions.accept }).click();
      await expect(task.getByText(p.tasks.accepted, { exact: true })).toBeVisible();
      await task.getByRole('button', { name: p.actions.start }).click();
      await expect(task.getByText(p.tasks.started, { exact: true })).toBeVisible();
      await task.getByRole('button', { name: p.actions.done }).click();
      await task.getByLabel(p.actions.note).fill(`Fresh towels ${lang}`);
      await task.getByLabel(p.actions.photo).setInputFiles(path.resolve('build/icons/icon.png'));
      await expect(task.getByText(p.actions.photoChosen)).toBeVisible();
      await task.getByRole('button', { name: p.actions.done }).click();
      await expect(task).toHaveCount(0);

      // The desk's line card: completed, once, with the worker's photo.
      await expect.poll(async () => (await api.staffLine(lineId)).serviceDetails.statusName).toBe('Completed');
      await desk.reload();
      await expect(card.locator('[data-status="Completed"]').first()).toBeVisible();
      const history = card.getByTestId('status-history');
      await expect(history.getByRole('listitem').filter({ hasText: d.line.historyCompleted.split('{{')[0] })).toHaveCount(1);
      await expect(history.getByText(fill(d.phones.accepted, { worker: nameIn(lang) }))).toBeVisible();
      const photo = card.getByTestId('line-photos').getByRole('img', { name: fill(d.phones.photoAlt, { n: '1' }) });
      await expect(photo).toBeVisible();
      // The picture really loaded (read with the desk's token, not a broken image).
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(card).toContainText(`Fresh towels ${lang}`);
    } finally {
      await desk.context().close();
    }
  });
}
