import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { pgliteFiles } from './tests/server/engines.ts';

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

/** Cheap password hashes for the in-process servers (tests only, see server/src/security/password.ts). */
const env = { HOTEL_TEST_FAST_HASH: '1' };

/**
 * The server suites share their worker's modules between files
 * (isolate: false): a file then pays for the server's imports once per worker, not each
 * time (about a quarter of the server suites' time). Each server test starts its own server
 * and database, and these suites keep no state in modules between files; the unit, component and
 * desktop tests (module-level stores, faked modules) stay isolated.
 */
const shared = { isolate: false };

/**
 * Test projects: unit (plain functions), the server's integration suite on PostgreSQL and the part of it
 * that PGlite answers differently on PGlite, renderer components (happy-dom), electron main/preload
 * with the electron module faked. Browser tests run under Playwright (playwright.config.ts).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // One file per core (VITEST_MAX_WORKERS to change it): on 2 cores the whole run took 1,131 s instead of
    // 1,772 s with one. The server tests wait on their servers and databases as much as they compute, so a
    // second file fills the gaps. (Under that load the SIGKILL e-mail test once saw 309 of its 310 e-mails:
    // the likely loss, a guest e-mail claimed only after its step's commit, is now claimed in the step.)
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(1, os.availableParallelism())),
    reporters: ['default', './tests/support/slowest-reporter.ts', ...(retry ? ['./tests/support/flaky-reporter.ts'] : [])],
    projects: [
      { resolve: { alias }, test: { name: 'unit', retry, env, include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server-pglite',
          retry,
          ...shared,
          // What PGlite does differently and one file per module (tests/server/engines.ts says why).
          include: pgliteFiles,
          environment: 'node',
          env: { ...env, HOTEL_TEST_DB: 'pglite' },
          globalSetup: ['tests/support/pglite-global-setup.ts', 'tests/support/server-build-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-pg',
          retry,
          ...shared,
          include: serverTests,
          environment: 'node',
          env: { ...env, HOTEL_TEST_DB: 'postgres' },
          globalSetup: ['tests/support/pg-global-setup.ts', 'tests/support/server-build-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'renderer', retry, env, isolate: false, setupFiles: ['tests/support/component-file-reset.ts'], include: ['tests/renderer/**/*.test.{ts,tsx}', 'tests/guest-web/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      // After the run (npm test): PGlite parses every statement the PostgreSQL run sent (tests/engines).
      ...(process.env.HOTEL_TEST_SQL_CHECK
        ? [{ resolve: { alias }, test: { name: 'pglite-statements', include: ['tests/engines/**/*.test.ts'], environment: 'node', hookTimeout: 120_000 } }]
        : []),
      {
        resolve: { alias },
        // The shell's tests that start a server start it from the migrated PGlite folder, not initdb and every migration.
        test: { name: 'electron', retry, env, include: ['tests/electron/**/*.test.ts'], environment: 'node', setupFiles: ['tests/electron/setup.ts'], globalSetup: ['tests/support/pglite-global-setup.ts'] },
      },
    ],
  },
});
