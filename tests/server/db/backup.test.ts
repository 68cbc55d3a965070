import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { testServerEntry } from '../../support/logged-server';
import { type TestServer, startTestServer, testDbKind } from '../../support/test-server';

/**
 * The test project's built tools, as `npm run backup` / `restore` run them (never tsx: 3.5-4 CPU-s a run);
 * run without blocking this process, so the server in it answers the tool's lock probe at once (blocked,
 * it answered nothing and the tool waited out its 2 s probe).
 */
const cli = async (script: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) =>
  (
    await promisify(execFile)(process.execPath, [path.join(path.dirname(testServerEntry()), `${script}.js`), ...args], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
    })
  ).stdout;

/** The backup and restore commands on the embedded database (PGlite is the one-PC install). */
describe.runIf(testDbKind() === 'pglite')('backup and restore of the PGlite data folder', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hotel-backup-'));
  /** One server for the file: the second-server test needs it running, the backup test then stops it. */
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('refuses to start a second server on a folder already in use', async () => {
    await expect(startTestServer({ reuse: { dataDir: t.config.dataDir } })).rejects.toThrow(/Another server/);
    expect((await t.api.call(endpoints.health)).status).toBe(200);
  });

  it('refuses to copy a folder a running server holds, then copies it once stopped and restores it elsewhere', async () => {
    const db = t.server.app.ctx.database.db;
    await db.execute(sql`insert into departments (department_code, name) values ('BK-1', 'قسم النسخ الاحتياطي')`);
    const env = { HOTEL_DATA_DIR: t.config.dataDir, HOTEL_JWT_SECRET: 'x'.repeat(40) };
    const file = path.join(scratch, 'hotel.tar.gz');

    await expect(cli('backup', env, file)).rejects.toThrow(/Another server \(pid \d+/);
    await t.close();
    expect(await cli('backup', env, file)).toContain('Backup written');

    const restoredDir = path.join(scratch, 'restored');
    expect(await cli('restore', { HOTEL_DATA_DIR: restoredDir, HOTEL_JWT_SECRET: 'x'.repeat(40) }, file)).toContain('Restored');
    const restored = await startTestServer({ reuse: { dataDir: restoredDir } });
    const rows = await restored.server.app.ctx.database.db.execute<{ name: string }>(sql`select name from departments where department_code = 'BK-1'`);
    expect((rows as unknown as { rows: { name: string }[] }).rows[0].name).toBe('قسم النسخ الاحتياطي');
    await restored.close();
  }, 240_000);
});
