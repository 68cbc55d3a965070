import { BrowserWindow, type BrowserWindow as ElectronWindow } from 'electron';
import type { BrowserWindow as FakeWindow } from './fakes/electron';
import type { StoredSession } from '../../shared/desktop/platform';
import type { SettingsStore } from '../../electron/server-url';

/** electron-store's get/set/delete over a Map, with a peek at what would be on disk. */
export class MemoryStore implements SettingsStore {
  readonly data = new Map<string, unknown>();
  get = (key: string) => this.data.get(key);
  set = (key: string, value: unknown) => void this.data.set(key, value);
  delete = (key: string) => void this.data.delete(key);
  /** Everything the store would write, as one string. */
  dump = () => JSON.stringify(Object.fromEntries(this.data));
}

export const sampleSession = (accessToken = 'access-1'): StoredSession => ({
  accessToken,
  permissions: ['Basic Data.Company'],
  claims: ['Basic Data.Company.View'],
  userRoles: ['Admin'],
  userName: 'Front Desk',
  userEmail: 'desk@hotel.test',
});

/** The app window and the IPC events its pages (or strangers) would send. */
export function appWindow() {
  const window = new BrowserWindow() as unknown as FakeWindow;
  const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Home', parent: null } } as any;
  const foreign = {
    otherWindow: { sender: (new BrowserWindow() as unknown as FakeWindow).webContents, senderFrame: { url: 'app://desk/Admin/Home', parent: null } } as any,
    subFrame: { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Home', parent: { url: 'app://desk/', parent: null } } } as any,
    remotePage: { sender: window.webContents, senderFrame: { url: 'https://evil.example/', parent: null } } as any,
    filePage: { sender: window.webContents, senderFrame: { url: 'file:///tmp/x.html', parent: null } } as any,
    noFrame: { sender: window.webContents, senderFrame: null } as any,
  };
  return { window, own, foreign, getWindow: () => window as unknown as ElectronWindow };
}
