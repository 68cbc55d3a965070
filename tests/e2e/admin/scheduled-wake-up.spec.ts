import { expect, test } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { advanceServerClock, liveAlertsOn, startAlertsServer, steerableClockEnv } from './alerts-support';
import { api, login, tokenOf } from './desk-support';

/**
 * A wake-up call for 06:00 (the hotel's time) fires at its time in the browser: quiet and
 * under "Scheduled" until 05:45 (the default 15-minute lead), then the new-request toast.
 * The server runs on the test-only clock (HOTEL_TEST_CLOCK, NODE_ENV=test): it starts at
 * 05:43 in Riyadh and the test moves it to just before 05:45, then past it; nothing waits.
 * In English only: the flow is timing, and every check is by test id (it ran once per language,
 * the same checks twice; the Arabic screens are the accessibility walk's, tests/COVERAGE.md).
 */
const START = '2026-12-01T02:43:00Z'; // 05:43 in Riyadh: two minutes before the lead time
const WAKE_UP = '2026-12-01T06:00';
const ALERT_AT = '2026-12-01T02:45:00.000Z'; // 05:45 in Riyadh
/** Seconds from the server's time `now` to `at`. */
const secondsTo = (at: string, now: number) => Math.ceil((Date.parse(at) - now) / 1000);

let server: E2EServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('a wake-up call alerts at its lead time, not before', async ({ page }) => {
  const started = await startAlertsServer(steerableClockEnv(START));
  server = started.server;
  const url = server.url;
  const admin = await tokenOf(url);
  const { body: rooms } = await api<{ id: number }[]>(url, undefined, 'GET', `/api/BasicData/GenerateRooms?hotelId=${started.riyadh}`);
  const { body: groups } = await api<{ services: { id: number; name: string }[] }[]>(url, undefined, 'GET', '/api/BasicData/GenerateServices');
  const service = groups.flatMap((g) => g.services).find((s) => /wake/i.test(s.name))?.id ?? started.lateCheckout;

  await login(page, url);
  const added = await api<{ id: string }>(url, undefined, 'POST', '/api/Request/AddRequest', {
    custName: 'Early Riser',
    custEmail: 'early@example.com',
    custPhone: '+966 55 123 4567',
    hotelId: started.riyadh,
    roomId: rooms[0].id,
    note: '',
    services: [{ serviceId: service, note: 'Wake-up call', scheduledAt: WAKE_UP }],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const { body: view } = await api<{ requestCode: string; requestDetails: { id: number }[] }>(url, undefined, 'GET', `/api/Request/GetUserRequestDetails/${added.body.id}`);
  const lineId = view.requestDetails[0].id;

  // Quiet: under Scheduled, with its time, and no toast.
  await page.goto(`${url}/Admin/ServiceManagement/ServiceList?scheduled=true`);
  await liveAlertsOn(page);
  await expect(page.getByTestId('scheduled-for').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('filter-scheduled')).toBeChecked();
  const toast = page.getByTestId('toast-info').filter({ hasText: view.requestCode });
  await expect(toast).toHaveCount(0);

  // Half a minute before 05:45 (the server's due work done when it answers): still quiet, its clock not started.
  await advanceServerClock(url, secondsTo(ALERT_AT, await advanceServerClock(url, 0)) - 30);
  const { body: quiet } = await api<{ serviceDetails: { clockStartedAt: string | null } }>(url, admin, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
  expect(quiet.serviceDetails.clockStartedAt).toBeNull();
  await expect(toast).toHaveCount(0);

  // At 05:45 the toast, and the line's clock started then (not at creation).
  await advanceServerClock(url, 31);
  await expect(toast).toBeVisible();
  const { body: details } = await api<{ serviceDetails: { clockStartedAt: string } }>(url, admin, 'GET', `/api/Request/GetServiceDetails/${lineId}`);
  expect(details.serviceDetails.clockStartedAt).toBe(ALERT_AT);
});
