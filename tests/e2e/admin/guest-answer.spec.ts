import { expect, test } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { RECEPTIONIST, api, guestRequest, login, lookup, tokenOf } from './desk-support';

/** The guest answers a reply from the tracking page; the desk sees the message, unread until the line is opened. */
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;

test.beforeAll(async () => {
  server = await startE2EServer({ demo: true });
  const admin = await tokenOf(server.url);
  riyadh = await lookup(server.url, admin, '/api/BasicData/GenerateHotels', 'Nakheel Riyadh Hotel');
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  lateCheckout = groups.flatMap((g) => g.services).find((s) => s.name === 'Late check-out')!.id;
});
test.afterAll(async () => server?.stop());

const TEXT = {
  en: { send: 'Send reply', guestSend: 'Send message', sent: 'Your message was sent to the hotel', unread: 'New message from the guest', fromGuest: 'From the guest' },
} as const;

// English only: no check here depends on the language. The guest's page in Arabic (its default) is the
// guest specs', the desk's request screen in Arabic the accessibility walk's (tests/COVERAGE.md).
test('the guest answers a reply and the desk sees it unread until the line is opened', async ({ page, browser }) => {
  const text = TEXT.en;
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Answering Guest');
  const { body: view } = await api<{ requestDetails: { id: number }[] }>(server.url, undefined, 'GET', `/api/Request/GetUserRequestDetails/${request.id}`);
  const lineId = view.requestDetails[0].id;

  await login(page, server.url, RECEPTIONIST);
  await page.goto(`${server.url}/Admin/Request/Details/${request.id}`);
  const card = page.getByTestId(`line-${lineId}`);
  await card.locator('textarea').fill('We can offer check-out at 2 pm');
  await card.getByRole('button', { name: text.send }).click();
  await expect(card.getByTestId('message-reply')).toHaveCount(1);

  // The guest's page opens in Arabic; this guest chose English on it.
  const guestContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
  await guestContext.addInitScript(() => sessionStorage.setItem('guest-language', JSON.stringify({ language: 'en', isRtl: false })));
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/Request/Review?id=${request.id}`);
  await expect(guest.locator('html')).toHaveAttribute('dir', 'ltr');
  const guestCard = guest.getByTestId('line-card');
  await guestCard.locator('summary').click();
  await expect(guestCard.getByTestId('guest-reply')).toHaveCount(1);
  await guestCard.locator('textarea').fill('Could it be 3 pm? See http://example.test');
  await guestCard.getByRole('button', { name: text.guestSend }).click();
  await expect(guestCard.getByText(text.sent)).toBeVisible();
  await expect(guestCard.getByTestId('guest-own-message')).toContainText('Could it be 3 pm?');
  // Plain text: the address the guest typed is not a link.
  await expect(guestCard.getByTestId('guest-own-message').locator('a')).toHaveCount(0);
  await guestContext.close();

  // The desk: the line reads unread, with the guest's words in its thread.
  await page.reload();
  await expect(card.getByTestId('guest-unread')).toHaveText(text.unread);
  await expect(card.getByTestId('message-guest')).toContainText(text.fromGuest);
  await expect(card.getByTestId('message-guest')).toContainText('Could it be 3 pm?');

  // Opening the line reads it: back on the request, the marker is gone.
  await page.goto(`${server.url}/Admin/Service/Details/${lineId}`);
  await expect(page.getByTestId('message-guest')).toBeVisible();
  await page.goto(`${server.url}/Admin/Request/Details/${request.id}`);
  await expect(card.getByTestId('message-guest')).toBeVisible();
  await expect(card.getByTestId('guest-unread')).toHaveCount(0);
});
