import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { liveAlertsOn, startAlertsServer } from './alerts-support';
import { api, guestRequest, login, screenshot, setLanguage, tokenOf } from './desk-support';

/**
 * A guest's Special Request goes overdue and escalates before anyone has chosen its
 * department: its acknowledge clock starts when it is filed (the hotel's default target,
 * 10 minutes in the demo's Riyadh hotel). Nobody acknowledges it; the desk sees it under
 * "Overdue now" on Home as "No department yet", in the overdue queue, and its status
 * history shows the escalation. The server runs on the test-only fast clock
 * (HOTEL_TEST_CLOCK, NODE_ENV=test), thirty times as fast: the 10 minutes pass in 20 s.
 */
const START = '2026-12-01T07:00:00Z'; // 10:00 in Riyadh

const strings = {
  en: { overdueLink: 'No department yet: 1 overdue, open the queue', escalated: 'Escalated: acknowledge target missed' },
  ar: { overdueLink: 'بلا قسم بعد: 1 متأخرة، افتح القائمة', escalated: 'تصعيد: فات موعد الاستلام' },
};

let server: E2EServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

for (const lang of ['en', 'ar'] as const) {
  test(`a Special Request escalates before a department is chosen, in ${lang}`, async ({ page }) => {
    test.setTimeout(240_000);
    const s = strings[lang];
    const started = await startAlertsServer({ NODE_ENV: 'test', HOTEL_TEST_CLOCK: `${START}@30` });
    server = started.server;
    const url = server.url;
    const admin = await tokenOf(url);
    const { body: groups } = await api<{ services: { id: number; isSpecial?: boolean }[] }[]>(url, undefined, 'GET', '/api/BasicData/GenerateServices');
    const special = groups.flatMap((g) => g.services).find((svc) => svc.isSpecial)!.id;

    await login(page, url);
    if (lang === 'ar') await setLanguage(page, 'ar');
    await page.goto(`${url}/Admin/Home`);
    await liveAlertsOn(page);
    const request = await guestRequest(url, started.riyadh, [special], 'Quiet Guest');
    const { body: view } = await api<{ requestDetails: { id: number }[] }>(url, undefined, 'GET', `/api/Request/GetUserRequestDetails/${request.id}`);
    const lineId = view.requestDetails[0].id;
    // Filed without a department: its clock runs all the same.
    const { body: filed } = await api<{ serviceDetails: { departmentId: number | null; acknowledgeDueAt: string | null } }>(url, admin, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
    expect(filed.serviceDetails.departmentId).toBeNull();
    expect(filed.serviceDetails.acknowledgeDueAt).not.toBeNull();

    // Home: "Overdue now" counts it under "No department yet" once its target passes (live; the server's clock runs fast).
    const overdue = page.getByTestId('fig-overdue').getByRole('link', { name: s.overdueLink });
    await expect(overdue).toBeVisible({ timeout: 120_000 });
    await screenshot(page, `special-request-overdue-home-${lang}`);
    await overdue.click();
    await expect(page).toHaveURL(/\/Admin\/ServiceManagement\/ServiceList\?overdue=true$/);
    const row = page.locator('.ag-row').filter({ hasText: request.code });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row.getByTestId('due-badge')).toHaveAttribute('data-level', 'red');

    // The line's status history shows the escalation; the server escalated it before any department was chosen.
    await page.goto(`${url}/Admin/Service/Details/${lineId}`);
    await expect(page.getByTestId('status-history')).toContainText(s.escalated, { timeout: 60_000 });
    // Still without a department (a fresh sign-in: the fast clock has run past the first token's lifetime).
    const { body: after } = await api<{ serviceDetails: { departmentId: number | null } }>(url, await tokenOf(url), 'GET', `/api/Request/GetServiceDetails/${lineId}`);
    expect(after.serviceDetails.departmentId).toBeNull();
    await screenshot(page, `special-request-escalated-${lang}`);
  });
}
