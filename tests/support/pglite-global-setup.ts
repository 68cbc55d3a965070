import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client';

/**
 * A migrated, empty PGlite folder made once per run: each test server starts
 * from a copy instead of running initdb and every migration again.
 */
export async function setup(project: TestProject): Promise<() => void> {
  // Its own folder per project (the PGlite suite and the desktop shell's both use one): the teardown is returned, not kept in the module.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hotel-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', path.join(dir, 'pglite'));
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
