import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OVERRIDABLE } from '../../../server/src/testing/overridable';

/**
 * The suite is sized for two cores (docs/benchmarks.md keeps its time per phase). These hold the line
 * while the last of the old habits go: a count may fall, never rise, and a new file starts at zero.
 * Lower a number here when you remove a spec's own server; never raise one. No sleep is left (2026-12-02).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    return statSync(path.join(ROOT, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(name) ? [rel] : [];
  });
const count = (file: string, pattern: RegExp) => (readFileSync(path.join(ROOT, file), 'utf8').match(pattern) ?? []).length;

/**
 * A wait on the wall clock: the test waits for time to pass instead of for what it expects. Its
 * spellings: Playwright's waitForTimeout; a promise a timer resolves (`new Promise((r) => setTimeout(r, n))`,
 * typed or not, with a body or not, or any `setTimeout(resolve, n)`); a sleep or delay helper; node's
 * timers/promises; a blocking wait; and a database made to sleep (pg_sleep).
 * A timer that bounds a wait for an event (`setTimeout(() => reject(...), n)`) is no sleep.
 */
const SLEEP =
  /waitForTimeout\(|new Promise(?:<[^>]*>)?\(\(?\w*\)? => \{?\s*setTimeout\(|setTimeout\(\s*(?:resolve|res|r)\s*[,)]|\bsleep\(|\bdelay\(|timers\/promises|\bawait setTimeout\(|scheduler\.wait\(|Atomics\.wait\(|pg_sleep\(/g;
/**
 * A browser spec that starts a server of its own (a process, a data folder and its seed, ≈ 2 CPU-seconds) instead
 * of the Playwright worker's shared one (tests/e2e/support/server.ts): a process started by hand, the demo's
 * history, an empty database, or a setting a reset may not change (server/src/testing/overridable.ts).
 */
const OWN_SERVER = /\b(startServerProcess|spawnServer)\(|demoHistory: true|demo: false/;
/** A setting a spec gives its server (`HOTEL_…: value`): a reset takes only the OVERRIDABLE ones. */
const refusedSetting = (text: string) => [...text.matchAll(/\b(HOTEL_\w+)\s*:/g)].some(([, key]) => !OVERRIDABLE.has(key));
/** The specs that need one, each for its reason. */
const OWN_SERVER_SPECS = [
  // 1,500 seeded requests: a bulk seed of its own, not the chain every other spec starts from.
  'tests/e2e/admin/lists.spec.ts',
  // The demo's thirty days of history, seeded at start.
  'tests/e2e/admin/demo-history.spec.ts',
];

describe('the test suite holds its budget', () => {
  it('no test waits on the wall clock: time comes from the injected clock or an event the product emits', () => {
    const found = Object.fromEntries(
      ['tests/e2e', 'tests/server', 'tests/renderer', 'tests/guest-web', 'tests/unit', 'tests/electron', 'tests/support', 'tests/engines']
        .flatMap(files)
        .filter((f) => !f.endsWith('test-budget.test.ts'))
        .map((f) => [f, count(f, SLEEP)] as const)
        .filter(([, n]) => n > 0),
    );
    expect(found).toEqual({});
  });

  it('browser specs share their worker\'s server: only the listed ones start a server of their own', () => {
    const specs = files('tests/e2e').filter((f) => f.endsWith('.spec.ts'));
    const own = specs.filter((f) => {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      return OWN_SERVER.test(text) || refusedSetting(text);
    });
    expect(own.sort()).toEqual([...OWN_SERVER_SPECS].sort());
    expect(specs.length, 'a new spec file: extend an existing one (the browser budget)').toBeLessThanOrEqual(39);
  });

  it('no server test file runs the migrations itself: servers start from the migrated template', () => {
    const migrating = files('tests/server').filter((f) => /\bmigrate(Pg|Pglite)?\(|\bopenDatabase\(/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    // db-character-type opens a database of the C character type on purpose (no template has it).
    expect(migrating).toEqual(['tests/server/db/db-character-type.test.ts']);
  });

  it('the server starts without the packages only an export or a printout needs: every start pays for what it imports', () => {
    // Measured (docs/benchmarks.md): exceljs ≈ 0.30 CPU-s, pdfkit with qrcode and bidi-js ≈ 0.2, of a start's ≈ 3.3;
    // every browser spec starts a server, and so does every hotel PC. Their modules load them with import() when first used.
    const source = new Map(files('server/src').map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')] as const));
    /** What a file imports at run time (type-only imports vanish on compile), as written. */
    const imports = (text: string) => [...text.matchAll(/^import (?!type\b)[^;]*?from '([^']+)';$/gm)].map((m) => m[1]);
    const resolve = (from: string, spec: string) => {
      if (!spec.startsWith('.')) return spec;
      const base = path.join(path.dirname(from), spec);
      return source.has(`${base}.ts`) ? `${base}.ts` : path.join(base, 'index.ts');
    };
    // Files that load one of the packages, and every file that loads such a file, statically.
    const loaders = new Set(['exceljs', 'pdfkit', 'qrcode', 'bidi-js']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [file, text] of source) {
        if (loaders.has(file) || !imports(text).some((spec) => loaders.has(resolve(file, spec)))) continue;
        loaders.add(file);
        grew = true;
      }
    }
    expect(['server/src/main.ts', 'server/src/server.ts', 'server/src/app.ts'].filter((f) => loaders.has(f))).toEqual([]);
  });
});
