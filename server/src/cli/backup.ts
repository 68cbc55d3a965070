/**
 * `npm run backup [-- FILE]`: a consistent copy of the database.
 * PGlite: the data folder as a tarball (the server must be stopped: PGlite is
 * single-process, and a running server's files are no consistent copy). It takes the
 * folder's lock as a server would, so it never reads a folder in use, in this container
 * or another, and never removes another process's lock. PostgreSQL (DATABASE_URL): pg_dump in its custom format.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_OPTIONS } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-lock';
import { pgDumpCommand } from './pg-command';

async function main(): Promise<void> {
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', `hotel-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`));
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  if (config.databaseUrl) {
    const { args, env } = pgDumpCommand(config.databaseUrl, target);
    const r = spawnSync('pg_dump', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error('pg_dump failed (is the PostgreSQL client installed?)');
    chmodSync(target, 0o600);
  } else {
    const unlock = await lockDataDir(config.dataDir).catch((error: unknown) => {
      if (error instanceof DataDirInUseError) throw new Error(`${error.message} A backup of PGlite needs the server stopped: its files change while it runs.`);
      throw error;
    });
    try {
      const db = await PGlite.create(path.join(config.dataDir, 'pglite'), PGLITE_OPTIONS);
      const blob = await db.dumpDataDir('gzip');
      writeFileSync(target, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      await db.close();
    } finally {
      unlock();
    }
  }
  console.log(`Backup written to ${target}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
