import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@shared';
import { ApiClient } from '../../support/api-client';
import { logLines, spawnLoggedServer, testServerEntry } from '../../support/logged-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createPgDatabase, startTestServer, testDbKind } from '../../support/test-server';

/**
 * The next release, made from this one: a copy of the test build (beside it, so it finds
 * node_modules as the build does) whose migrations folder has two more migrations. A database
 * of this release (the migrated template) started with it is an upgrade.
 */
function nextRelease(): { entry: string; migrations: string; tags: string[]; remove(): void } {
  const built = path.dirname(testServerEntry());
  const dir = `${built}-next-${process.pid}`;
  cpSync(built, dir, { recursive: true });
  const migrations = path.join(dir, 'migrations');
  const journalFile = path.join(migrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
  const last = journal.entries[journal.entries.length - 1];
  const added = [
    { tag: '9000_upgrade_test_table', sql: 'CREATE TABLE "upgrade_test" ("id" integer PRIMARY KEY NOT NULL);' },
    { tag: '9001_upgrade_test_rows', sql: 'ALTER TABLE "upgrade_test" ADD COLUMN "note" text;--> statement-breakpoint\nINSERT INTO "upgrade_test" ("id", "note") VALUES (1, \'upgraded\');' },
  ];
  added.forEach((m, i) => {
    writeFileSync(path.join(migrations, `${m.tag}.sql`), m.sql);
    journal.entries.push({ idx: last.idx + 1 + i, version: last.version, when: last.when + 1000 * (i + 1), tag: m.tag, breakpoints: true });
  });
  writeFileSync(journalFile, JSON.stringify(journal));
  return { entry: path.join(dir, 'main.js'), migrations, tags: [last.tag, ...added.map((m) => m.tag)], remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The test project's built server and command-line tools (never tsx: 3.5-4 CPU-s of compiling a start). */
const built = (name: 'main' | 'admin') => path.join(path.dirname(testServerEntry()), `${name}.js`);

/** Runs a command of the repository to its end; its exit code and everything it printed. */
function run(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out, ms: Date.now() - started });
    });
  });
}

/**
 * A hotel's first start must never create an admin whose one-time password nobody saw:
 * a taken port is said before anything is built or the database touched, and a lost
 * password has a documented way back.
 */
describe.runIf(testDbKind() === 'pglite')('a first start on a taken port', () => {
  let taken: Server;
  let port: number;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hotel-first-start-'));
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('npm start refuses at once with one clear line, before building or touching the data folder', async () => {
    const dataDir = path.join(scratch, 'npm-start');
    const r = await run(['scripts/start.mjs'], { PORT: String(port), HOST: '127.0.0.1', HOTEL_DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Port ${port} is already in use`);
    expect(r.out).not.toMatch(/Building|Admin account created/);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('the server itself refuses before opening the database, so no admin is created unseen', async () => {
    const dataDir = path.join(scratch, 'server');
    const r = await run([built('main')], { PORT: String(port), HOST: '127.0.0.1', HOTEL_DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n')).toEqual([expect.stringContaining(`Port ${port} is already in use (127.0.0.1:${port})`)]);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).not.toContain('pglite');
  });

  it('a data folder the server cannot write is said in one line too', async () => {
    const file = path.join(scratch, 'not-a-folder');
    await import('node:fs').then((fs) => fs.writeFileSync(file, ''));
    const r = await run([built('main')], { PORT: '0', HOST: '127.0.0.1', HOTEL_DATA_DIR: path.join(file, 'data'), HOTEL_JWT_SECRET: 'x'.repeat(40) });
    expect(r.code).toBe(1);
    expect(r.out).toContain('Cannot write the data folder');
  });
});

describe('the first admin', () => {
  it('says on later starts that the first admin never signed in, until it does', async () => {
    const first = await startTestServer({ env: { HOTEL_ADMIN_PASSWORD: '' } });
    const reuse = { dataDir: first.config.dataDir, databaseUrl: first.config.databaseUrl };
    try {
      expect(first.server.generatedPassword).toMatch(/^[\w-]{16}$/);
      expect(first.server.adminNeverSignedIn).toBe(false);
      const password = first.server.generatedPassword!;
      await first.close();

      const second = await startTestServer({ env: { HOTEL_ADMIN_PASSWORD: '' }, reuse });
      expect(second.server.generatedPassword).toBeUndefined();
      expect(second.server.adminNeverSignedIn).toBe(true);
      await new ApiClient(second.url).login('admin@test.hotel', password);
      await second.close();

      const third = await startTestServer({ env: { HOTEL_ADMIN_PASSWORD: '' }, reuse });
      expect(third.server.adminNeverSignedIn).toBe(false);
      await third.close();
    } finally {
      rmSync(reuse.dataDir, { recursive: true, force: true });
    }
  });

  it('npm run admin -- reset-password sets a new password, printed once; the old one and its sessions stop working', async () => {
    const t = await startTestServer();
    const reuse = { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl };
    try {
      const oldToken = await t.adminToken();
      await t.close();
      const env = { HOTEL_DATA_DIR: reuse.dataDir, HOTEL_JWT_SECRET: t.config.jwtSecret, ...(reuse.databaseUrl ? { DATABASE_URL: reuse.databaseUrl } : {}) };

      const unknown = await run([built('admin'), 'reset-password', 'nobody@test.hotel'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.out).toContain('No user has the e-mail nobody@test.hotel');
      const usage = await run([built('admin'), 'reset-pass'], env);
      expect(usage.code).toBe(2);
      expect(usage.out).toContain('Usage: npm run admin -- reset-password EMAIL');

      const r = await run([built('admin'), 'reset-password', 'Admin@Test.Hotel'], env);
      expect(r.code).toBe(0);
      const password = /New password for admin@test\.hotel:\s+(\S+)/.exec(r.out)?.[1];
      expect(password).toMatch(/^[\w-]{16}$/);

      const again = await startTestServer({ reuse });
      try {
        const api = new ApiClient(again.url);
        expect((await api.call(endpoints.login, { body: { email: 'admin@test.hotel', password: 'Admin-Passw0rd!' } })).status).not.toBe(200);
        await api.login('admin@test.hotel', password!);
        expect((await api.call(endpoints.allRoles, { token: oldToken })).status).toBe(401);
      } finally {
        await again.close();
      }
    } finally {
      if (!reuse.databaseUrl) rmSync(reuse.dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * A start on an older database says it is upgrading, and each migration as it runs, before the
 * server listens. And once it listens it answers 503 (health too) until the first admin is made,
 * so a sign-in never meets a half-started server's 401: on PostgreSQL the test holds the first
 * admin's making (the advisory lock its transaction takes), so the window is as wide as it needs.
 */
describe('an upgrade, then a first start', { timeout: 240_000 }, () => {
  it('logs "upgrading, do not stop" once and each migration with its tag and time, and answers 503 until the first admin exists', async () => {
    const release = nextRelease();
    const onPostgres = testDbKind() === 'postgres';
    const databaseUrl = onPostgres ? await createPgDatabase() : undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-upgrade-'));
    if (!onPostgres) cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
    const holder = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    try {
      if (holder) {
        await holder.connect();
        // The first admin waits for this lock (seed/admin.ts).
        await holder.query('select pg_advisory_lock(727275)');
      }
      const server = await spawnLoggedServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {}, { entry: release.entry, dataDir, untilListening: true });
      try {
        const api = new ApiClient(server.url);
        if (holder) {
          const health = await api.raw('GET', '/api/health');
          expect(health.status).toBe(503);
          expect(health.headers.get('retry-after')).toBe('2');
          expect(health.body).toMatchObject({ status: 'unavailable', starting: true, message: 'The server is starting or stopping, please try again' });
          const early = await api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
          expect(early.status).toBe(503);
          expect(early.headers.get('retry-after')).toBe('2');
          const ar = await api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, lang: 'ar' });
          expect(ar.body.message).toBe('الخادم قيد التشغيل أو الإيقاف، يرجى المحاولة مجددًا');
          await holder.query('select pg_advisory_unlock(727275)');
        }
        await server.logged(/server at http/);
        expect((await api.raw('GET', '/api/health')).status).toBe(200);
        await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);

        const [from, ...added] = release.tags;
        const lines = logLines(server.log());
        const upgrading = lines.filter((l) => l.msg === 'upgrading, do not stop');
        expect(upgrading).toEqual([expect.objectContaining({ from, to: added[1], migrations: 2 })]);
        const steps = lines.filter((l) => l.msg === 'migration started' || l.msg === 'migration finished');
        expect(steps.map((l) => `${String(l.msg)} ${String(l.tag)}`)).toEqual(added.flatMap((tag) => [`migration started ${tag}`, `migration finished ${tag}`]));
        for (const finished of steps.filter((l) => l.msg === 'migration finished')) expect(finished.ms).toEqual(expect.any(Number));
        expect(lines.filter((l) => l.msg === 'upgrade done')).toEqual([expect.objectContaining({ to: added[1], migrations: 2, ms: expect.any(Number) })]);
        // All of it before the server listens.
        const listening = lines.findIndex((l) => String(l.msg).startsWith('Server listening at'));
        expect(lines.indexOf(upgrading[0])).toBeGreaterThanOrEqual(0);
        expect(lines.findIndex((l) => l.msg === 'upgrade done')).toBeLessThan(listening);
      } finally {
        await server.stop();
      }
      if (holder) {
        // Drizzle's bookkeeping as its own migrator keeps it (one row per migration: hash, journal time),
        // so Drizzle's migrator, or the next start, finds nothing left to do.
        const { rows } = await holder.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by id');
        expect(rows.map((r) => [r.hash, Number(r.created_at)])).toEqual(readMigrationFiles({ migrationsFolder: release.migrations }).map((m) => [m.hash, m.folderMillis]));
        expect((await holder.query('select note from upgrade_test')).rows).toEqual([{ note: 'upgraded' }]);
      }
    } finally {
      await holder?.end();
      release.remove();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
