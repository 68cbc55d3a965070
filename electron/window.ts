import { BrowserWindow, type Rectangle } from 'electron';
import { z } from 'zod';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

const DEFAULT_SIZE = { width: 1280, height: 800 };
export const MIN_SIZE = { width: 900, height: 600 };

const Saved = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});

/** How much of the title bar must be on a screen for the saved position to be usable. */
const VISIBLE = { width: 120, height: 40 };

function visibleOn(state: Required<Pick<WindowState, 'x' | 'y' | 'width'>>, area: Rectangle): boolean {
  const left = Math.max(state.x, area.x);
  const right = Math.min(state.x + state.width, area.x + area.width);
  const top = Math.max(state.y, area.y);
  const bottom = Math.min(state.y + VISIBLE.height, area.y + area.height);
  return right - left >= VISIBLE.width && bottom - top >= VISIBLE.height;
}

/**
 * The bounds to open with: the saved ones when they still fit a connected screen
 * (a laptop undocked from its second monitor must not open the window off-screen),
 * else the default size, centred.
 */
export function restoreWindowState(saved: unknown, workAreas: Rectangle[]): WindowState {
  const parsed = Saved.safeParse(saved);
  if (!parsed.success) return { ...DEFAULT_SIZE, maximized: false };
  const largest = workAreas.reduce((max, a) => ({ width: Math.max(max.width, a.width), height: Math.max(max.height, a.height) }), MIN_SIZE);
  const width = Math.min(Math.max(parsed.data.width, MIN_SIZE.width), largest.width);
  const height = Math.min(Math.max(parsed.data.height, MIN_SIZE.height), largest.height);
  const { x, y, maximized } = parsed.data;
  if (x === undefined || y === undefined || !workAreas.some((area) => visibleOn({ x, y, width }, area))) {
    return { width, height, maximized };
  }
  return { x, y, width, height, maximized };
}

/** What to remember: the normal (un-maximized) bounds, so un-maximizing next time restores them. */
export function captureWindowState(window: BrowserWindow): WindowState {
  const bounds = window.getNormalBounds();
  return { ...bounds, maximized: window.isMaximized() };
}

export interface MainWindowOptions {
  preload: string;
  state: WindowState;
  title: string;
  icon?: string;
  onStateChange: (state: WindowState) => void;
}

/** Electron's security checklist, spelled out even where it is the default, so a test can see it in the bundle. */
export const secureWebPreferences = (preload: string) =>
  ({
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  }) as const;

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    ...options.state,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: options.title,
    icon: options.icon,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(options.preload),
  });
  if (options.state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());

  let timer: NodeJS.Timeout | undefined;
  const remember = () => {
    clearTimeout(timer);
    timer = setTimeout(() => !window.isDestroyed() && options.onStateChange(captureWindowState(window)), 500);
  };
  window.on('resize', remember);
  window.on('move', remember);
  window.on('close', () => {
    clearTimeout(timer);
    options.onStateChange(captureWindowState(window));
  });
  return window;
}

/**
 * A page that refuses to unload (the admin app does while a reply to a guest is unsent)
 * makes Electron cancel the close or reload silently: the window would just stay open.
 * Ask instead, as a browser does; Leave lets the unload go on.
 */
export function askBeforeLeaving(
  window: Pick<BrowserWindow, 'webContents'>,
  ask: (options: Electron.MessageBoxSyncOptions) => number,
  text: (key: 'unload.title' | 'unload.message' | 'unload.leave' | 'unload.stay') => string,
): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = ask({
      type: 'question',
      title: text('unload.title'),
      message: text('unload.message'),
      buttons: [text('unload.leave'), text('unload.stay')],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    if (choice === 0) event.preventDefault();
  });
}
