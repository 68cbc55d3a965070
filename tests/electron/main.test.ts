import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from 'electron';
import { IpcChannel } from '../../electron/ipc-channels';
import { MemoryStore } from './support';

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
});
