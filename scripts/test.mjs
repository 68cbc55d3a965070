#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first that fails.
// Type check of all parts, lint, unit + server integration (PGlite and PostgreSQL)
// + component tests, a build of every client, then the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['unit, server integration and component tests', 'npx', ['vitest', 'run']],
];
if (existsSync('playwright.config.ts')) {
  steps.push(['build', 'npm', ['run', '--silent', 'build']]);
  steps.push(['browser tests', 'npx', ['playwright', 'test']]);
}

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
