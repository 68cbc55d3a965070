/**
 * A hand-written stand-in for the parts of the `electron` module the app uses (the
 * Electron binary cannot be downloaded here). setup.ts installs it with vi.mock; tests
 * import it as 'electron' and drive it through `fake`.
 */
import { EventEmitter } from 'node:events';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  readonly sent: { channel: string; args: unknown[] }[] = [];
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  reloads = 0;
  mainFrame: FakeFrame = { url: 'app://desk/Admin/Login', parent: null };
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
    // Messages to the window reach the preload's listeners, as in Electron.
    ipcRenderer.emit(channel, {}, ...args);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  reload() {
    this.reloads++;
  }
}

export class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = [];
  static getAllWindows = () => BrowserWindow.all;
  readonly webContents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  maximized = false;
  focused = false;
  visible = false;
  loaded: string[] = [];
  bounds = { x: 10, y: 20, width: 1000, height: 700 };
  constructor(readonly options: Record<string, any> = {}) {
    super();
    BrowserWindow.all.push(this);
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  restore = () => void (this.minimized = false);
  maximize = () => void (this.maximized = true);
  show = () => void (this.visible = true);
  focus = () => void (this.focused = true);
  isFocused = () => this.focused;
  /** Whether the taskbar button is flashing (Windows' stand-in for a badge). */
  flashing = false;
  flashFrame = (flag: boolean) => void (this.flashing = flag);
  getNormalBounds = () => ({ ...this.bounds });
  loadURL = async (url: string) => void this.loaded.push(url);
}

class IpcMain {
  readonly handlers = new Map<string, Handler>();
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  /** What ipcRenderer.invoke does: run the handler with an event naming its sender. */
  async invoke(event: unknown, channel: string, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    // Arguments cross processes by structured clone.
    return handler(event, ...structuredClone(args));
  }
}
export const ipcMain = new IpcMain();

class IpcRenderer extends EventEmitter {
  /** The event the main process sees for calls from the preload: set by tests. */
  senderEvent: () => unknown = () => ({});
  invoke(channel: string, ...args: unknown[]) {
    return ipcMain.invoke(this.senderEvent(), channel, ...args).then((answer) => structuredClone(answer));
  }
}
export const ipcRenderer = new IpcRenderer();

export const contextBridge = {
  exposed: {} as Record<string, unknown>,
  exposeInMainWorld(key: string, api: unknown) {
    contextBridge.exposed[key] = api;
  },
};

/** Reversible but not plain: a test can tell an encrypted value from the clear text. */
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret',
  isEncryptionAvailable: () => safeStorage.available,
  getSelectedStorageBackend: () => safeStorage.backend,
  encryptString(plain: string): Buffer {
    if (!safeStorage.available) throw new Error('Encryption is not available.');
    return Buffer.concat([Buffer.from('v10'), Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)]);
  },
  decryptString(encrypted: Buffer): string {
    if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(encrypted.subarray(3).map((b) => b ^ 0x5a)).toString('utf8');
  },
};

export class Notification extends EventEmitter {
  static supported = true;
  static shown: Notification[] = [];
  static isSupported = () => Notification.supported;
  constructor(readonly options: { title: string; body: string }) {
    super();
  }
  show() {
    Notification.shown.push(this);
  }
}

export const Menu = {
  current: undefined as undefined | { template: any[] },
  buildFromTemplate: (template: any[]) => ({ template }),
  setApplicationMenu(menu: { template: any[] }) {
    Menu.current = menu;
  },
};

export const dialog = {
  showSaveDialog: async (..._args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> => ({ canceled: true }),
  showOpenDialog: async (..._args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> => ({ canceled: true, filePaths: [] }),
  showMessageBox: async (..._args: unknown[]) => ({ response: 0 }),
};

export const shell = { opened: [] as string[], openExternal: async (url: string) => void shell.opened.push(url) };

export const protocol = {
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  privileged: [] as unknown[],
  registerSchemesAsPrivileged: (schemes: unknown[]) => void protocol.privileged.push(...schemes),
  handle: (scheme: string, handler: (request: Request) => Promise<Response>) => void protocol.handlers.set(scheme, handler),
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

class FakeApp extends EventEmitter {
  hasLock = true;
  /** False under `electron .` (development), true in an installed build. */
  isPackaged = false;
  sandboxed = false;
  exited: number | undefined;
  protocolClients: unknown[][] = [];
  private ready = deferred();
  /** The dock/launcher count; `badgeSupported` false plays Windows, which has none. */
  badgeCount = 0;
  badgeSupported = true;
  setBadgeCount = (count: number) => {
    if (!this.badgeSupported) return false;
    this.badgeCount = count;
    return true;
  };
  getPath = (_name: string) => '/home/user/Downloads';
  getLocale = () => 'en-US';
  getAppPath = () => process.cwd();
  requestSingleInstanceLock = () => this.hasLock;
  enableSandbox = () => void (this.sandboxed = true);
  exit = (code = 0) => void (this.exited = code);
  quit = () => void (this.exited = 0);
  setAsDefaultProtocolClient = (...args: unknown[]) => {
    this.protocolClients.push(args);
    return true;
  };
  whenReady = () => this.ready.promise;
  /** The OS finished starting the app. */
  becomeReady = () => this.ready.resolve();
  reset() {
    this.removeAllListeners();
    this.hasLock = true;
    this.isPackaged = false;
    this.sandboxed = false;
    this.exited = undefined;
    this.protocolClients = [];
    this.badgeCount = 0;
    this.badgeSupported = true;
    this.ready = deferred();
  }
}
export const app = new FakeApp();

export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] };
export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    webRequest: { onBeforeRequest: () => undefined, onHeadersReceived: () => undefined },
  },
};

/** Back to a clean fake between tests. */
export function resetFakeElectron(): void {
  ipcMain.handlers.clear();
  ipcRenderer.removeAllListeners();
  ipcRenderer.senderEvent = () => ({});
  contextBridge.exposed = {};
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  Notification.supported = true;
  Notification.shown = [];
  BrowserWindow.all = [];
  Menu.current = undefined;
  shell.opened = [];
  protocol.handlers.clear();
  protocol.privileged = [];
  app.reset();
}

export default { app, BrowserWindow, contextBridge, dialog, ipcMain, ipcRenderer, Menu, Notification, protocol, safeStorage, screen, session, shell };
