import { type Page, expect, test } from '@playwright/test';
import { apiPaths, fillPath } from '@shared/api/paths';
import { routingEn } from '../../../renderer/src/features/routing/routing.en';
import { en } from '../../../renderer/src/i18n/en';
import { type E2EServer, startE2EServer } from '../support/server';
import { api, guestRequest, login, lookup, screenshot, tokenOf } from './desk-support';
import { axeViolations } from '../support/axe';

/**
 * End to end (in English; tests/COVERAGE.md says what proves the Arabic side): a supervisor sets a routing rule for a service on
 * the Routing screen, the preview names the one worker of its department on shift, the desk
 * puts that worker off shift on the same screen, and the preview says nobody would take it;
 * the line routing gave the worker meanwhile stays with him and shows on Home as held by an
 * off-shift worker. axe checks each tab and Home.
 */
let server: E2EServer;
let admin: string;
let riyadh: number;
let maintenance: number;
let acRepair: number;
const worker: Record<'mohammed' | 'khalid', number> = { mohammed: 0, khalid: 0 };

test.use({ bypassCSP: true }); // axe is injected as an inline script, which the CSP rightly forbids

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  admin = await tokenOf(server.url);
  riyadh = await lookup(server.url, admin, apiPaths.generateHotels, 'Nakheel Riyadh Hotel');
  maintenance = await lookup(server.url, admin, apiPaths.generateDepartments, 'Maintenance');
  const groups = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', apiPaths.generateServices);
  acRepair = groups.body.flatMap((g) => g.services).find((x) => x.name === 'Air conditioning repair')!.id;
  const crew = await api<{ workerId: number; workerName: string }[]>(server.url, admin, 'GET', `${apiPaths.routingWorkers}?hotelId=${riyadh}&departmentId=${maintenance}`);
  expect(crew.status, JSON.stringify(crew.body)).toBe(200);
  worker.mohammed = crew.body.find((w) => w.workerName === 'Mohammed Al-Zahrani')!.workerId;
  worker.khalid = crew.body.find((w) => w.workerName === 'Khalid Al-Shehri')!.workerId;
});
test.afterAll(async () => server?.stop());

const openTasksOf = async (id: number) => {
  const crew = await api<{ workerId: number; openTasks: number }[]>(server.url, admin, 'GET', `${apiPaths.routingWorkers}?hotelId=${riyadh}&departmentId=${maintenance}`);
  return crew.body.find((w) => w.workerId === id)!.openTasks;
};

const shift = async (id: number, value: 'on' | 'off') =>
  expect((await api(server.url, admin, 'PUT', fillPath(apiPaths.setWorkerShift, { id }), { shift: value })).status).toBe(200);

const LANGUAGES = {
  en: { s: routingEn, base: en, hotel: 'Nakheel Riyadh Hotel', service: 'Air conditioning repair', department: 'Maintenance', mohammed: 'Mohammed Al-Zahrani' },
} as const;

async function ask(page: Page, s: (typeof LANGUAGES)['en']['s']) {
  await page.getByRole('button', { name: s.preview.ask }).click();
  return page.getByTestId('routing-preview');
}

// English only: no check here depends on the language. The Routing screen in Arabic is the accessibility
// walk's (axe, right to left), its strings the type check's en/ar parity (tests/COVERAGE.md).
test('sets a rule, the preview names the worker on shift, and changes when the desk puts the worker off shift; Home lists the line he holds', async ({ page }) => {
  test.setTimeout(120_000);
  const { s, base, hotel, service, department, mohammed } = LANGUAGES.en;
  // Of Maintenance, only Mohammed is on shift.
  await shift(worker.mohammed, 'on');
  await shift(worker.khalid, 'off');

  await login(page, server.url);
  await page.getByTestId('menu-toggle').click();
  await page.getByRole('navigation').getByRole('link', { name: base.items.Routing, exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/BasicData\/Routing$/);
  await expect(page.getByRole('heading', { level: 1, name: base.items.Routing })).toBeVisible();
  await page.getByLabel(s.hotel, { exact: true }).selectOption({ label: hotel });

  // The rule: the service routes itself, at most 20 open tasks per worker (the demo's workers hold some).
  const form = page.getByTestId('routing-rule-form');
  await form.getByLabel(s.rules.scope, { exact: true }).selectOption({ label: s.rules.scopes.service });
  await form.getByLabel(s.rules.target, { exact: true }).selectOption({ label: service });
  await form.getByLabel(s.rules.maxOpenTasks, { exact: true }).fill('20');
  await form.getByRole('button', { name: s.rules.save }).click();
  const rules = page.getByTestId('routing-rules');
  await expect(rules.getByRole('row').filter({ hasText: service })).toContainText('20');

  // Who would get a new line of it now: Mohammed, the only one on shift.
  await page.getByLabel(s.preview.service, { exact: true }).selectOption({ label: service });
  let preview = await ask(page, s);
  await expect(preview).toContainText(s.preview.worker.replace('{{worker}}', mohammed));
  await screenshot(page, 'routing-preview-en');
  expect(await axeViolations(page)).toEqual([]);

  // A guest asks for it: routing gives the line to Mohammed with nobody at the desk touching it.
  const before = await openTasksOf(worker.mohammed);
  const request = await guestRequest(server.url, riyadh, [acRepair]);
  await expect.poll(() => openTasksOf(worker.mohammed), { timeout: 30_000 }).toBe(before + 1);

  // The desk puts him off shift on the Workers tab.
  await page.getByRole('tab', { name: s.tabs.workers }).click();
  await page.getByLabel(s.department, { exact: true }).selectOption({ label: department });
  const row = page.getByTestId(`routing-worker-${worker.mohammed}`);
  await expect(row.getByTestId('shift-state')).toHaveText(s.workers.onShift);
  await row.getByRole('button', { name: s.workers.putOff.replace('{{name}}', mohammed) }).click();
  await expect(row.getByTestId('shift-state')).toHaveText(s.workers.offShift);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: s.tabs.roster }).click();
  await expect(page.getByRole('heading', { name: s.roster.title.replace('{{department}}', department) })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The preview changes: nobody of Maintenance is on shift.
  await page.getByRole('tab', { name: s.tabs.rules }).click();
  await page.getByLabel(s.preview.service, { exact: true }).selectOption({ label: service });
  preview = await ask(page, s);
  await expect(preview).toContainText(s.preview.nobody);
  await expect(preview).not.toContainText(mohammed);
  await expect(preview.getByTestId('routing-preview-reason')).toContainText(department);

  // Home: the line stays with him, listed as held by an off-shift worker, a link to the line.
  await page.getByRole('link', { name: `${base.app.brand}, ${base.shell.home}` }).click();
  const held = page.getByTestId('fig-held-off-shift');
  await expect(held.getByRole('heading', { name: s.held.title })).toBeVisible();
  const link = held.getByRole('link').filter({ hasText: request.code });
  await expect(link).toContainText(mohammed);
  expect(await axeViolations(page)).toEqual([]);
  await link.click();
  await expect(page).toHaveURL(/\/Admin\/Service\/Details\/\d+$/);
});
