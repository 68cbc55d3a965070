import { type Browser, type Page, expect, test } from '@playwright/test';
import { apiPaths, fillPath } from '@shared/api/paths';
import { clientRoutes } from '@shared/routes';
import { ar as guestAr } from '../../../guest-web/src/i18n/ar';
import { en as guestEn } from '../../../guest-web/src/i18n/en';
import { phonesAr } from '../../../renderer/src/features/work-phones/phones.ar';
import { phonesEn } from '../../../renderer/src/features/work-phones/phones.en';
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
 * Routing with nobody at the desk: the hotel has a rule for the service's department and
 * one worker of it on shift with a paired phone. A guest files a request on the guest page;
 * the line lands on that worker's phone by itself, the worker accepts it, and the desk's
 * request details say who got it and why. In Arabic and English.
 */
const DESK = { en: { ...deskEn, ...deskStringsEn, phones: phonesEn }, ar: { ...deskAr, ...deskStringsAr, phones: phonesAr } } as const;
const PHONE = { en: phoneEn, ar: phoneAr } as const;
const GUEST = { en: guestEn, ar: guestAr } as const;
let server: E2EServer;
let api: GuestApi;
let data: GuestData;
let worker: { id: number; name: string; nameAr: string | null };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Routing runs on the escalation tick: a short one, so the line is routed within the test's wait.
  server = await startE2EServer({ demo: true, env: { HOTEL_SLA_TICK_MS: '300' } });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
  // The service's department and its workers, as the desk would see them on a line.
  const probe = await api.request(await api.addRequest(data));
  const details = await api.staffLine(probe.requestDetails.find((l) => l.serviceId === data.other.id)!.id);
  const departmentId = details.serviceDetails.departmentId!;
  const workers = await api.get<{ id: number; name: string; nameAr: string | null; departmentId: number | null }[]>(apiPaths.worker_list, {}, true);
  // Routing offers a line to the workers of its department (not to those of no department).
  const crew = workers.filter((w) => w.departmentId === departmentId);
  worker = crew[0];
  // One worker on shift (the desk's word), the others off; a rule for the department.
  for (const w of crew) await api.send('PUT', fillPath(apiPaths.setWorkerShift, { id: w.id }), { shift: w.id === worker.id ? 'on' : 'off' });
  await api.send('PUT', apiPaths.saveRoutingRule, { hotelId: data.hotel.id, scope: 'department', scopeId: departmentId, maxOpenTasks: 100, acceptMinutes: 30 });
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const nameIn = (lang: 'en' | 'ar') => (lang === 'ar' && worker.nameAr ? worker.nameAr : worker.name);

/** The phone opens the supervisor's pairing link and pairs, in the given language. */
async function pairPhone(phone: Page, lang: 'en' | 'ar'): Promise<void> {
  const p = PHONE[lang];
  const { code } = await api.send<{ code: string }>('POST', fillPath(apiPaths.workerPairingCode, { workerId: worker.id }), {});
  await phone.goto(`${server.url}/Work#pair=${code}`);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'ar');
  if (lang === 'en') await phone.getByRole('button', { name: phoneAr.language.switch }).click();
  await expect(phone.locator('html')).toHaveAttribute('lang', lang);
  await phone.getByRole('button', { name: p.pair.submit }).click();
  await expect(phone.getByRole('heading', { name: p.tasks.title, level: 1 })).toBeVisible();
}

/** A guest on their own phone files a request for the service from the room's page; answers the new line. */
async function guestFiles(browser: Browser, lang: 'en' | 'ar'): Promise<number> {
  const g = GUEST[lang];
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/Request/Service?hotelId=${data.hotel.id}&roomId=${data.room.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    if (lang === 'en') await page.getByRole('button', { name: guestAr.language.switch }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByLabel(g.service.name).fill('Layla Hassan');
    await page.getByLabel(g.service.email).fill('layla@example.com');
    await page.getByLabel(g.service.phone, { exact: true }).fill('50 111 2233');
    const box = page.getByRole('combobox', { name: fill(g.service.serviceN, { n: '1' }) });
    await box.click();
    await box.fill(data.other[lang].slice(0, 4));
    await page.getByRole('option', { name: data.other[lang] }).click();
    await page.getByRole('button', { name: g.service.submit }).click();
    await page.waitForURL(/\/Request\/Review\?id=/);
    const id = new URL(page.url()).searchParams.get('id')!;
    return (await api.request(id)).requestDetails.find((l) => l.serviceId === data.other.id)!.id;
  } finally {
    await context.close();
  }
}

for (const lang of ['ar', 'en'] as const) {
  const d = DESK[lang];
  const p = PHONE[lang];

  test(`a guest's request lands on the on-shift worker's phone with nobody at the desk; the desk sees who got it and why (${lang})`, async ({ browser, page: phone }) => {
    test.setTimeout(120_000);
    await pairPhone(phone, lang);
    const lineId = await guestFiles(browser, lang);

    // Nobody at the desk: routing offers the line to the worker on shift, live on the phone.
    const task = phone.locator(`#task-${lineId}`);
    await expect(task).toBeVisible({ timeout: 15_000 });
    await expect(task.getByRole('heading', { name: data.other[lang] })).toBeVisible();
    await task.getByRole('button', { name: p.actions.accept }).click();
    await expect(task.getByText(p.tasks.accepted, { exact: true })).toBeVisible();

    // The desk opens the request: the line is the worker's, and its history says by which rule and why.
    const line = (await api.staffLine(lineId)).serviceDetails;
    expect(line.workerId).toBe(worker.id);
    const desk = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    try {
      await login(desk, server.url);
      await setLanguage(desk, lang);
      await desk.goto(`${server.url}${clientRoutes.serviceDetails(lineId)}`);
      const history = desk.getByTestId(`line-${lineId}`).getByTestId('status-history');
      const routed = history.locator('li[data-routing]');
      await expect(routed).toHaveCount(1);
      await expect(routed).toContainText(fill(d.line.historyRouting, { text: '' }).trim());
      await expect(routed).toContainText(nameIn(lang));
      // Why: the worker had the fewest open tasks (nobody covers a zone here), in the desk's language.
      await expect(routed).toContainText(lang === 'en' ? 'fewest open tasks' : 'أقل عدد من المهام المفتوحة');
      await expect(history.getByText(fill(d.phones.accepted, { worker: nameIn(lang) }))).toBeVisible();
      // Nobody assigned it by hand: no "Assigned to … by …" step.
      await expect(history.getByRole('listitem').filter({ hasText: fill(d.line.historyAssigned, { worker: nameIn(lang), user: '' }).trim() })).toHaveCount(0);
    } finally {
      await desk.context().close();
    }
  });
}
