import { expect, test, type Page } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { advanceClocks, advanceServerClock, installClockAtServer, liveAlertsOn, openRooms as openRoomsAt, startAlertsServer, steerableClockEnv } from './alerts-support';
import { RECEPTIONIST, guestRequest, login } from './desk-support';

/**
 * A new request rings on the Rooms screen (not only on the
 * lists) and keeps ringing every 30 s until someone acknowledges the line; an overdue
 * line turns red without a reload. No wait on the wall clock: the page runs on Playwright's
 * clock (installed at the server's time) and the server on its test clock, both moved on by
 * the test: 30 s for a reminder, Late check-out's 5-minute acknowledge target (the demo's
 * Front Desk group) for amber, red and the escalation.
 */
const TARGET_S = 5 * 60;
let server: E2EServer;
let riyadh: number;
let lateCheckout: number;

test.beforeAll(async () => {
  ({ server, riyadh, lateCheckout } = await startAlertsServer(steerableClockEnv()));
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
const reminderRead = (page: Page) => page.waitForResponse((res) => new URL(res.url()).pathname === LINES);
/** The reminders' interval (renderer/src/features/live/reminders.ts, ALERT_REPEAT_MS). */
const REPEAT_MS = 30_000;

const openRooms = (page: Page) => openRoomsAt(page, server.url);

test('a new line rings on the Rooms screen every 30 s until it is acknowledged; an overdue line turns red without a reload', async ({ page }) => {
  await recordTones(page);
  await installClockAtServer(page, server.url);
  // The front desk's staff member: Late check-out goes to her department; she may see Rooms and acknowledge.
  await login(page, server.url, RECEPTIONIST);
  await openRooms(page);

  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Ringing Guest');
  await expect(page.getByTestId('toast-info').filter({ hasText: `New request ${request.code}` })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => newRequestChimes(page)).toBe(1);

  // Nobody has taken it: 30 s on it rings again, on the Rooms screen, with what waits.
  const reminder = page.getByTestId('toast-warning').filter({ hasText: `Late check-out (room` }).filter({ hasText: `${request.code}) waits to be acknowledged` });
  await expect(reminder).toHaveCount(0);
  await advanceClocks(page, server.url, REPEAT_MS / 1000);
  await expect(reminder).toBeVisible();
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
  // The next round (30 s on) reads the lines, finds none waiting, and stays quiet.
  const reading = reminderRead(page);
  await advanceClocks(page, server.url, REPEAT_MS / 1000);
  const read = await reading;
  expect(((await read.json()) as { acknowledgedAt: string | null }[]).filter((l) => l.acknowledgedAt === null)).toHaveLength(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(await reminders(page)).toBe(before);
  await expect(page.getByTestId('toast-warning')).toHaveCount(0);

  // A second request, opened at once: its line is not red yet; amber at 75 % of its target, red past it, on the same page.
  const late = await guestRequest(server.url, riyadh, [lateCheckout], 'Waiting Guest');
  await page.goto(`${server.url}/Admin/Request/Details/${late.id}`);
  const badge = page.getByTestId(/^line-/).getByTestId('due-badge');
  await expect(badge).toContainText('Acknowledge by');
  await expect(badge).not.toHaveAttribute('data-level', 'red');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await advanceClocks(page, server.url, 0.8 * TARGET_S);
  await expect(badge).toHaveAttribute('data-level', 'amber');
  // Past the target on both clocks (the server escalates it now, as it would at that moment).
  await advanceClocks(page, server.url, 0.2 * TARGET_S + 1);
  await expect(badge).toHaveAttribute('data-level', 'red');
  await expect(badge).toContainText('Late: acknowledge was due');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('an escalation reaches the duty manager on the Home screen: a red toast, its own falling tune', async ({ page }) => {
  await recordTones(page);
  // The demo's Duty Manager holds Escalations.Receive for every hotel.
  await login(page, server.url, { email: 'guestrelations@nakheel.demo', password: RECEPTIONIST.password });
  await liveAlertsOn(page);
  const request = await guestRequest(server.url, riyadh, [lateCheckout], 'Escalated Guest');
  // Nobody acknowledges it: 5 minutes later (the server's clock moved on) the server escalates it.
  const toast = page.getByTestId('toast-error').filter({ hasText: 'Overdue: Late check-out, room' });
  await expect(toast).toHaveCount(0);
  await advanceServerClock(server.url, TARGET_S + 1);
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Not acknowledged by');
  await expect(page).toHaveURL(/\/Admin\/Home$/);
  await expect.poll(async () => (await tones(page)).filter((t) => t === 330).length).toBeGreaterThanOrEqual(1);
  await expect(toast.getByRole('button', { name: 'Open' })).toBeVisible();
  // The line is Front Office's, not the duty manager's (Guest Relations): new-line alerts follow the
  // line's departments, so the bell counts nothing; the escalation reaches them as the toast above.
  await expect(page.getByTestId('alerts-count')).toHaveCount(0);
  expect(request.code).toMatch(/^RQ-/);
});
