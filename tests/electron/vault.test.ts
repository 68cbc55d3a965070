import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { setCurrentLang } from '../../electron/i18n';
import { TokenVault, type VaultDeps } from '../../electron/vault';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { MemoryStore, sampleSession } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');

function vault(store = new MemoryStore(), extra: Partial<VaultDeps> = {}) {
  return new TokenVault({ safeStorage: fake.safeStorage, store, platform: 'linux', serverUrl: () => undefined, ...extra });
}

describe('token vault: keeping the session', () => {
  it('keeps the session encrypted on disk and reads it back after a restart', async () => {
    const store = new MemoryStore();
    await vault(store).save(sampleSession('secret-access'), 'secret-refresh');
    expect(store.dump()).not.toContain('secret-refresh');
    expect(store.dump()).not.toContain('secret-access');
    expect(await vault(store).load()).toEqual(sampleSession('secret-access'));
  });

  it('on a machine without a keychain (basic_text) keeps the session in memory only and says so once', async () => {
    fake.safeStorage.backend = 'basic_text';
    const store = new MemoryStore();
    const onMemoryOnly = vi.fn();
    const v = vault(store, { onMemoryOnly });
    await v.save(sampleSession(), 'refresh-1');
    await v.save(sampleSession('access-2'), 'refresh-2');
    expect(store.data.size).toBe(0);
    expect(onMemoryOnly).toHaveBeenCalledTimes(1);
    expect(await v.load()).toEqual(sampleSession('access-2'));
    expect(await vault(store).load()).toBeUndefined();
  });

  it('keeps nothing on disk when encryption is unavailable, even where basic_text is not the reason', async () => {
    fake.safeStorage.available = false;
    const store = new MemoryStore();
    const v = new TokenVault({ safeStorage: fake.safeStorage, store, platform: 'win32', serverUrl: () => undefined });
    await v.save(sampleSession(), 'refresh-1');
    expect(store.data.size).toBe(0);
    expect(await v.load()).toEqual(sampleSession());
  });

  it('still signs in, for this run only and with the warning, when the keychain refuses to encrypt', async () => {
    const store = new MemoryStore();
    const onMemoryOnly = vi.fn();
    const v = vault(store, { onMemoryOnly, safeStorage: { ...fake.safeStorage, encryptString: () => { throw new Error('keychain locked'); } } });
    await v.save(sampleSession(), 'refresh-1');
    expect(await v.load()).toEqual(sampleSession());
    expect(store.data.size).toBe(0);
    expect(onMemoryOnly).toHaveBeenCalledOnce();
  });

  it('starts signed out, and forgets the damaged entry, when the stored session cannot be decrypted or read', async () => {
    for (const damaged of ['not base64 at all', Buffer.from('v10garbage').toString('base64'), fake.safeStorage.encryptString('{"session":1}').toString('base64'), 42]) {
      const store = new MemoryStore();
      store.set('vault', damaged);
      expect(await vault(store).load()).toBeUndefined();
      expect(store.get('vault')).toBeUndefined();
    }
  });

  it('refuses to keep a session that does not have the expected shape', async () => {
    await expect(vault().save({ accessToken: '' } as never, 'r')).rejects.toThrow();
  });
});

describe('token vault: refreshing and signing out against the real server', () => {
  let t: TestServer;
  let login: { accessToken: string; refreshToken: string; permissions: string[]; claims: string[]; userRoles: string[]; userName: string; userEmail: string };
  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterAll(() => t?.cleanup());

  async function signIn(store = new MemoryStore()) {
    const res = await t.api.raw('POST', '/api/Account/Login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    login = res.body;
    const v = vault(store, { serverUrl: () => t.url });
    const { refreshToken, ...rest } = login;
    await v.save({ accessToken: rest.accessToken, permissions: rest.permissions, claims: rest.claims, userRoles: rest.userRoles, userName: rest.userName, userEmail: rest.userEmail }, refreshToken);
    return { v, store };
  }

  it('exchanges the kept refresh token for new tokens and keeps the new ones', async () => {
    const { v, store } = await signIn();
    const session = await v.refresh();
    expect(session?.accessToken).toBeTruthy();
    // The server rotated the refresh token: the vault now holds the new one, never the old.
    const kept = JSON.parse(fake.safeStorage.decryptString(Buffer.from(String(store.get('vault')), 'base64')));
    expect(kept.refreshToken).toBeTruthy();
    expect(kept.refreshToken).not.toBe(login.refreshToken);
    expect(session?.userEmail).toBe(ADMIN_EMAIL);
    // The new access token works on a protected call; a restarted app still has the session.
    const res = await t.api.raw('GET', '/api/BasicData/GetAllCompanies', { token: session!.accessToken });
    expect(res.status).toBe(200);
    expect((await vault(store, { serverUrl: () => t.url }).load())?.accessToken).toBe(session!.accessToken);
  });

  it('exchanges once when several calls ask at the same time (a second use of a rotated token would end the session)', async () => {
    const { v } = await signIn();
    const [a, b, c] = await Promise.all([v.refresh(), v.refresh(), v.refresh()]);
    expect(a).toBeDefined();
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await v.refresh()).toBeDefined();
  });

  it('answers undefined and forgets the session once the server refuses the refresh token', async () => {
    const { v, store } = await signIn();
    await v.clear();
    expect(store.get('vault')).toBeUndefined();
    // Signing out revoked the token on the server: using it again is refused.
    const again = await t.api.raw('POST', '/api/Account/RefreshToken', { body: { refreshToken: (login as { refreshToken: string }).refreshToken } });
    expect(again.status).toBe(401);
    expect(await v.refresh()).toBeUndefined();
  });

  it('keeps the session and says so in the app language when the server cannot be reached', async () => {
    const store = new MemoryStore();
    const v = vault(store, { serverUrl: () => 'http://127.0.0.1:9' });
    await v.save(sampleSession(), 'refresh-1');
    setCurrentLang('ar');
    await expect(v.refresh()).rejects.toThrow('تعذر الوصول إلى الخادم لتجديد الجلسة');
    expect(await v.load()).toEqual(sampleSession());
  });
});
