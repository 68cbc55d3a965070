import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy (Node 21+); this machine runs Node 20.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const map = new Map<K, V[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        map.set(k, [...(map.get(k) ?? []), item]);
      }
      return map;
    },
  });
}

const alias = { '@shared': path.resolve(import.meta.dirname, 'shared') };
const serverTests = ['tests/server/**/*.test.ts'];
/**
 * On CI (`.ci/run` sets CI=true) a failed test runs once more, as Playwright's do there,
 * only to tell a flaky test from a broken one: either fails the run. A flaky test passes
 * only while tests/quarantine.json lists it with its cause (tests/support/flaky-reporter.ts).
 */
const retry = process.env.CI ? 1 : 0;

/**
 * Test projects: unit (plain functions), the server's integration suite twice
 * (PGlite, then PostgreSQL), renderer components (happy-dom), electron main/preload
 * with the electron module faked. Browser tests run under Playwright (playwright.config.ts).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './tests/support/slowest-reporter.ts', ...(retry ? ['./tests/support/flaky-reporter.ts'] : [])],
    projects: [
      { resolve: { alias }, test: { name: 'unit', retry, include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server-pglite',
          retry,
          include: serverTests,
          environment: 'node',
          env: { HOTEL_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-pg',
          retry,
          include: serverTests,
          environment: 'node',
          env: { HOTEL_TEST_DB: 'postgres' },
          globalSetup: ['tests/support/pg-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'renderer', retry, include: ['tests/renderer/**/*.test.{ts,tsx}', 'tests/guest-web/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      {
        resolve: { alias },
        test: { name: 'electron', retry, include: ['tests/electron/**/*.test.ts'], environment: 'node', setupFiles: ['tests/electron/setup.ts'] },
      },
    ],
  },
});
