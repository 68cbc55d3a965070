import { expect, test } from '@playwright/test';
import { startE2EServer, type E2EServer } from '../support/server';
import { RECEPTIONIST, api, guestRequest, login, lookup, screenshot, setLanguage, tokenOf } from './desk-support';

let server: E2EServer;
let admin: string;
let riyadh: number;
let special: number;
let lateCheckout: number;

test.beforeAll(async () => {
  server = await startE2EServer({ demo: true });
  admin = await tokenOf(server.url);
  riyadh = await lookup(server.url, admin, '/api/BasicData/GenerateHotels', 'Nakheel Riyadh Hotel');
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(server.url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const all = groups.flatMap((g) => g.services);
  special = all.find((s) => s.name === 'Special Request')!.id;
  lateCheckout = all.find((s) => s.name === 'Late check-out')!.id;
});
test.afterAll(async () => server?.stop());

test('a receptionist handles a new request live: department, worker, complete with a reply, reject with a reason; history and review', async ({ page }) => {
  await login(page, server.url, RECEPTIONIST);
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await expect(page.getByTestId('live-state')).toHaveText('Live');

  // A guest asks while the list is open: the row and a toast with its code appear without reload.
  const request = await guestRequest(server.url, riyadh, [special, lateCheckout]);
  await expect(page.getByTestId('toast-info')).toContainText(`New request ${request.code}`);
  // It belongs on the open newest-first page: it lands there, highlighted, and is not counted as "N new".
  const row = page.getByRole('row', { name: new RegExp(request.code) });
  await expect(row).toContainText('Open');
  await expect(page.getByTestId('new-badge')).toHaveCount(0);
  await screenshot(page, 'request-list-en');

  await row.getByRole('button', { name: `Edit ${request.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Request/Details/${request.id}$`));
  await expect(page.getByRole('heading', { name: `Request ${request.code}` })).toBeVisible();
  await expect(page.getByTestId('request-details').getByText('Nakheel Riyadh Hotel')).toBeVisible();

  const cards = page.getByTestId(/^line-/);
  const specialCard = cards.filter({ hasText: 'Special Request' });
  const lateCard = cards.filter({ hasText: 'Late check-out' });

  // The special line needs a department before a worker or complete; the guest can be answered already.
  await expect(specialCard.getByRole('button', { name: 'Assign department' })).toBeVisible();
  await expect(specialCard.getByRole('button', { name: 'Assign worker' })).toHaveCount(0);
  await expect(specialCard.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(specialCard.getByLabel('Reply to the guest')).toBeVisible();
  await specialCard.getByRole('button', { name: 'Assign department' }).click();
  await expect(specialCard.getByText('Please select a department')).toBeVisible();
  await specialCard.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Front Office' }).click();
  await specialCard.getByRole('button', { name: 'Assign department' }).dblclick();
  await expect(page.getByTestId('toast-success').first()).toBeVisible();
  await expect(specialCard.getByRole('button', { name: 'Assign worker' })).toBeVisible();

  // Then a worker of that department; the reply box opens; complete with a reply.
  await specialCard.getByRole('button', { name: 'Assign worker' }).click();
  await expect(specialCard.getByText('Please select a worker')).toBeVisible();
  await specialCard.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Faisal Al-Mutairi' }).click();
  await specialCard.getByRole('button', { name: 'Assign worker' }).click();
  await expect(specialCard.getByTestId('status-history')).toContainText('Assigned to Faisal Al-Mutairi');
  await specialCard.getByLabel('Reply to the guest').fill('Your flowers are on the way');
  await specialCard.getByRole('button', { name: 'Complete' }).dblclick();
  await expect(specialCard.getByTestId('message-reply')).toContainText('Your flowers are on the way');
  await expect(specialCard.locator('[data-status="Completed"]')).toBeVisible();

  // Reject the other line: an empty reason is refused with the SPEC message.
  await lateCard.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please Enter Reason for Cancellation')).toBeVisible();
  // The reason stays among staff; only the message to the guest reaches the guest.
  await dialog.getByLabel('Reason for cancellation').fill('Fully booked tomorrow');
  await dialog.getByLabel('Message to the guest (optional)').fill('Sorry, we cannot extend your stay tomorrow');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(lateCard.locator('[data-status="Rejected"]')).toBeVisible();
  await expect(lateCard.getByTestId('message-reply')).toContainText('Sorry, we cannot extend your stay tomorrow');
  await expect(lateCard.getByTestId('message-reply')).not.toContainText('Fully booked tomorrow');

  // Each step is in the history, by whom.
  const history = specialCard.getByTestId('status-history');
  await expect(history).toContainText('Sent to department Front Office by Hessa Al-Dosari');
  await expect(history).toContainText('Assigned to Faisal Al-Mutairi by Hessa Al-Dosari');
  await expect(history).toContainText('Completed by Hessa Al-Dosari');
  await expect(lateCard.getByTestId('status-history')).toContainText('Rejected by Hessa Al-Dosari');

  // A double click sent each step once: a second send would have been refused with an error toast.
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
  const detail = (await api(server.url, admin, 'GET', `/api/Request/GetRequestDetails/${request.id}`)).body.requestDetails;
  expect(detail.statusName).toBe('Completed');
  await expect(page.locator('h1 ~ [data-status="Completed"], [data-status="Completed"]').first()).toBeVisible();

  // The guest's review shows on the details page (it arrives live).
  const review = await api(server.url, undefined, 'PUT', '/api/Request/AddReviewToRequest', { id: request.id, rating: 9, feedback: 'Lovely flowers' });
  expect(review.status).toBe(200);
  await expect(page.getByTestId('review-text')).toHaveText('Lovely flowers');
  await expect(page.getByTestId('review-rating')).toHaveAttribute('aria-label', '9 out of 10');
  await screenshot(page, 'request-details-en');

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/RequestList$/);
  await expect(page.getByRole('row', { name: new RegExp(request.code) })).toContainText('Completed');
});

test('the services list opens one line; both lists and details in Arabic are right-to-left', async ({ page }) => {
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Omar Saleh');
  await login(page, server.url, RECEPTIONIST);
  await page.goto(`${server.url}/Admin/ServiceManagement/ServiceList`);
  const row = page.getByRole('row', { name: new RegExp(request.code) });
  await expect(row).toContainText('Late check-out');
  await screenshot(page, 'service-list-en');
  await row.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByRole('heading', { name: `Service line of request ${request.code}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assign worker' })).toBeVisible();
  await screenshot(page, 'service-details-en');

  await setLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'إسناد إلى عامل' })).toBeVisible();
  await screenshot(page, 'service-details-ar');
  await page.getByRole('button', { name: 'رجوع' }).click();
  await expect(page).toHaveURL(/ServiceList$/);
  await expect(page.getByRole('heading', { name: 'قائمة الخدمات' }).or(page.locator('h1'))).toBeVisible();
  await screenshot(page, 'service-list-ar');
  await page.goto(`${server.url}/Admin/ServiceManagement/RequestList`);
  await expect(page.getByRole('row', { name: new RegExp(request.code) })).toBeVisible();
  await screenshot(page, 'request-list-ar');
  await page.goto(`${server.url}/Admin/Request/Details/${request.id}`);
  await expect(page.getByText('فندق نخيل الرياض')).toBeVisible();
  await screenshot(page, 'request-details-ar');
  await page.goto(`${server.url}/Admin/Home`);
  await expect(page.getByTestId('fig-open')).toBeVisible();
  await screenshot(page, 'home-ar');
  await setLanguage(page, 'en');
  await expect(page.getByTestId('fig-open')).toContainText('Open lines');
  await screenshot(page, 'home-en');
});
