import { expect, test } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { RECEPTIONIST, api, guestRequest, login, lookup, tokenOf } from './desk-support';

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

test('staff send two replies and a note; the guest\'s open review page shows both replies live and never the note', async ({ page, browser }) => {
  const request = await guestRequest(server.url, riyadh, [lateCheckout]);
  const guestContext = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/Request/Review?id=${request.id}`);
  await expect(guest.getByTestId('line-card')).toHaveCount(1);

  await login(page, server.url, RECEPTIONIST);
  await page.goto(`${server.url}/Admin/Request/Details/${request.id}`);
  const card = page.getByTestId(/^line-/).filter({ hasText: 'Late check-out' });
  const box = card.getByLabel('Reply to the guest');
  const send = async (text: string, button: 'Send reply' | 'Add as internal note') => {
    await box.fill(text);
    await card.getByRole('button', { name: button }).click();
    await expect(box).toHaveValue('');
  };
  await send('We can offer check-out at 2 pm', 'Send reply');
  await send('STAFF ONLY: guest is a returning VIP', 'Add as internal note');
  await send('Confirmed, enjoy your stay', 'Send reply');
  await expect(card.getByTestId('message-reply')).toHaveCount(2);
  await expect(card.getByTestId('message-note')).toHaveCount(1);

  // The guest never reloaded: both replies arrived over the live stream, in order.
  const replies = guest.getByTestId('guest-reply').locator('p');
  await expect(replies).toHaveText(['We can offer check-out at 2 pm', 'Confirmed, enjoy your stay']);
  await expect(guest.getByTestId('line-card')).toHaveAttribute('open', '');
  await expect(guest.locator('body')).not.toContainText('STAFF ONLY');
  await guestContext.close();
});

test("the browser's Back with an unsent reply asks first: Stay keeps the page and the text, Leave goes back", async ({ page }) => {
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Back Button Guest');
  await login(page, server.url, RECEPTIONIST);
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await page.getByRole('row', { name: new RegExp(request.code) }).getByRole('button', { name: /^Edit / }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));
  const box = page.getByTestId(/^line-/).filter({ hasText: 'Late check-out' }).getByLabel('Reply to the guest');
  await box.fill('Half-written answer');

  // The browser's Back button (history.back(), as the mouse's back button or Alt+Left).
  const question = page.getByRole('alertdialog').filter({ hasText: 'Leave without sending?' });
  await page.evaluate(() => history.back());
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));
  await expect(box).toHaveValue('Half-written answer');
  // The page's own Back button asks too.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));

  // Asked again on the next Back; leaving goes back to the list, once.
  await page.evaluate(() => history.back());
  await question.getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/RequestList$/);
  await expect(page.getByRole('row', { name: new RegExp(request.code) })).toBeVisible();
  await expect(question).toBeHidden();
});
