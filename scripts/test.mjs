#!/usr/bin/env node
// `npm test`: every check. The type check runs beside lint, the build and the start of Vitest (unit,
// server integration, component and desktop tests); then the statement check and the browser tests.
// Every phase runs and reports even when an earlier one failed (a Vitest failure must not hide the
// browser results); the run fails if any phase failed. The build is the one exception: without it
// the browser tests cannot run, so they are skipped (and the run fails) when it fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs one phase; resolves with its exit status and seconds. Output goes straight to the terminal. */
function run(name, cmd, args, { quiet = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let out = '';
    if (quiet) {
      child.stdout.on('data', (c) => void (out += c));
      child.stderr.on('data', (c) => void (out += c));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      // Phases run side by side print their output whole when done, so the two never interleave.
      if (quiet && out) process.stdout.write(`\n▶ ${name}\n${out}`);
      console.log(`  ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ name, ok: code === 0 && !signal, seconds });
    });
  });
}

const started = Date.now();
const results = [];

// The type check (one core, the longest of the first checks) runs beside everything else: lint, then the
// build, then Vitest start on the other core and take both once it is done. No core waits idle.
console.log('\n▶ type check (beside the rest), lint');
const typecheck = run('type check', 'npm', ['run', '--silent', 'typecheck'], { quiet: true });
results.push(await run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], { quiet: true }));

// The build comes before Vitest so that the browser tests need nothing more once Vitest is done.
const hasBrowserTests = existsSync('playwright.config.ts');
let build;
if (hasBrowserTests) {
  console.log('\n▶ build');
  build = await run('build', 'npm', ['run', '--silent', 'build']);
  results.push(build);
}

console.log('\n▶ unit, server integration, component and desktop tests');
// The server suite runs on PostgreSQL; what it sends there is kept, and PGlite then parses every
// statement of it (tests/engines/pglite-statements.test.ts).
const statements = mkdtempSync(path.join(os.tmpdir(), 'hotel-statements-'));
process.env.HOTEL_TEST_SQL_LOG = statements;
results.push(await run('vitest', 'npx', ['vitest', 'run']));
delete process.env.HOTEL_TEST_SQL_LOG;
console.log('\n▶ every statement of the PostgreSQL run on PGlite');
process.env.HOTEL_TEST_SQL_CHECK = statements;
results.push(await run('statements', 'npx', ['vitest', 'run', '--project', 'pglite-statements']));
delete process.env.HOTEL_TEST_SQL_CHECK;
rmSync(statements, { recursive: true, force: true });
results.unshift(await typecheck);

if (hasBrowserTests) {
  if (build.ok) {
    console.log('\n▶ browser tests');
    results.push(await run('browser tests', 'npx', ['playwright', 'test']));
  } else {
    results.push({ name: 'browser tests', ok: false, seconds: 0, skipped: true });
  }
}

console.log('\nTest run, by phase:');
for (const r of results) {
  console.log(`  ${r.name.padEnd(14)} ${r.skipped ? 'SKIPPED (build failed)' : r.ok ? 'ok    ' : 'FAILED'} ${r.skipped ? '' : `${r.seconds.toFixed(1).padStart(7)} s`}`);
}
console.log(`  ${'total'.padEnd(14)}        ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.log(`\nFAILED: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
