import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { MemoryStore } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');

vi.mock('electron-store', () => ({ default: MemoryStore }));

/*
 * A release build must not take its pages from an address the environment names:
 * VITE_DEV_SERVER_URL is vite-plugin-electron's development hook, and whatever origin
 * it names is treated as the app itself (vault IPC, CSP 'self').
 */
describe('a packaged (release) build', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('ignores VITE_DEV_SERVER_URL: the window opens app://desk/, and that origin is not the app', async () => {
    vi.stubEnv('VITE_DEV_SERVER_URL', 'http://evil.example:5173/');
    fake.app.isPackaged = true;
    vi.resetModules();
    const { appRouteUrl, isAppUrl } = await import('../../electron/app-url');
    const { contentSecurityPolicy } = await import('../../electron/security');
    expect(appRouteUrl('/Admin/Home')).toBe('app://desk/Admin/Home');
    expect(isAppUrl('http://evil.example:5173/Admin/Home')).toBe(false);
    expect(contentSecurityPolicy('http://192.168.1.10:8080')).not.toContain('evil.example');

    await import('../../electron/main');
    fake.app.becomeReady();
    await vi.waitFor(() => expect(fake.BrowserWindow.all).toHaveLength(1));
    expect(fake.BrowserWindow.all[0].loaded).toEqual(['app://desk/']);
  });

  it('still uses Vite\'s dev server when not packaged (npm run desktop under vite)', async () => {
    vi.stubEnv('VITE_DEV_SERVER_URL', 'http://localhost:5173/');
    fake.app.isPackaged = false;
    vi.resetModules();
    const { appRouteUrl } = await import('../../electron/app-url');
    expect(appRouteUrl('/Admin/Home')).toBe('http://localhost:5173/Admin/Home');
  });
});

describe('electron-builder.yml', () => {
  const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

  it('flips the Electron fuses: no run-as-node, no NODE_OPTIONS or inspector, encrypted cookies, the app only from a checked app.asar', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('is a configuration electron-builder itself accepts', async () => {
    const { validateConfiguration } = await import('app-builder-lib/out/util/config/config');
    const { DebugLogger } = await import('builder-util');
    await expect(validateConfiguration(config as never, new DebugLogger(false))).resolves.toBeUndefined();
  }, 60_000); // loading electron-builder takes seconds on a busy machine
});
