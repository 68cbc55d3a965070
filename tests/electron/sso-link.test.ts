import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { parseSsoLink } from '../../electron/sso-link';
import { IpcChannel } from '../../shared/desktop/ipc';
import type { HotelDesktop } from '../../renderer/src/platform/desktop-platform';
import { MemoryStore } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');
vi.mock('electron-store', () => ({ default: MemoryStore }));

const code = 'Q2xpZW50LWV4Y2hhbmdlLWNvZGUtMDEyMzQ1Njc4OQ';
const ssoLink = `hotel-desk://sso?code=${code}`;
const argv = process.argv;

/** The main process as Electron starts it, and the preload of its window. */
async function startApp() {
  vi.resetModules();
  await import('../../electron/main');
  fake.app.becomeReady();
  await vi.waitFor(() => expect(fake.BrowserWindow.all).toHaveLength(1));
  const window = fake.BrowserWindow.all[0];
  const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Login', parent: null } };
  fake.ipcRenderer.senderEvent = () => own;
  await import('../../electron/preload');
  return { window, bridge: fake.contextBridge.exposed.hotelDesktop as HotelDesktop };
}

describe('single sign-on in the desktop app (system browser out, deep link back)', () => {
  beforeEach(() => {
    process.argv = argv;
  });
  afterEach(() => {
    process.argv = argv;
  });

  it('opens the provider in the system browser, never in an app window', async () => {
    const { bridge } = await startApp();
    const authorizationUrl = 'https://login.microsoftonline.com/tenant/oauth2/v2.0/authorize?client_id=x&state=s&nonce=n&code_challenge=c';
    bridge.openExternal(authorizationUrl);
    await vi.waitFor(() => expect(fake.shell.opened).toEqual([authorizationUrl]));
    expect(fake.BrowserWindow.all).toHaveLength(1);
  });

  it('hands the exchange code of hotel-desk://sso to the window (macOS open-url), without loading it into any page URL', async () => {
    const { window, bridge } = await startApp();
    const received: string[] = [];
    const stop = bridge.onSsoCode((c) => received.push(c));
    window.minimized = true;
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, ssoLink);
    expect(received).toEqual([code]);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(window.loaded).toEqual(['app://desk/']);
    expect(window.minimized).toBe(false);
    stop();
    fake.app.emit('open-url', event, ssoLink);
    expect(received).toHaveLength(1);
  });

  it('hands it over from a second instance (Windows and Linux start one with the link)', async () => {
    const { window, bridge } = await startApp();
    const received: string[] = [];
    bridge.onSsoCode((c) => received.push(c));
    fake.app.emit('second-instance', {}, ['/opt/hotel-desk', ssoLink]);
    expect(received).toEqual([code]);
    expect(window.loaded).toEqual(['app://desk/']);
    expect(window.webContents.sent.map((s) => s.channel)).toEqual(['sso:code']);
  });

  it('ignores every other shape of the link: nothing reaches the window', async () => {
    const { window, bridge } = await startApp();
    const received: string[] = [];
    bridge.onSsoCode((c) => received.push(c));
    for (const link of [
      `hotel-desk://sso?code=${code}&next=https://evil.example`,
      `hotel-desk://sso?code=${code}&code=${code}`,
      `hotel-desk://sso/x?code=${code}`,
      `hotel-desk://other?code=${code}`,
      `hotel-desk://u:p@sso?code=${code}`,
      `hotel-desk://sso:1?code=${code}`,
      `hotel-desk://sso?code=${code}#frag`,
      'hotel-desk://sso?code=%3Cscript%3E',
      'hotel-desk://sso?code=short',
      `https://sso?code=${code}`,
    ]) {
      fake.app.emit('open-url', { preventDefault: vi.fn() }, link);
      expect(parseSsoLink(link), link).toBeUndefined();
    }
    expect(received).toEqual([]);
    expect(window.loaded).toEqual(['app://desk/']);
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort());
  });
});
