import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The server built once per test project (esbuild, about 0.2 s) for the tests that start it as its own
 * process (restarts, SIGKILL, shutdown, several processes on one database): under tsx each such start
 * cost 3.5-4 CPU-seconds of compiling, the built server starts as production does. The folder is one
 * below the root, as dist-server/ is, so the bundle finds the built clients and node_modules the same way.
 */
let outdir: string | undefined;

export function setup(project: TestProject): void {
  const root = path.resolve(import.meta.dirname, '../..');
  outdir = path.join(root, `dist-server-test-${project.name}`);
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), outdir], { cwd: root, stdio: 'ignore' });
  project.provide('serverEntry', path.join(outdir, 'main.js'));
}

export function teardown(): void {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverEntry: string;
  }
}
