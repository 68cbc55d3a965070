import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { axeViolations } from '../support/axe';
import { type E2EServer, startE2EServer } from '../support/server';
import { advanceServerClock, steerableClockEnv } from './alerts-support';
import { api, guestRequest, login, lookup, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * Administration → Integrations as an Admin uses it: an API key shown once, used and
 * revoked; a webhook to a receiver on loopback whose signatures are checked with the
 * Standard Webhooks library, a failed try in the delivery log, and "Send again". The server runs
 * on its test clock (HOTEL_TEST_CLOCK): the test moves it past the retry's backoff instead of
 * waiting for it. In English (the flow does not depend on the language: it ran once per
 * language); the screen then turns Arabic for what Arabic changes: right to left, axe, and the
 * removal (tests/COVERAGE.md).
 */

// axe is injected as a script, which the server's CSP rightly forbids.
test.use({ bypassCSP: true, actionTimeout: 20_000 });

/** Loopback receivers only through the operator's switches (as the server's webhook tests); the server's own dispatcher delivers. */
const ENV = { HOTEL_WEBHOOK_ALLOW_PRIVATE: '1', HOTEL_WEBHOOK_ALLOW_HTTP: '1', ...steerableClockEnv() };
/**
 * Past the second retry's backoff (server/src/modules/integrations/webhooks/dispatcher.ts,
 * RETRY_AFTER_MS: 5 s, then 60 s): the server's clock runs at the real pace, so on a slow machine
 * the first retry may come (and fail) before the test has the receiver answer again.
 */
const PAST_SECOND_RETRY_S = 61;

const TEXT = {
  en: {
    title: 'Integrations',
    createKey: 'Create key',
    name: 'Name',
    reach: 'Reaches',
    wholeChain: 'The whole chain',
    claimGroup: 'Service Management [Request List]',
    view: 'View',
    shownOnce: 'Copy the key "PMS bridge en" now',
    copy: 'Copy',
    keyCopied: 'The key was copied',
    stored: 'I have stored it',
    revoke: 'Revoke',
    revoked: 'The API key was revoked',
    revokedOn: 'Revoked',
    unknownKey: 'This API key is unknown or has been revoked',
    addWebhook: 'Add webhook',
    url: 'URL',
    lineChanged: 'Line changed',
    create: 'Create',
    webhookCreated: 'Webhook created',
    copied: 'Copied',
    done: 'Done',
    deliveries: 'Deliveries',
    empty: 'Nothing delivered yet.',
    requestCreated: 'Request created',
    delivered: 'Delivered',
    pending: 'Pending',
    ms: /^\d+ ms$/,
    resend: 'Send again',
    resent: 'The delivery will be sent again',
    remove: 'Remove',
    removed: 'Webhook removed',
  },
  // What the Arabic part of the test reads (the rest of the screen's Arabic: the accessibility walk, the i18n parity tests).
  ar: {
    title: 'التكاملات',
    deliveries: 'عمليات التسليم',
    requestCreated: 'إنشاء طلب',
    delivered: 'تم التسليم',
    remove: 'حذف',
    removed: 'تم حذف الويب هوك',
  },
} as const;

interface Received {
  id: string;
  body: string;
  headers: IncomingHttpHeaders;
  answered: number;
}

/** A receiver on loopback: keeps every call as sent (the test checks the signatures), answers 500 while `failing`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failing: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = state.failing ? 500 : 204;
      received.push({ id: String(req.headers['webhook-id']), body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, answered });
      if (answered === 500) res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is having a bad day');
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    received,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let server: E2EServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let hotelId: number;
let serviceId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000); // the server's first start can be slow on a busy machine
  receiver = await startReceiver();
  server = await startE2EServer({ demo: true, env: ENV });
  const admin = await tokenOf(server.url);
  hotelId = await lookup(server.url, admin, '/api/BasicData/GenerateHotels', 'Nakheel Riyadh Hotel');
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  serviceId = groups.flatMap((g) => g.services).find((s) => s.name === 'Taxi booking')!.id;
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** A call another system makes with the key. */
const callWithKey = (key: string) => api<{ message?: string }>(server.url, key, 'GET', '/api/Request/GetAllRequests?page=1&pageSize=5');

test('Administration → Integrations: an API key shown once, used and revoked; a signed webhook, its failed try and "Send again"; right to left in Arabic', async ({ page, context }) => {
  const text = TEXT.en;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await login(page, server.url);
  await page.goto(`${server.url}/Admin/Administration/Integrations`);
  const screen = page.getByTestId('screen-Integrations');
  await expect(screen.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // An API key: created, shown once, copied.
  const keyName = 'PMS bridge en';
  await screen.getByRole('button', { name: text.createKey }).first().click();
  const form = screen.getByTestId('api-key-form');
  await form.getByLabel(text.name).fill(keyName);
  await form.getByLabel(text.reach).selectOption({ label: text.wholeChain });
  await form.getByRole('group', { name: text.claimGroup }).getByRole('checkbox', { name: text.view }).check();
  await form.getByRole('button', { name: text.createKey }).click();
  const dialog = page.getByRole('alertdialog', { name: text.shownOnce });
  const key = await dialog.getByTestId('new-api-key').inputValue();
  expect(key).toMatch(/^hgs_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByTestId('new-api-key')).toHaveAttribute('dir', 'ltr');
  await dialog.getByRole('button', { name: text.copy }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: text.keyCopied })).toBeVisible();
  expect(await clipboard(page)).toBe(key);
  await dialog.getByRole('button', { name: text.stored }).click();
  await expect(dialog).toBeHidden();
  expect(await page.content(), 'the key is not on the page once the dialog is closed').not.toContain(key);

  // It works from another system, until it is revoked in the screen.
  expect((await callWithKey(key)).status).toBe(200);
  const keyRow = screen.getByRole('row').filter({ hasText: keyName });
  await keyRow.getByRole('button', { name: `${text.revoke} ${keyName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: text.revoke, exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: text.revoked })).toBeVisible();
  await expect(keyRow).toContainText(text.revokedOn);
  const refused = await callWithKey(key);
  expect(refused.status).toBe(401);
  expect(refused.body.message).toBe(text.unknownKey);

  // A webhook to the receiver: its signing secret shown once, copied.
  const path = '/hooks/en';
  const target = receiver.url(path);
  const webhooks = screen.getByTestId('webhooks');
  await webhooks.getByRole('button', { name: text.addWebhook }).click();
  await webhooks.getByRole('textbox', { name: text.url }).fill(target);
  await webhooks.getByRole('checkbox', { name: text.lineChanged }).uncheck();
  await webhooks.getByRole('button', { name: text.create, exact: true }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: text.webhookCreated })).toBeVisible();
  const secretBar = webhooks.getByTestId('webhook-secret');
  const secret = (await secretBar.locator('[dir=ltr]').first().textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await secretBar.getByRole('button', { name: text.copy }).click();
  await expect(secretBar.getByRole('button', { name: text.copied })).toBeVisible();
  expect(await clipboard(page)).toBe(secret);
  await secretBar.getByRole('button', { name: text.done, exact: true }).click();
  await expect(secretBar).toBeHidden();
  const subscription = webhooks.getByTestId('webhook-row').filter({ hasText: target });
  await expect(subscription.locator('[dir=ltr]').first()).toHaveText(target);

  // The log, open while the events come: it follows the dispatcher by itself.
  await subscription.getByRole('button', { name: text.deliveries }).click();
  const log = webhooks.getByTestId('webhook-deliveries');
  await expect(log.getByText(text.empty)).toBeVisible();
  const before = receiver.received.length;
  const calls = () => receiver.received.slice(before);
  const verify = (r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { requestId: string } };

  const first = await guestRequest(server.url, hotelId, [serviceId], 'Webhook Guest en');
  const rows = log.getByTestId('webhook-delivery');
  const cells = (row: number) => rows.nth(row).getByRole('cell');
  await expect(rows).toHaveCount(1);
  await expect(cells(0).nth(0)).toHaveText(text.requestCreated);
  await expect(cells(0).nth(1)).toHaveText(text.delivered);
  await expect(cells(0).nth(4)).toHaveText('204');
  await expect(cells(0).nth(5)).toHaveText(text.ms);
  expect(calls()).toHaveLength(1);
  expect(verify(calls()[0])).toMatchObject({ type: 'request.created', data: { requestId: first.id } });
  await expect(cells(0).nth(7)).toHaveText(calls()[0].id);

  // The receiver fails one event: the log shows the failed try and "Send again" unavailable while it is retried.
  receiver.state.failing = true;
  const second = await guestRequest(server.url, hotelId, [serviceId], 'Failing Guest en');
  await expect(rows).toHaveCount(2);
  await expect(cells(0).nth(4)).toHaveText('500');
  await expect(cells(0).nth(1)).toHaveText(text.pending);
  await expect(cells(0).nth(6)).toHaveText('receiver is having a bad day');
  await expect(rows.nth(0).getByRole('button', { name: text.resend })).toBeDisabled();
  receiver.state.failing = false;
  // Back: the retry (on the server's clock, moved past its backoff) delivers it, with the same webhook-id.
  await advanceServerClock(server.url, PAST_SECOND_RETRY_S);
  await expect(cells(0).nth(1)).toHaveText(text.delivered);
  await expect(cells(0).nth(4)).toHaveText('204');
  const secondCalls = () => calls().filter((r) => verify(r).data.requestId === second.id);
  const failedTries = secondCalls().filter((r) => r.answered === 500);
  expect(failedTries.length).toBeGreaterThanOrEqual(1);
  expect(new Set(secondCalls().map((r) => r.id)).size, 'one webhook-id for every try').toBe(1);
  const tries = Number(await cells(0).nth(2).textContent());
  expect(tries).toBe(secondCalls().length);

  // "Send again": the event goes once more, signed, with its webhook-id.
  const resend = rows.nth(0).getByRole('button', { name: text.resend });
  await resend.click();
  await expect(page.getByTestId('toast-success').filter({ hasText: text.resent })).toBeVisible();
  await expect(cells(0).nth(2)).toHaveText(String(tries + 1));
  await expect(cells(0).nth(1)).toHaveText(text.delivered);
  expect(secondCalls()).toHaveLength(tries + 1);
  expect(secondCalls().at(-1)!.answered).toBe(204);
  expect(new Set(secondCalls().map((r) => r.id)).size).toBe(1);
  await expect(cells(0).nth(7)).toHaveText(secondCalls()[0].id);
  await expect(resend, 'the focus stays where the user pressed').toBeFocused();

  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'integrations-en');

  // Right to left in Arabic: the table's first column is at the right; URLs and ids stay left to right.
  const ar = TEXT.ar;
  await setLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(screen.getByRole('heading', { level: 1, name: ar.title })).toBeVisible();
  await subscription.getByRole('button', { name: ar.deliveries }).click();
  await expect(cells(0).nth(0)).toHaveText(ar.requestCreated);
  await expect(cells(0).nth(1)).toHaveText(ar.delivered);
  const firstHeader = await log.getByRole('columnheader').first().boundingBox();
  const lastHeader = await log.getByRole('columnheader').last().boundingBox();
  expect(firstHeader!.x).toBeGreaterThan(lastHeader!.x);
  await expect(cells(0).nth(7).locator('[dir=ltr]')).toHaveCount(1);
  await expect(subscription.locator('[dir=ltr]').first()).toHaveText(target);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'integrations-ar');

  await subscription.getByRole('button', { name: ar.remove }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: ar.removed })).toBeVisible();
  await expect(subscription).toHaveCount(0);
});
