import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { liveAlertsOn, openRooms as openRoomsAt, startAlertsServer } from './alerts-support';
import { RECEPTIONIST, guestRequest, login } from './desk-support';

/**
 * A new request rings on the Rooms screen (not only on the
 * lists) and keeps ringing every 30 s until someone acknowledges the line; an overdue
 * line turns red without a reload. The server runs a fast clock: one target minute lasts
 * MINUTE_MS, so Late check-out's 5-minute acknowledge target (the demo's Front Desk
 * group) passes 30 s after the request.
 */
const MINUTE_MS = 6000;
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;

test.beforeAll(async () => {
  ({ server, riyadh, lateCheckout } = await startAlertsServer({ HOTEL_SLA_MINUTE_MS: String(MINUTE_MS) }));
});
test.afterAll(async () => server?.stop());

/** Every tone the page's Web Audio plays, in order: each cue has its own tune (renderer/src/features/live/sound.ts). */
async function recordTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { tones: number[] };
    w.tones = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const osc = create.call(this);
      const start = osc.start.bind(osc);
      osc.start = (when?: number) => {
        w.tones.push(osc.frequency.value);
        start(when);
      };
      return osc;
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { tones: number[] }).tones);
/** A reminder plays 880 Hz twice, a new request once; both rise to 1320 Hz once. */
const reminders = async (page: Page) => {
  const played = await tones(page);
  return played.filter((t) => t === 880).length - played.filter((t) => t === 1320).length;
};
const newRequestChimes = async (page: Page) => (await tones(page)).filter((t) => t === 1320).length - (await reminders(page));

const LINES = '/api/Request/GetAllServicesRequest';
const reminderRead = (page: Page) => page.waitForResponse((res) => new URL(res.url()).pathname === LINES, { timeout: 45_000 });

const openRooms = (page: Page) => openRoomsAt(page, server.url);

test('a new line rings on the Rooms screen every 30 s until it is acknowledged; an overdue line turns red without a reload', async ({ page }) => {
  test.setTimeout(300_000);
  await recordTones(page);
  // The front desk's staff member: Late check-out goes to her department; she may see Rooms and acknowledge.
  await login(page, server.url, RECEPTIONIST);
  await openRooms(page);

  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Ringing Guest');
  await expect(page.getByTestId('toast-info').filter({ hasText: `New request ${request.code}` })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => newRequestChimes(page)).toBe(1);

  // Nobody has taken it: it rings again, on the Rooms screen, with what waits.
  const reminder = page.getByTestId('toast-warning').filter({ hasText: `Late check-out (room` }).filter({ hasText: `${request.code}) waits to be acknowledged` });
  await expect(reminder).toBeVisible({ timeout: 45_000 });
  expect(await reminders(page)).toBe(1);
  await expect(page).toHaveURL(/\/Admin\/BasicData\/Room$/);

  // The reminder opens the line; Acknowledge stops the ringing.
  await reminder.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/Admin\/Service\/Details\/\d+$/);
  await page.getByTestId('acknowledge').click();
  await expect(page.getByTestId('toast-success')).toBeVisible();
  await expect(page.getByTestId('acknowledge')).toHaveCount(0);

  await openRooms(page);
  const before = await reminders(page);
  // The next round reads the lines, finds none waiting, and stays quiet.
  const read = await reminderRead(page);
  expect(((await read.json()) as { acknowledgedAt: string | null }[]).filter((l) => l.acknowledgedAt === null)).toHaveLength(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(await reminders(page)).toBe(before);
  await expect(page.getByTestId('toast-warning')).toHaveCount(0);

  // A second request, opened at once: its line is not red yet; 30 s after it came in it is, on the same page.
  const late = await guestRequest(server.url, riyadh, [lateCheckout], 'Waiting Guest');
  await page.goto(`${server.url}/Admin/Request/Details/${late.id}`);
  const badge = page.getByTestId(/^line-/).getByTestId('due-badge');
  await expect(badge).toContainText('Acknowledge by');
  await expect(badge).not.toHaveAttribute('data-level', 'red');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await expect(badge).toHaveAttribute('data-level', 'amber', { timeout: 30_000 });
  await expect(badge).toHaveAttribute('data-level', 'red', { timeout: 30_000 });
  await expect(badge).toContainText('Late: acknowledge was due');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('an escalation reaches the duty manager on the Home screen: a red toast, its own falling tune', async ({ page }) => {
  test.setTimeout(180_000);
  await recordTones(page);
  // The demo's Duty Manager holds Escalations.Receive for every hotel.
  await login(page, server.url, { email: 'guestrelations@nakheel.demo', password: RECEPTIONIST.password });
  await liveAlertsOn(page);
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Escalated Guest');
  // Nobody acknowledges it: 5 target minutes (30 s here) later the server escalates it.
  const toast = page.getByTestId('toast-error').filter({ hasText: 'Overdue: Late check-out, room' });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText('Not acknowledged by');
  await expect(page).toHaveURL(/\/Admin\/Home$/);
  await expect.poll(async () => (await tones(page)).filter((t) => t === 330).length).toBeGreaterThanOrEqual(1);
  await expect(toast.getByRole('button', { name: 'Open' })).toBeVisible();
  // The line is Front Office's, not the duty manager's (Guest Relations): new-line alerts follow the
  // line's departments, so the bell counts nothing; the escalation reaches them as the toast above.
  await expect(page.getByTestId('alerts-count')).toHaveCount(0);
  expect(request.code).toMatch(/^RQ-/);
});
