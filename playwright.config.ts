import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (`npx playwright install` cannot download
 * browsers here). Each Playwright worker keeps one real server, put back to the seeded demo chain
 * before each spec (tests/e2e/support/server.ts); two specs start their own.
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // The demo chain seeded once for the run; each spec's demo server starts from a copy.
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  timeout: 90_000,
  // What a user waits for at most before calling a screen broken, on this 2-core machine running two
  // spec files at once (each its own server and Chromium; load average ≈ 10): a first screen has taken
  // 11 s there to render after its chunks loaded (CI, Integrations). Passing tests take no longer for it.
  expect: { timeout: 20_000 },
  // Two spec files at a time: each worker has its own server (its own data folder, port 0, reset
  // between specs) and each spec its own SMTP receiver on port 0, so they share nothing. A file's tests
  // stay in order on one worker.
  fullyParallel: false,
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  // On CI one retry, so that a flaky test is seen as such: one that fails and then passes
  // fails the run all the same unless tests/quarantine.json lists it with its cause
  // (tests/support/playwright-flaky-reporter.ts). Run locally, every test gets one chance.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./tests/support/playwright-flaky-reporter.ts'], ['./tests/support/playwright-slowest-reporter.ts']],
  use: {
    launchOptions: chromium,
    // A trace only for the retry of a test that failed once (CI): recording every test's trace cost 12–27 % of
    // its time, and the retry is where a failure is looked at.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'guest', testMatch: /tests\/e2e\/guest\/.*\.spec\.ts$/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
    // Workers' phones: 390 × 844 (an iPhone 12–14-sized screen), touch.
    { name: 'work', testMatch: /tests\/e2e\/work\/.*\.spec\.ts$/, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, launchOptions: chromium } },
    { name: 'admin', testMatch: /tests\/e2e\/admin\/.*\.spec\.ts$/, use: { viewport: { width: 1366, height: 850 }, launchOptions: chromium } },
  ],
});
