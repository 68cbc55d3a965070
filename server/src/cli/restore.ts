/**
 * `npm run restore -- FILE`: puts a backup back. The current PGlite folder is
 * kept beside it (pglite.before-restore-…) rather than deleted. PostgreSQL:
 * pg_restore --clean into DATABASE_URL. Stop the server(s) first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_OPTIONS } from '../db/client';
import { lockDataDir } from '../db/data-lock';
import { pgRestoreCommand } from './pg-command';

async function main(): Promise<void> {
  const source = process.argv[2];
  if (!source || !existsSync(source)) throw new Error('Usage: npm run restore -- <backup file>');
  const config = loadConfig();
  if (config.databaseUrl) {
    const { args, env } = pgRestoreCommand(config.databaseUrl, source);
    const r = spawnSync('pg_restore', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error('pg_restore failed');
  } else {
    const unlock = await lockDataDir(config.dataDir);
    try {
      const dir = path.join(config.dataDir, 'pglite');
      if (existsSync(dir)) renameSync(dir, `${dir}.before-restore-${Date.now()}`);
      const db = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir: new Blob([readFileSync(source)]) });
      await db.query('select 1');
      await db.close();
    } finally {
      unlock();
    }
  }
  console.log(`Restored ${source}; start the server again (migrations run forward at start).`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
