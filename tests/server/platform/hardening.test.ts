import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '@shared';
import { loadConfig } from '../../../server/src/config';
import { guestRequest, seedFixture } from '../../support/fixtures';
import { ADMIN_EMAIL, type TestServer, createPgDatabase, startTestServer, testDbKind } from '../../support/test-server';

/** One server for the file's API tests (the data folder's test starts its own on a folder it prepares). */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { HOTEL_TRUST_PROXY: 'true' } });
});
afterAll(() => t?.cleanup());

/** The smaller holes an outside test found. */
describe('hardening', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.adminToken();
  });

  it('a sort key naming a property of every object (__proto__, constructor, toString) is no 500', async () => {
    const lists = [endpoints.allRequests, endpoints.allServicesRequest, endpoints.company.list, endpoints.room.list, endpoints.bookingRoom.list];
    for (const endpoint of lists) {
      for (const sort of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const res = await t.api.call(endpoint, { token, query: { sort, page: 0, pageSize: 5 } });
        expect([200, 400], `${endpoint.path} sort=${sort}`).toContain(res.status);
        expect(res.body.message === undefined || typeof res.body.message === 'string').toBe(true);
      }
    }
  });

  it('keeps only the assets folders for a year, never a URL that merely mentions /assets/', async () => {
    for (const url of ['/api/health?x=/assets/', '/api/NoSuchThing/assets/x.js', '/Admin/Login?next=/assets/a.js']) {
      const res = await t.api.raw('GET', url);
      expect(res.headers.get('cache-control') ?? '', url).not.toContain('immutable');
    }
  });

  it('no browser or proxy keeps an API answer with personal data: no-store unless the route says otherwise', async () => {
    const fx = await seedFixture(t.server.app.ctx.database.db);
    const added = await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) });
    expect(added.headers.get('cache-control')).toBe('no-store');
    const answers = {
      'the guest\'s own request (e-mail, phone)': await t.api.call(endpoints.userRequestDetails, { params: { id: added.body.id } }),
      'the staff details': await t.api.call(endpoints.requestDetails, { token, params: { id: added.body.id } }),
      'the request list': await t.api.call(endpoints.allRequests, { token }),
      'the users': await t.api.call(endpoints.allUsers, { token }),
      'a refusal': await t.api.call(endpoints.allRequests),
      'an unknown call': await t.api.raw('GET', '/api/NoSuchThing'),
    };
    for (const [what, res] of Object.entries(answers)) expect(res.headers.get('cache-control'), what).toBe('no-store');
    // Master-data lists may be kept by the caller's own browser but are asked for each time (an ETag makes it a 304).
    const hotels = await t.api.call(endpoints.hotel.list, { token });
    expect(hotels.headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.api.call(endpoints.hotel.list, { token });
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    // Downloads keep their own.
    expect((await t.api.call(endpoints.roomTemplate, { token })).headers.get('cache-control')).toBe('no-store');
  });

  it('sends Strict-Transport-Security only over HTTPS', async () => {
    expect((await t.api.call(endpoints.health)).headers.get('strict-transport-security')).toBeNull();
    // Behind a trusted TLS-terminating proxy the request arrived over HTTPS.
    const https = await t.api.call(endpoints.health, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('the data folder', () => {
  it('is 0700 with files 0600 after a start, also what an older version left open', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hotel-perm-'));
    // The migrated template database, as startTestServer does (a fresh one takes 20 s).
    const template = inject('pgliteTemplate');
    if (template) cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    // As an older version (or a copy) left it: readable and writable by everyone.
    mkdirSync(path.join(dataDir, 'old-backups', 'nested'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dataDir, 'old-backups', 'nested', 'dump.tar.gz'), 'x', { mode: 0o666 });
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'a-secret-of-at-least-thirty-two-characters!', { mode: 0o644 });
    for (const p of [dataDir, path.join(dataDir, 'old-backups'), path.join(dataDir, 'old-backups', 'nested')]) chmodSync(p, 0o777);
    for (const f of ['old-backups/nested/dump.tar.gz', 'jwt-secret']) chmodSync(path.join(dataDir, f), 0o666);
    // On PostgreSQL the folder holds the server's own files (secret, backups); on PGlite its database too.
    // (Without a database URL this project would migrate a fresh PGlite folder: 4.6 s proving what server-pglite proves.)
    const t = await startTestServer({ reuse: { dataDir, databaseUrl: testDbKind() === 'postgres' ? await createPgDatabase() : undefined } });
    try {
      const loose: string[] = [];
      const visit = (p: string) => {
        const stat = statSync(p);
        const mode = stat.mode & 0o777;
        if (stat.isDirectory()) {
          if (mode !== 0o700) loose.push(`${p} ${mode.toString(8)}`);
          for (const name of readdirSync(p)) visit(path.join(p, name));
        } else if (mode !== 0o600) loose.push(`${p} ${mode.toString(8)}`);
      };
      visit(dataDir);
      expect(loose).toEqual([]);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// After 'hardening' (the file's order): these reset the admin's password, which ends the admin's sessions.
describe('common passwords', () => {

  async function resetLink(): Promise<{ email: string; token: string }> {
    const { createPasswordLink } = await import('../../../server/src/modules/sign-in/password-links');
    const { findUserByEmail } = await import('../../../server/src/modules/sign-in/sign-in.repository');
    const db = t.server.app.ctx.database.db;
    const user = (await findUserByEmail(db, ADMIN_EMAIL))!;
    const url = new URL(await createPasswordLink(t.server.app.ctx, db, user, 'reset'));
    return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
  }

  it('ResetPassword refuses a password from the leaked-password list, saying why in the caller language, and the link still works', async () => {
    const link = await resetLink();
    for (const newPassword of ['password', 'Password1!', 'qwerty123', 'sunshine2024', 'P@ssw0rd']) {
      const res = await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword } });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.message).toBe(
        'This password is one of the most common ones (it appears in lists of leaked passwords): choose a less predictable one',
      );
      expect(res.body.errors).toEqual([{ field: 'newPassword', message: res.body.message }]);
    }
    const ar = await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword: 'password' }, lang: 'ar' });
    expect(ar.body.message).toContain('كلمة المرور هذه من أكثر كلمات المرور شيوعًا');
    expect((await t.api.call(endpoints.login, { body: { email: ADMIN_EMAIL, password: 'password' } })).status).toBe(401);
    const good = await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword: 'Quiet-harbour-lantern-58' } });
    expect(good.status).toBe(200);
  });

  it('ResetPassword refuses a password made of the e-mail or its part before the @, in either language, and the link still works', async () => {
    const link = await resetLink();
    const local = ADMIN_EMAIL.split('@')[0];
    for (const newPassword of [ADMIN_EMAIL, `${local}2024!!`, `My-${local.toUpperCase()}-horse-91`, `x${ADMIN_EMAIL}`]) {
      const res = await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword } });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.message).toBe('The password may not contain your e-mail address or its part before the @: choose one that cannot be guessed from it');
      expect(res.body.errors).toEqual([{ field: 'newPassword', message: res.body.message }]);
    }
    const ar = await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword: `${local}-river-73` }, lang: 'ar' });
    expect(ar.body.message).toContain('لا يجوز أن تحتوي كلمة المرور على بريدك الإلكتروني');
    expect((await t.api.call(endpoints.resetPassword, { body: { ...link, newPassword: 'Quiet-harbour-lantern-59' } })).status).toBe(200);
  });

  it('the first admin password from the environment may not be its e-mail or the part before the @', () => {
    const env = { HOTEL_DATA_DIR: os.tmpdir(), HOTEL_JWT_SECRET: 'x'.repeat(40), HOTEL_ADMIN_EMAIL: 'frontoffice.manager@hotel.example' };
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'frontoffice.manager' })).toThrow(/HOTEL_ADMIN_PASSWORD: may not be HOTEL_ADMIN_EMAIL/);
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'Frontoffice.Manager2024!' })).toThrow(/HOTEL_ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'frontoffice.manager@hotel.example' })).toThrow(/HOTEL_ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'Quiet-harbour-lantern-58' })).not.toThrow();
  });

  it('refuses an access token signed with the real secret but without an expiry or an issue time', async () => {
    const { SignJWT } = await import('jose');
    const { hkdfSync } = await import('node:crypto');
    const key = new Uint8Array(hkdfSync('sha256', t.config.jwtSecret, 'hotel', 'access-token', 32));
    const { findUserByEmail } = await import('../../../server/src/modules/sign-in/sign-in.repository');
    const { ALL_CLAIMS } = await import('@shared');
    const admin = (await findUserByEmail(t.server.app.ctx.database.db, ADMIN_EMAIL))!;
    const claims = { name: 'x', email: ADMIN_EMAIL, claims: [...ALL_CLAIMS], adm: true, hot: [], dep: [], ver: admin.sessionVersion };
    const sign = (withExp: boolean, withIat: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(admin.id));
      if (withIat) jwt.setIssuedAt();
      if (withExp) jwt.setExpirationTime('15m');
      return jwt.sign(key);
    };
    // The same signing with both claims is accepted: what is refused is only their absence.
    expect((await t.api.call(endpoints.allUsers, { token: await sign(true, true) })).status).toBe(200);
    for (const [exp, iat] of [[false, true], [true, false], [false, false]]) {
      const res = await t.api.call(endpoints.allUsers, { token: await sign(exp, iat) });
      expect(res.status, `exp ${exp} iat ${iat}`).toBe(401);
    }
  });

  it('the first admin password from the environment may not be a common one either', () => {
    const env = { HOTEL_DATA_DIR: os.tmpdir(), HOTEL_JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'password123' })).toThrow(/HOTEL_ADMIN_PASSWORD: is one of the most common passwords/);
    expect(() => loadConfig({ ...env, HOTEL_ADMIN_PASSWORD: 'Quiet-harbour-lantern-58' })).not.toThrow();
  });
});
