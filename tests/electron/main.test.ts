import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { IpcChannel } from '../../shared/desktop/ipc';
import { MemoryStore, sampleSession } from './support';

const fake = electron as unknown as typeof import('./fakes/electron');

// electron-store writes to the user's profile folder through Electron's app paths: a Map stands in.
vi.mock('electron-store', () => ({ default: MemoryStore }));

const resetLink = 'hotel-desk://Dashboard/ResetPassword?email=desk%40hotel.test&token=abc123';
const argv = process.argv;

/** Starts the main process as Electron would: import main.ts, then 'ready'. */
async function startApp(args: string[] = []) {
  process.argv = [...argv, ...args];
  vi.resetModules();
  await import('../../electron/main');
  fake.app.becomeReady();
  await vi.waitFor(() => expect(fake.BrowserWindow.all).toHaveLength(1));
  return fake.BrowserWindow.all[0];
}

describe('the main process', () => {
  beforeEach(() => {
    process.argv = argv;
  });
  afterEach(() => {
    process.argv = argv;
  });

  it('opens one secure window on the app pages with every IPC handler and the app:// scheme in place', async () => {
    const window = await startApp();
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    expect(fake.app.sandboxed).toBe(true);
    expect(window.options.webPreferences.preload).toMatch(/preload\.cjs$/);
    expect(window.loaded).toEqual(['app://desk/']);
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(IpcChannel).sort());
    expect(fake.protocol.privileged).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
    expect(fake.protocol.handlers.has('app')).toBe(true);
    expect(fake.app.protocolClients.map((args) => args[0])).toEqual(['hotel-desk']);
  });

  it('leaves at once when another instance is already running (that one gets the arguments)', async () => {
    fake.app.hasLock = false;
    vi.resetModules();
    await import('../../electron/main');
    expect(fake.app.exited).toBe(0);
    expect(fake.protocol.privileged).toEqual([]);
  });

  it('opens the reset-password page when started from the e-mail link', async () => {
    const window = await startApp([resetLink]);
    expect(window.loaded).toEqual(['app://desk/Dashboard/ResetPassword?email=desk%40hotel.test&token=abc123']);
  });

  it('brings the running window to the reset-password page when the link starts a second instance, and ignores a malformed one', async () => {
    const window = await startApp();
    window.minimized = true;
    fake.app.emit('second-instance', {}, ['/opt/hotel-desk', 'hotel-desk://Dashboard/ResetPassword?email=x&token=abc']);
    expect(window.loaded).toEqual(['app://desk/']);
    expect(window.focused).toBe(true);
    fake.app.emit('second-instance', {}, ['/opt/hotel-desk', resetLink]);
    expect(window.loaded.at(-1)).toBe('app://desk/Dashboard/ResetPassword?email=desk%40hotel.test&token=abc123');
    expect(window.minimized).toBe(false);
  });

  it('handles the macOS open-url event the same strict way', async () => {
    const window = await startApp();
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, 'hotel-desk://Admin/Home');
    expect(window.loaded).toEqual(['app://desk/']);
    fake.app.emit('open-url', event, resetLink);
    expect(window.loaded).toHaveLength(2);
    expect(event.preventDefault).toHaveBeenCalledTimes(2);
  });

  it('answers app:// requests from the built renderer and 404s what is not there', async () => {
    await startApp();
    const serve = fake.protocol.handlers.get('app')!;
    const missing = await serve(new Request('app://desk/assets/missing.js'));
    expect(missing.status).toBe(404);
  });

  it('tells the user once, in the app language, when there is no keychain to keep the sign-in', async () => {
    fake.safeStorage.backend = 'basic_text';
    const box = vi.spyOn(fake.dialog, 'showMessageBox');
    const window = await startApp();
    const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Login', parent: null } };
    await fake.ipcMain.invoke(own, IpcChannel.setLanguage, 'ar');
    await fake.ipcMain.invoke(own, IpcChannel.saveSession, sampleSession(), 'refresh-1');
    await fake.ipcMain.invoke(own, IpcChannel.saveSession, sampleSession('a2'), 'refresh-2');
    expect(box).toHaveBeenCalledTimes(1);
    expect(box.mock.calls[0][1]).toMatchObject({ type: 'warning', title: 'لن يتم تذكر تسجيل الدخول' });
    expect(await fake.ipcMain.invoke(own, IpcChannel.loadSession)).toEqual(sampleSession('a2'));
  });

  it('ends the session and reloads the page (new CSP) when the server address changes', async () => {
    const hotel = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}'));
    await new Promise<void>((resolve) => hotel.listen(0, '127.0.0.1', resolve));
    try {
      const window = await startApp();
      const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Login', parent: null } };
      await fake.ipcMain.invoke(own, IpcChannel.saveSession, sampleSession(), 'refresh-1');
      const url = `http://127.0.0.1:${(hotel.address() as AddressInfo).port}`;
      expect(await fake.ipcMain.invoke(own, IpcChannel.setServerUrl, url)).toEqual({ ok: true, url });
      expect(await fake.ipcMain.invoke(own, IpcChannel.getServerUrl)).toBe(url);
      expect(await fake.ipcMain.invoke(own, IpcChannel.loadSession)).toBeUndefined();
      await vi.waitFor(() => expect(window.webContents.reloads).toBe(1));
    } finally {
      hotel.close();
    }
  });

  /** A hotel server on loopback that writes down every call it gets, with its headers and body. */
  async function recordingHotel() {
    const calls: { method: string; url: string; authorization?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => void (body += chunk.toString()));
      req.on('end', () => {
        calls.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(req.url === '/api/health' ? '{"status":"ok"}' : '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { calls, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('signs out at the old server before it switches, and sends the new address no token', async () => {
    const [old, next] = [await recordingHotel(), await recordingHotel()];
    try {
      const window = await startApp();
      const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Login', parent: null } };
      expect(await fake.ipcMain.invoke(own, IpcChannel.setServerUrl, old.url)).toEqual({ ok: true, url: old.url });
      await fake.ipcMain.invoke(own, IpcChannel.saveSession, sampleSession('old-access'), 'old-refresh');
      expect(await fake.ipcMain.invoke(own, IpcChannel.setServerUrl, next.url)).toEqual({ ok: true, url: next.url });

      const logout = old.calls.find((c) => c.url.startsWith('/api/Account/Logout'));
      expect(logout).toMatchObject({ method: 'POST', authorization: 'Bearer old-access' });
      expect(JSON.parse(logout!.body)).toEqual({ refreshToken: 'old-refresh' });
      expect(next.calls.map((c) => c.url)).toEqual(['/api/health']);
      expect(JSON.stringify(next.calls)).not.toMatch(/old-access|old-refresh/);
      expect(await fake.ipcMain.invoke(own, IpcChannel.loadSession)).toBeUndefined();
    } finally {
      old.server.close();
      next.server.close();
    }
  });

  it('forgets the session here when the old server cannot be reached, still sending the new address nothing', async () => {
    const [old, next] = [await recordingHotel(), await recordingHotel()];
    try {
      const window = await startApp();
      const own = { sender: window.webContents, senderFrame: { url: 'app://desk/Admin/Login', parent: null } };
      await fake.ipcMain.invoke(own, IpcChannel.setServerUrl, old.url);
      await fake.ipcMain.invoke(own, IpcChannel.saveSession, sampleSession('old-access'), 'old-refresh');
      await new Promise<void>((resolve) => old.server.close(() => resolve()));
      expect(await fake.ipcMain.invoke(own, IpcChannel.setServerUrl, next.url)).toEqual({ ok: true, url: next.url });
      expect(await fake.ipcMain.invoke(own, IpcChannel.loadSession)).toBeUndefined();
      expect(next.calls.map((c) => c.url)).toEqual(['/api/health']);
    } finally {
      old.server.close();
      next.server.close();
    }
  });
});
