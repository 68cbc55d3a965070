import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (`npx playwright install` cannot download
 * browsers here). Each spec starts its own real server (see tests/e2e/support).
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
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // On CI one retry, as Playwright advises: a test that fails once and then passes is
  // still listed as "flaky" in the summary (to be fixed), but a timing accident on a busy
  // 2-core machine does not refuse the whole submission. A test that fails twice fails.
  // Run locally, every test gets one chance.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'guest', testMatch: /guest\/.*\.spec\.ts/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
    // Workers' phones: 390 × 844 (an iPhone 12–14-sized screen), touch.
    { name: 'work', testMatch: /work\/.*\.spec\.ts/, use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, launchOptions: chromium } },
    { name: 'admin', testMatch: /admin\/.*\.spec\.ts/, use: { viewport: { width: 1366, height: 850 }, launchOptions: chromium } },
  ],
});
