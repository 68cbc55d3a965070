import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { apiPaths, fillPath } from '@shared/api/paths';
import { ar } from '../../../work-web/src/i18n/ar';
import { en } from '../../../work-web/src/i18n/en';
import { type GuestData, GuestApi } from '../guest/guest-api';
import { type E2EServer, startE2EServer } from '../support/server';
import { axeViolations } from '../support/axe';

/**
 * The workers' phone page at 390 × 844: pairing from the supervisor's QR link, a task
 * arriving live, Accept → Start → Done, a Done tapped offline sent once when the network
 * is back, the service worker's push notification, and axe on every screen.
 */
const LANGS = { en, ar } as const;
let server: E2EServer;
let api: GuestApi;
let data: GuestData;
let workerId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startE2EServer({ demo: true });
  api = await GuestApi.connect(server.url);
  data = await api.guestData();
  const line = await newLine();
  workerId = (await api.staffLine(line)).availableWorkers[0].id;
});
test.afterAll(async () => {
  await api?.http.dispose();
  await server?.stop();
});

// axe is injected as a script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true });

/** A guest's line (not the Special Request, which first needs a department). */
async function newLine(): Promise<number> {
  const id = await api.addRequest(data);
  const request = await api.request(id);
  return request.requestDetails.find((l) => l.serviceId === data.other.id)!.id;
}

async function pairingCode(): Promise<string> {
  return (await api.send<{ code: string }>('POST', fillPath(apiPaths.workerPairingCode, { workerId }), {})).code;
}

async function assign(lineId: number): Promise<void> {
  await api.send('PUT', apiPaths.updateServiceRequestStatus, { requestDetailsId: lineId, status: 'Assigned', note: '', workerId });
}

/** Opens the supervisor's QR link (/Work#pair=CODE) in the given language and pairs the phone. */
async function pair(page: Page, lang: 'en' | 'ar'): Promise<void> {
  const t = LANGS[lang];
  const code = await pairingCode();
  await page.goto(`${server.url}/Work#pair=${code}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  if (lang === 'en') await page.getByRole('button', { name: ar.language.switch }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.getByLabel(t.pair.code)).toHaveValue(code);
  // The code is not kept in the address (nor the history).
  expect(page.url()).not.toContain(code);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: t.pair.submit }).click();
  await expect(page.getByRole('heading', { name: t.tasks.title, level: 1 })).toBeVisible();
}

const card = (page: Page, lang: 'en' | 'ar', lineId: number) => page.locator(`#task-${lineId}`);

function history(lineId: number) {
  return api.get<{ worker_Accepted: string | null; photoIds?: string[] }>(fillPath(apiPaths.serviceAssignmentDetails, { id: lineId }), {}, true);
}

async function messagesOf(lineId: number): Promise<string[]> {
  return ((await api.staffLine(lineId)).serviceDetails.messages ?? []).map((m) => m.text);
}

for (const lang of ['ar', 'en'] as const) {
  const t = LANGS[lang];
  const service = data_service(lang);

  test(`a worker pairs, gets a task live, accepts, starts and completes it (${lang})`, async ({ page }) => {
    await pair(page, lang);
    await expect(page.getByText(t.tasks.hello.split('{{')[0])).toBeVisible();
    const lineId = await newLine();
    await assign(lineId);
    // Live: no reload; the event stream brings it (the server test holds it to 1 s).
    const task = card(page, lang, lineId);
    await expect(task).toBeVisible({ timeout: 3000 });
    await expect(page.getByRole('alert').filter({ hasText: t.tasks.newTask.split('{{')[0] })).toBeVisible();
    await expect(task.getByRole('heading', { name: service() })).toBeVisible();
    await expect(task).toContainText('Layla Hassan');
    // Never the guest's e-mail or phone.
    await expect(page.locator('body')).not.toContainText('layla@example.com');
    await expect(page.locator('body')).not.toContainText('123 4567');
    expect(await axeViolations(page)).toEqual([]);

    await task.getByRole('button', { name: t.actions.accept }).click();
    await expect(task.getByText(t.tasks.accepted, { exact: true })).toBeVisible();
    await task.getByRole('button', { name: t.actions.start }).click();
    await expect(task.getByText(t.tasks.started, { exact: true })).toBeVisible();
    await task.getByRole('button', { name: t.actions.done }).click();
    await task.getByLabel(t.actions.note).fill(`Towels left ${lang}`);
    // A photo from the camera: uploaded first, then named in Done.
    await task.getByLabel(t.actions.photo).setInputFiles(path.resolve('build/icons/icon.png'));
    await expect(task.getByText(t.actions.photoChosen)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await task.getByRole('button', { name: t.actions.done }).click();
    await expect(task).toHaveCount(0);
    await expect.poll(async () => (await api.staffLine(lineId)).serviceDetails.statusName).toBe('Completed');
    expect((await messagesOf(lineId)).filter((m) => m === `Towels left ${lang}`)).toHaveLength(1);
    expect((await history(lineId)).photoIds).toHaveLength(1);
  });

  test(`a Done tapped offline waits on the phone and completes the line once when the network is back (${lang})`, async ({ page, context }) => {
    await pair(page, lang);
    const lineId = await newLine();
    await assign(lineId);
    const task = card(page, lang, lineId);
    await expect(task).toBeVisible({ timeout: 3000 });
    await task.getByRole('button', { name: t.actions.accept }).click();
    await task.getByRole('button', { name: t.actions.start }).click();
    await expect(task.getByText(t.tasks.started, { exact: true })).toBeVisible();
    // Both taps reached the server: nothing waits on the phone.
    await expect(task.getByText(t.tasks.pending, { exact: true })).toHaveCount(0);

    await context.setOffline(true);
    await expect(page.getByText(t.outbox.offline)).toBeVisible();
    await task.getByRole('button', { name: t.actions.done }).click();
    await task.getByLabel(t.actions.note).fill(`Done offline ${lang}`);
    await task.getByRole('button', { name: t.actions.done }).click();
    await expect(page.getByText(t.outbox.waiting.replace('{{count}}', '1'))).toBeVisible();
    await expect(task.getByText(t.tasks.pending, { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect((await api.staffLine(lineId)).serviceDetails.statusName).toBe('Assigned');

    await context.setOffline(false);
    await expect(page.getByText(t.outbox.waiting.replace('{{count}}', '1'))).toHaveCount(0);
    await expect(task).toHaveCount(0);
    await expect.poll(async () => (await api.staffLine(lineId)).serviceDetails.statusName).toBe('Completed');
    expect((await messagesOf(lineId)).filter((m) => m === `Done offline ${lang}`)).toHaveLength(1);
  });
}

test('a tap the desk overtook is refused plainly and changes nothing', async ({ page, context }) => {
  const t = LANGS.en;
  await pair(page, 'en');
  const lineId = await newLine();
  await assign(lineId);
  const task = card(page, 'en', lineId);
  await expect(task).toBeVisible({ timeout: 3000 });
  await context.setOffline(true);
  await task.getByRole('button', { name: t.actions.accept }).click();
  await expect(page.getByText(t.outbox.waiting.replace('{{count}}', '1'))).toBeVisible();
  // Meanwhile the desk finishes the line.
  await api.send('PUT', apiPaths.updateServiceRequestStatus, { requestDetailsId: lineId, status: 'Completed', note: 'Done by the desk' });
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: t.outbox.refused.split('{{')[0] })).toBeVisible();
  await expect(task).toHaveCount(0);
  expect((await history(lineId)).worker_Accepted).toBeNull();
});

test("the service worker shows a pushed task as a notification (DevTools' deliverPushMessage)", async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: server.url });
  await pair(page, 'en');
  const registrationId = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.scope;
  });
  expect(registrationId).toBe(`${server.url}/Work/`);
  const cdp = await context.newCDPSession(page);
  // The registration's worker must be activated before a push reaches it: a registration
  // alone can still be installing the version the page just asked for (the push is then lost).
  const scope = new Promise<Set<string>>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      const found = list.filter((r) => r.scopeURL === `${server.url}/Work/` && !r.isDeleted);
      if (found.length) resolve(new Set(found.map((r) => r.registrationId)));
    }),
  );
  const activated: { registrationId: string; status: string }[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => activated.push(...versions.filter((v) => v.status === 'activated')));
  await cdp.send('ServiceWorker.enable');
  const ids = await scope;
  await expect.poll(() => activated.find((v) => ids.has(v.registrationId))?.registrationId).toBeTruthy();
  const id = activated.find((v) => ids.has(v.registrationId))!.registrationId;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: server.url,
    registrationId: id,
    data: JSON.stringify({ kind: 'task', lineId: 4242, title: 'New task: Towels', body: 'Room 101' }),
  });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body} | ${n.tag}`)))
    .toEqual(['New task: Towels | Room 101 | task-4242']);
});

test('a phone whose worker has a PIN opens on the PIN screen', async ({ page }) => {
  const t = LANGS.ar;
  await api.send('PUT', fillPath(apiPaths.setWorkerPin, { workerId }), { pin: '2468' });
  try {
    const code = await pairingCode();
    await page.goto(`${server.url}/Work#pair=${code}`);
    await page.getByRole('button', { name: t.pair.submit }).click();
    await expect(page.getByRole('heading', { name: t.pin.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel(t.pin.pin).fill('2468');
    await page.getByRole('button', { name: t.pin.submit }).click();
    await expect(page.getByRole('heading', { name: t.tasks.title, level: 1 })).toBeVisible();
  } finally {
    await api.send('PUT', fillPath(apiPaths.setWorkerPin, { workerId }), { pin: null });
  }
});

function data_service(lang: 'en' | 'ar') {
  return () => data.other[lang];
}
