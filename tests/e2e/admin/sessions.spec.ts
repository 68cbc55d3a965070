import { expect, test, type Browser } from '@playwright/test';
import type { E2EServer } from '../support/server';
import { adminServer } from './admin-support';
import { DEMO_PASSWORD, loginThroughScreen } from './desk-support';

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(240_000); // the server's first start can be slow on a busy machine
  server = await adminServer();
});
test.afterAll(async () => server?.stop());

const TEXT = {
  en: { thisDevice: 'This device', end: 'End session', ended: 'The session was ended' },
} as const;

/** The same user signed in twice (two browsers); the first ends the second from its list of devices. */
async function endTheOtherSession(browser: Browser, email: string) {
  const text = TEXT.en;
  const user = { email, password: DEMO_PASSWORD };
  const here = await browser.newContext();
  const there = await browser.newContext();
  try {
    const mine = await here.newPage();
    const theirs = await there.newPage();
    await loginThroughScreen(theirs, server.url, user);
    await loginThroughScreen(mine, server.url, user);

    await mine.getByTestId('security-menu').click();
    await mine.getByTestId('devices-open').click();
    const dialog = mine.getByRole('dialog');
    const rows = dialog.locator('[data-testid^="session-"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: text.thisDevice })).toHaveCount(1);
    const other = rows.filter({ hasNotText: text.thisDevice });
    await other.getByRole('button', { name: new RegExp(`^${text.end}`) }).click();
    await expect(mine.getByTestId('toast-success')).toContainText(text.ended);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(text.thisDevice);

    // The other browser is signed out on its next call (its live stream's reconnect, or the
    // reload's first call, whichever comes first), and this one goes on.
    await theirs.reload();
    await expect(theirs).toHaveURL(/\/Admin\/Login$/);
    await mine.reload();
    await expect(mine).toHaveURL(/\/Admin\/Home$/);
  } finally {
    await here.close();
    await there.close();
  }
}

// In English only: nothing here depends on the language (tests/COVERAGE.md says what proves the Arabic screen).
test('a user signed in twice ends the other session from the list of devices; that browser is signed out on its next call', async ({ browser }) => {
  await endTheOtherSession(browser, 'housekeeping@nakheel.demo');
});
