import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { advanceClocks, installClockAtServer, liveAlertsOn, startAlertsServer, steerableClockEnv } from './alerts-support';
import { api, guestRequest, login, screenshot, tokenOf } from './desk-support';

/**
 * A guest's Special Request goes overdue and escalates before anyone has chosen its
 * department: its acknowledge clock starts when it is filed (the hotel's default target,
 * 10 minutes in the demo's Riyadh hotel). Nobody acknowledges it; the desk sees it under
 * "Overdue now" on Home as "No department yet", in the overdue queue, and its status
 * history shows the escalation. The server runs on the test-only clock (HOTEL_TEST_CLOCK,
 * NODE_ENV=test) and the page on Playwright's clock at the server's time; the test moves
 * both past the 10 minutes instead of waiting for them.
 * In English only: the flow does not depend on the language (it ran once per language); the
 * Arabic strings are the accessibility walk's and the i18n parity tests' (tests/COVERAGE.md).
 */
const START = '2026-12-01T07:00:00Z'; // 10:00 in Riyadh
const TARGET_S = 10 * 60;

let server: E2EServer | undefined;
test.afterAll(async () => server?.stop());

test('a Special Request escalates before a department is chosen', async ({ page }) => {
  const started = await startAlertsServer(steerableClockEnv(START));
  server = started.server;
  const url = server.url;
  const admin = await tokenOf(url);
  const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const special = groups.flatMap((g) => g.services).find((svc) => svc.isSpecial)!.id;

  await installClockAtServer(page, url);
  await login(page, url);
  await page.goto(`${url}/Admin/Home`);
  await liveAlertsOn(page);
  const request = await guestRequest(url, started.riyadh, [special], 'Quiet Guest');
  const { body: view } = await api<{ requestDetails: { id: number }[] }>(url, undefined, 'GET', `/api/Request/GetUserRequestDetails/${request.id}`);
  const lineId = view.requestDetails[0].id;
  // Filed without a department: its clock runs all the same.
  const { body: filed } = await api<{ serviceDetails: { departmentId: number | null; acknowledgeDueAt: string | null } }>(url, admin, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
  expect(filed.serviceDetails.departmentId).toBeNull();
  expect(filed.serviceDetails.acknowledgeDueAt).not.toBeNull();

  // Home: "Overdue now" counts it under "No department yet" once its target passes (live, without a reload).
  const overdue = page.getByTestId('fig-overdue').getByRole('link', { name: 'No department yet: 1 overdue, open the queue' });
  await expect(page.getByTestId('fig-overdue-total')).toHaveText('0');
  await expect(overdue).toHaveCount(0);
  await advanceClocks(page, url, TARGET_S + 1);
  await expect(overdue).toBeVisible();
  await screenshot(page, 'special-request-overdue-home-en');
  await overdue.click();
  await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/ServiceList\?overdue=true$/);
  const row = page.locator('.ag-row').filter({ hasText: request.code });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('due-badge')).toHaveAttribute('data-level', 'red');

  // The line's status history shows the escalation; the server escalated it before any department was chosen.
  await page.goto(`${url}/Admin/Service/Details/${lineId}`);
  await expect(page.getByTestId('status-history')).toContainText('Escalated: acknowledge target missed');
  const { body: after } = await api<{ serviceDetails: { departmentId: number | null } }>(url, admin, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
  expect(after.serviceDetails.departmentId).toBeNull();
  await screenshot(page, 'special-request-escalated-en');
});
