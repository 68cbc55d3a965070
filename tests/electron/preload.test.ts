import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { trustedSender } from '../../electron/ipc';
import { setupFiles } from '../../electron/files';
import { setupNotifications } from '../../electron/notifications';
import { setupServerUrl } from '../../electron/server-url';
import { TokenVault, setupVault } from '../../electron/vault';
import type { HotelDesktop } from '../../renderer/src/platform/desktop-platform';
import { MemoryStore, appWindow, sampleSession } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');

/** The preload loaded fresh against a main process whose handlers are the real ones. */
async function desktop() {
  const w = appWindow();
  fake.ipcRenderer.senderEvent = () => w.own;
  const isTrusted = trustedSender(w.getWindow);
  const store = new MemoryStore();
  setupVault(isTrusted, new TokenVault({ safeStorage: fake.safeStorage, store, platform: 'linux', serverUrl: () => 'http://127.0.0.1:9' }));
  setupServerUrl(isTrusted, { settings: store, fetch: (async () => new Response('{"status":"ok"}')) as unknown as typeof fetch });
  setupFiles(isTrusted, { dialog: fake.dialog as never, getWindow: w.getWindow, defaultDir: () => '/tmp' });
  setupNotifications(isTrusted, { isSupported: () => true, create: (o) => new fake.Notification(o), getWindow: w.getWindow, setBadgeCount: (n) => fake.app.setBadgeCount(n) });
  vi.resetModules();
  await import('../../electron/preload');
  return { ...w, store, bridge: fake.contextBridge.exposed.hotelDesktop as HotelDesktop };
}

describe('the preload bridge (window.hotelDesktop)', () => {
  let d: Awaited<ReturnType<typeof desktop>>;
  beforeEach(async () => {
    d = await desktop();
  });

  it('exposes one object, for the desktop, and nothing of ipcRenderer', () => {
    expect(Object.keys(fake.contextBridge.exposed)).toEqual(['hotelDesktop']);
    expect(d.bridge.kind).toBe('desktop');
    expect(Object.values(d.bridge).every((v) => typeof v === 'function' || v === 'desktop')).toBe(true);
    expect(JSON.stringify(Object.keys(d.bridge))).not.toMatch(/ipc|invoke|send/i);
  });

  it('keeps the session in the main process and hands back only the session, never the refresh token', async () => {
    expect(await d.bridge.loadSession()).toBeUndefined();
    await d.bridge.saveSession(sampleSession(), 'refresh-secret');
    const loaded = await d.bridge.loadSession();
    expect(loaded).toEqual(sampleSession());
    expect(JSON.stringify(loaded)).not.toContain('refresh-secret');
    await d.bridge.clearSession();
    expect(await d.bridge.loadSession()).toBeUndefined();
  });

  it('reports a server it cannot reach as unreachable, and the session stays kept', async () => {
    await d.bridge.saveSession(sampleSession(), 'refresh-secret');
    expect(await d.bridge.refreshSession()).toEqual({ kind: 'unreachable' });
    expect(await d.bridge.loadSession()).toEqual(sampleSession());
  });

  it('keeps and reports the server address', async () => {
    expect(await d.bridge.serverUrl()).toBe('');
    expect(await d.bridge.setServerUrl('hotel-server:8080/Admin/Login')).toMatchObject({ ok: false, insecure: true });
    expect(await d.bridge.serverUrl()).toBe('');
    expect(await d.bridge.setServerUrl('hotel-server:8080/Admin/Login', { allowInsecure: true })).toEqual({ ok: true, url: 'http://hotel-server:8080' });
    expect(await d.bridge.serverUrl()).toBe('http://hotel-server:8080');
    expect(await d.bridge.setServerUrl('ftp://x')).toEqual({ ok: false, error: 'Enter the server address, for example http://192.168.1.10:8080' });
  });

  it('saves a file, reports a cancel as not saved, and throws a write failure as a readable Error', async () => {
    vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValueOnce({ canceled: true });
    expect(await d.bridge.saveFile('RoomTemplate.xlsx', new Uint8Array([1]))).toEqual({ saved: false });
    vi.spyOn(fake.dialog, 'showSaveDialog').mockResolvedValueOnce({ canceled: false, filePath: '/proc/no-such-dir/x.xlsx' });
    await expect(d.bridge.saveFile('RoomTemplate.xlsx', new Uint8Array([1]))).rejects.toThrow(/could not be saved|no longer exists|another program/);
  });

  it('answers undefined when the Open dialog is cancelled', async () => {
    vi.spyOn(fake.dialog, 'showOpenDialog').mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await d.bridge.openFile([{ name: 'Excel', extensions: ['xlsx', 'xls'] }])).toBeUndefined();
  });

  it('runs the click action of a notification when the user clicks it, and focuses the window', async () => {
    const opened: string[] = [];
    d.window.minimized = true;
    d.bridge.notify('New request', 'Room 101: Towels', () => opened.push('/Admin/Request/Details/abc'));
    d.bridge.notify('New request', 'Room 102: Water', () => opened.push('/Admin/Request/Details/def'));
    await vi.waitFor(() => expect(fake.Notification.shown).toHaveLength(2));
    expect(fake.Notification.shown[0].options).toEqual({ title: 'New request', body: 'Room 101: Towels' });
    fake.Notification.shown[1].emit('click');
    expect(opened).toEqual(['/Admin/Request/Details/def']);
    expect(d.window.minimized).toBe(false);
    expect(d.window.focused).toBe(true);
    // A click is acted on once.
    fake.Notification.shown[1].emit('click');
    expect(opened).toHaveLength(1);
  });

  it('sets the dock / taskbar count of new requests through the main process', async () => {
    d.bridge.setBadgeCount(4);
    await vi.waitFor(() => expect(fake.app.badgeCount).toBe(4));
    d.bridge.setBadgeCount(0);
    await vi.waitFor(() => expect(fake.app.badgeCount).toBe(0));
  });
});
