import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, testDbKind } from '../support/test-server';

const cli = (script: string, env: Record<string, string>, ...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });

/** The backup and restore commands on the embedded database (PGlite is the one-PC install). */
describe.runIf(testDbKind() === 'pglite')('backup and restore of the PGlite data folder', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hotel-backup-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('refuses to copy a folder a running server holds, then copies it once stopped and restores it elsewhere', async () => {
    const t = await startTestServer();
    const db = t.server.app.ctx.database.db;
    await db.execute(sql`insert into departments (department_code, name) values ('BK-1', 'قسم النسخ الاحتياطي')`);
    const env = { HOTEL_DATA_DIR: t.config.dataDir, HOTEL_JWT_SECRET: 'x'.repeat(40) };
    const file = path.join(scratch, 'hotel.tar.gz');

    expect(() => cli('backup', env, file)).toThrow(/Another server/);
    await t.close();
    expect(cli('backup', env, file)).toContain('Backup written');

    const restoredDir = path.join(scratch, 'restored');
    expect(cli('restore', { HOTEL_DATA_DIR: restoredDir, HOTEL_JWT_SECRET: 'x'.repeat(40) }, file)).toContain('Restored');
    const restored = await startTestServer({ reuse: { dataDir: restoredDir } });
    const rows = await restored.server.app.ctx.database.db.execute<{ name: string }>(sql`select name from departments where department_code = 'BK-1'`);
    expect((rows as unknown as { rows: { name: string }[] }).rows[0].name).toBe('قسم النسخ الاحتياطي');
    await restored.close();
    await t.cleanup();
  }, 240_000);

  it('refuses to start a second server on a folder already in use', async () => {
    const t = await startTestServer();
    await expect(startTestServer({ reuse: { dataDir: t.config.dataDir } })).rejects.toThrow(/Another server/);
    await t.cleanup();
  });
});
