import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@shared';
import { ApiClient } from '../support/api-client';
import { startTestServer, testDbKind } from '../support/test-server';

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
    const r = await run(['--import', 'tsx', 'server/src/main.ts'], { PORT: String(port), HOST: '127.0.0.1', HOTEL_DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n')).toEqual([expect.stringContaining(`Port ${port} is already in use (127.0.0.1:${port})`)]);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).not.toContain('pglite');
  });

  it('a data folder the server cannot write is said in one line too', async () => {
    const file = path.join(scratch, 'not-a-folder');
    await import('node:fs').then((fs) => fs.writeFileSync(file, ''));
    const r = await run(['--import', 'tsx', 'server/src/main.ts'], { PORT: '0', HOST: '127.0.0.1', HOTEL_DATA_DIR: path.join(file, 'data'), HOTEL_JWT_SECRET: 'x'.repeat(40) });
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

      const unknown = await run(['--import', 'tsx', 'server/src/cli/admin.ts', 'reset-password', 'nobody@test.hotel'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.out).toContain('No user has the e-mail nobody@test.hotel');
      const usage = await run(['--import', 'tsx', 'server/src/cli/admin.ts', 'reset-pass'], env);
      expect(usage.code).toBe(2);
      expect(usage.out).toContain('Usage: npm run admin -- reset-password EMAIL');

      const r = await run(['--import', 'tsx', 'server/src/cli/admin.ts', 'reset-password', 'Admin@Test.Hotel'], env);
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
