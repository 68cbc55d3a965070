import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The suite is sized for two cores (docs/benchmarks.md keeps its time per phase). These hold the line
 * while the last of the old habits go: a count may fall, never rise, and a new file starts at zero.
 * Lower a number here when you remove a sleep or a spec's own server; never raise one.
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
/** Sleeps left, file by file (2026-12-02). Time should come from the injected clock or an event the product emits. */
const SLEEPS_LEFT: Record<string, number> = {
  'tests/e2e/admin/lists.spec.ts': 1,
  'tests/e2e/admin/login.spec.ts': 1,
  'tests/e2e/admin/session.spec.ts': 1,
  // A trigger made slow on purpose (pg_sleep): the fault the test is about, counted since the pattern caught it.
  'tests/server/worker-faults.test.ts': 1,
  'tests/support/smtp.ts': 1,
};

/** A browser spec that starts a server of its own (each costs a process, a database and its seed). */
const OWN_SERVER = /\b(startE2EServer|adminServer|startAlertsServer)\(/;

describe('the test suite holds its budget', () => {
  it('sleeps no more than it did: no new test waits on the wall clock', () => {
    const found = Object.fromEntries(
      ['tests/e2e', 'tests/server', 'tests/renderer', 'tests/guest-web', 'tests/unit', 'tests/electron', 'tests/support', 'tests/engines']
        .flatMap(files)
        .filter((f) => !f.endsWith('test-budget.test.ts'))
        .map((f) => [f, count(f, SLEEP)] as const)
        .filter(([f, n]) => n > (SLEEPS_LEFT[f] ?? 0)),
    );
    expect(found).toEqual({});
  });

  it('the sleeps left are counted as they are: a removed sleep lowers its number here, so it cannot come back', () => {
    const stale = Object.entries(SLEEPS_LEFT).filter(([f, n]) => !existsSync(path.join(ROOT, f)) || count(f, SLEEP) < n);
    expect(Object.fromEntries(stale.map(([f, n]) => [f, `${n} listed, ${existsSync(path.join(ROOT, f)) ? count(f, SLEEP) : 'no file'} found`]))).toEqual({});
  });

  it('no new browser spec starts a server of its own: extend a spec that has one', () => {
    const specs = files('tests/e2e').filter((f) => f.endsWith('.spec.ts'));
    const own = specs.filter((f) => OWN_SERVER.test(readFileSync(path.join(ROOT, f), 'utf8')));
    // 41 specs start their own today; one server per Playwright worker is the aim (issue: test suite).
    expect(own.length).toBeLessThanOrEqual(41);
    expect(specs.length, 'a new spec file: extend an existing one (the browser budget)').toBeLessThanOrEqual(42);
  });

  it('no server test file runs the migrations itself: servers start from the migrated template', () => {
    const migrating = files('tests/server').filter((f) => /\bmigrate(Pg|Pglite)?\(|\bopenDatabase\(/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    // db-character-type opens a database of the C character type on purpose (no template has it).
    expect(migrating).toEqual(['tests/server/db-character-type.test.ts']);
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
