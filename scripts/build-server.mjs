#!/usr/bin/env node
// `npm run build:server [-- OUTDIR]`: the server and its command-line tools as plain ES modules in
// dist-server/, so production runs `node dist-server/main.js` (no TypeScript loader at
// run time). Packages under node_modules stay external (PGlite, pdfkit and the rest
// find their own files there); the contract (shared/) is bundled in.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(root, 'dist-server');
/** What the bundle is made from: rebuilt when any of these is newer than main.js. */
export const SERVER_SOURCES = ['server/src', 'shared'].map((dir) => path.join(root, dir));

const entryPoints = {
  main: 'server/src/main.ts',
  backup: 'server/src/cli/backup.ts',
  restore: 'server/src/cli/restore.ts',
  admin: 'server/src/cli/admin.ts',
  // The start checks alone, for `npm start` in a tree without the sources' build tools (scripts/preflight.mjs).
  preflight: 'server/src/preflight.ts',
};

export async function buildServer({ outdir = SERVER_OUT, quiet = false } = {}) {
  // esbuild is a build tool (devDependencies): imported here only, never at run time.
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    // Every file directly in dist-server/: import.meta.dirname is the same for all of them.
    chunkNames: 'shared-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    // server/src/config.ts finds the built clients from here (dist-server/ is one folder below the root).
    define: { __SERVER_BUNDLE__: 'true' },
    logLevel: 'warning',
  });
  // server/src/db/client.ts runs the migrations from the folder beside itself, which is dist-server/ now.
  cpSync(path.join(root, 'server/src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  // …and then the functions and triggers from their files (server/src/db/routines.ts).
  cpSync(path.join(root, 'server/src/db/routines'), path.join(outdir, 'routines'), { recursive: true });
  if (!quiet) console.log(`Server built into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer({ outdir: process.argv[2] ? path.resolve(process.argv[2]) : SERVER_OUT }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
