import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { z } from 'zod';
import { invokeChecked, trustedSender } from '../../electron/ipc';
import { IpcChannel } from '../../shared/desktop/ipc';
import { setupFiles } from '../../electron/files';
import { setupLanguage } from '../../electron/menu';
import { setupNotifications } from '../../electron/notifications';
import { setupOpenExternal } from '../../electron/security';
import { setupServerUrl } from '../../electron/server-url';
import { TokenVault, setupVault } from '../../electron/vault';
import { MemoryStore, appWindow, sampleSession } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');

/** Registers every handler the app has, with spies where the work would happen. */
function registerAll() {
  const w = appWindow();
  const isTrusted = trustedSender(w.getWindow);
  const store = new MemoryStore();
  const vault = new TokenVault({ safeStorage: fake.safeStorage, store, platform: 'linux', serverUrl: () => undefined });
  const work = {
    save: vi.spyOn(vault, 'save'),
    dialogSave: vi.spyOn(fake.dialog, 'showSaveDialog'),
    dialogOpen: vi.spyOn(fake.dialog, 'showOpenDialog'),
    openExternal: vi.fn(),
    fetch: vi.fn(async () => new Response('{"status":"ok"}')),
    notify: vi.fn(() => ({ on: vi.fn(), show: vi.fn() })),
    badge: vi.fn(() => true),
  };
  setupVault(isTrusted, vault);
  setupServerUrl(isTrusted, { settings: store, fetch: work.fetch as unknown as typeof fetch });
  setupFiles(isTrusted, { dialog: fake.dialog as never, getWindow: w.getWindow, defaultDir: () => '/tmp' });
  setupNotifications(isTrusted, { isSupported: () => true, create: work.notify, getWindow: w.getWindow, setBadgeCount: work.badge });
  setupOpenExternal(isTrusted, work.openExternal);
  setupLanguage(isTrusted, { appName: 'Hotel Desk', isMac: false, isDev: false }, vi.fn());
  return { ...w, work, store };
}

/** A valid call for every channel: proof that a refusal below is about the sender or the arguments. */
const goodArgs: Record<string, unknown[]> = {
  [IpcChannel.getServerUrl]: [],
  [IpcChannel.setServerUrl]: ['http://127.0.0.1:8080'],
  [IpcChannel.loadSession]: [],
  [IpcChannel.saveSession]: [sampleSession(), 'refresh-token'],
  [IpcChannel.refreshSession]: [],
  [IpcChannel.clearSession]: [],
  [IpcChannel.saveFile]: ['RoomTemplate.xlsx', new Uint8Array([1, 2, 3]), [{ name: 'Excel', extensions: ['xlsx'] }]],
  [IpcChannel.openFile]: [[{ name: 'Excel', extensions: ['xlsx', 'xls'] }]],
  [IpcChannel.notify]: [1, 'New request', 'Room 101'],
  [IpcChannel.setBadgeCount]: [3],
  [IpcChannel.openExternal]: ['https://example.com/help'],
  [IpcChannel.setLanguage]: ['ar'],
};

const badArgs: Record<string, unknown[][]> = {
  [IpcChannel.getServerUrl]: [['extra']],
  [IpcChannel.setServerUrl]: [[], [42], ['x'.repeat(5000)], ['http://10.0.0.1', { allowInsecure: 'yes' }], ['http://10.0.0.1', { allowInsecure: true, extra: 1 }], ['http://10.0.0.1', {}, 'extra']],
  [IpcChannel.loadSession]: [[1]],
  [IpcChannel.saveSession]: [[sampleSession()], [{ ...sampleSession(), accessToken: 5 }, 'r'], [sampleSession(), ''], [sampleSession(), 'r', 'extra']],
  [IpcChannel.refreshSession]: [[{}]],
  [IpcChannel.clearSession]: [['now']],
  [IpcChannel.saveFile]: [['a.xlsx', 'not bytes'], ['', new Uint8Array(1)], ['a.xlsx', new Uint8Array(1), [{ name: 'x', extensions: ['../etc'] }]]],
  [IpcChannel.openFile]: [[], [[{ name: 'x', extensions: [] }]], ['*.xlsx']],
  [IpcChannel.notify]: [['1', 't', 'b'], [1, '', 'b'], [-1, 't', 'b']],
  [IpcChannel.setBadgeCount]: [[], ['3'], [-1], [1.5], [Number.NaN], [1e9], [3, 'extra']],
  [IpcChannel.openExternal]: [['file:///etc/passwd'], ['javascript:alert(1)'], ['hotel-desk://Dashboard/ResetPassword'], [42]],
  [IpcChannel.setLanguage]: [['fr'], []],
};

describe('IPC handlers', () => {
  let app: ReturnType<typeof registerAll>;
  beforeEach(() => {
    app = registerAll();
  });

  it('registers a handler for every channel of the list', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort());
  });

  it('answers the app window for every channel', async () => {
    for (const channel of Object.values(IpcChannel)) {
      await fake.ipcMain.invoke(app.own, channel, ...goodArgs[channel]);
    }
    expect(app.work.save).toHaveBeenCalledOnce();
    expect(app.work.badge).toHaveBeenCalledWith(3);
    expect(app.work.openExternal).toHaveBeenCalledWith('https://example.com/help');
  });

  it('refuses every channel to another window, a sub-frame, a remote or file page, and does none of the work', async () => {
    for (const channel of Object.values(IpcChannel)) {
      for (const [who, event] of Object.entries(app.foreign)) {
        await expect(fake.ipcMain.invoke(event, channel, ...goodArgs[channel]), `${channel} from ${who}`).rejects.toThrow(/Refused/);
      }
    }
    expect(app.work.save).not.toHaveBeenCalled();
    expect(app.work.dialogSave).not.toHaveBeenCalled();
    expect(app.work.dialogOpen).not.toHaveBeenCalled();
    expect(app.work.fetch).not.toHaveBeenCalled();
    expect(app.work.notify).not.toHaveBeenCalled();
    expect(app.work.badge).not.toHaveBeenCalled();
    expect(app.work.openExternal).not.toHaveBeenCalled();
    expect(app.store.data.size).toBe(0);
  });

  it('refuses bad arguments on every channel with a clear message, and does none of the work', async () => {
    for (const channel of Object.values(IpcChannel)) {
      for (const args of badArgs[channel]) {
        await expect(fake.ipcMain.invoke(app.own, channel, ...args), `${channel} ${JSON.stringify(args)}`).rejects.toThrow('The request was not valid.');
      }
    }
    expect(app.work.save).not.toHaveBeenCalled();
    expect(app.work.dialogSave).not.toHaveBeenCalled();
    expect(app.work.dialogOpen).not.toHaveBeenCalled();
    expect(app.work.fetch).not.toHaveBeenCalled();
    expect(app.work.badge).not.toHaveBeenCalled();
    expect(app.work.openExternal).not.toHaveBeenCalled();
    expect(app.store.data.size).toBe(0);
  });

  it('refuses a window that has been closed', async () => {
    app.window.destroyed = true;
    await expect(fake.ipcMain.invoke(app.own, IpcChannel.loadSession)).rejects.toThrow(/Refused/);
  });
});

describe('invokeChecked', () => {
  it('passes the parsed arguments to the plain function', async () => {
    const fn = vi.fn((n: number, s: string) => `${s}${n}`);
    await expect(invokeChecked({} as never, [2, 'x'], z.tuple([z.number(), z.string()]), () => true, fn)).resolves.toBe('x2');
    expect(fn).toHaveBeenCalledWith(2, 'x');
  });
});
