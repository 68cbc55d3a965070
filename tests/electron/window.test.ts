import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../electron/i18n';
import { askBeforeLeaving, createMainWindow, restoreWindowState } from '../../electron/window';

type FakeWindow = import('./fakes/electron').BrowserWindow;
const laptop = [{ x: 0, y: 0, width: 1920, height: 1040 }];
const docked = [...laptop, { x: 1920, y: 0, width: 2560, height: 1400 }];

describe('window size and position', () => {
  it('reopens where it was when that place is still on a screen', () => {
    expect(restoreWindowState({ x: 2000, y: 100, width: 1400, height: 900, maximized: false }, docked)).toEqual({ x: 2000, y: 100, width: 1400, height: 900, maximized: false });
  });

  it('opens centred when the saved place is on a screen that is gone (an undocked laptop)', () => {
    expect(restoreWindowState({ x: 2000, y: 100, width: 1400, height: 900, maximized: true }, laptop)).toEqual({ width: 1400, height: 900, maximized: true });
  });

  it('uses the default size for nothing saved or a damaged value, and keeps sizes between the minimum and the screen', () => {
    expect(restoreWindowState(undefined, laptop)).toEqual({ width: 1280, height: 800, maximized: false });
    expect(restoreWindowState({ width: 'big' }, laptop)).toEqual({ width: 1280, height: 800, maximized: false });
    expect(restoreWindowState({ x: 0, y: 0, width: 100, height: 50000 }, laptop)).toEqual({ x: 0, y: 0, width: 900, height: 1040, maximized: false });
  });

  it('creates the window with Electron\'s security checklist and remembers its bounds on close', () => {
    const onStateChange = vi.fn();
    const window = createMainWindow({ preload: '/app/dist-electron/preload.cjs', state: { width: 1200, height: 800, maximized: true }, title: 'Hotel Desk', onStateChange }) as unknown as FakeWindow;
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    expect(window.maximized).toBe(true);
    window.emit('close');
    expect(onStateChange).toHaveBeenCalledWith({ x: 10, y: 20, width: 1000, height: 700, maximized: true });
  });

  it('asks before a page with an unsent reply is closed, in the app language; Leave lets it close, Stay keeps it', () => {
    const window = createMainWindow({ preload: '/p.cjs', state: { width: 1200, height: 800, maximized: false }, title: 'Hotel Desk', onStateChange: vi.fn() }) as unknown as FakeWindow;
    let answer = 1;
    const asked: Electron.MessageBoxSyncOptions[] = [];
    askBeforeLeaving(window as never, (options) => (asked.push(options), answer), (key) => translate('ar', key));
    const unload = () => {
      const event = { prevented: false, preventDefault() { this.prevented = true; } };
      window.webContents.emit('will-prevent-unload', event);
      return event.prevented;
    };
    expect(unload()).toBe(false); // Stay: the page's refusal stands
    expect(asked[0]).toMatchObject({ message: 'لم يُرسل الرد إلى النزيل بعد. هل تغادر دون إرساله؟', buttons: ['مغادرة', 'البقاء'], cancelId: 1 });
    answer = 0;
    expect(unload()).toBe(true); // Leave: the unload goes on
  });
});
