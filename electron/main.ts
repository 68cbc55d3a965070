import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, Notification, safeStorage, screen, session, shell, type BrowserWindow } from 'electron';
import Store from 'electron-store';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { appRouteUrl, devServerUrl } from './app-url';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink } from './deep-link';
import { deliverSsoCode, parseSsoLink } from './sso-link';
import { setupFiles } from './files';
import { langFromLocale, setCurrentLang, t } from './i18n';
import { trustedSender } from './ipc';
import type { Lang } from '../shared/desktop/ipc';
import { setupLanguage } from './menu';
import { focusWindow, setupNotifications } from './notifications';
import { hardenSession, hardenWebContents, setupOpenExternal } from './security';
import { readServerUrl, setupServerUrl } from './server-url';
import { TokenVault, setupVault } from './vault';
import { askBeforeLeaving, createMainWindow, restoreWindowState } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));
const APP_NAME = 'Hotel Desk';
const isDev = devServerUrl() !== undefined;

// One instance: a second start (often a clicked reset-password link) hands its arguments to the first.
if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  // Every renderer sandboxed, whatever a future window forgets to ask for.
  app.enableSandbox();
  registerAppScheme();
  start();
}

function start(): void {
  const settings = new Store<Record<string, unknown>>({ name: 'settings' });
  const serverUrl = () => readServerUrl(settings);
  let mainWindow: BrowserWindow | undefined;
  const getWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined);
  const isTrusted = trustedSender(getWindow);
  const openExternal = (url: string) => void shell.openExternal(url);
  // Kept until the window has loaded: a link that started the app opens once the page exists.
  let pendingRoute = parseDeepLink(deepLinkFromArgv(process.argv) ?? '');

  const openRoute = (route: string) => {
    const window = getWindow();
    if (!window) return void (pendingRoute = route);
    focusWindow(window);
    void window.loadURL(appRouteUrl(route));
  };
  const onDeepLink = (link: string | undefined) => {
    // A single sign-on coming back from the system browser: its code goes to the window, not into a page URL.
    const ssoCode = parseSsoLink(link ?? '');
    if (ssoCode) return void deliverSsoCode(ssoCode, getWindow, focusWindow);
    const route = parseDeepLink(link ?? '');
    if (route) openRoute(route);
  };

  app.on('second-instance', (_event, argv) => {
    const window = getWindow();
    if (window) focusWindow(window);
    onDeepLink(deepLinkFromArgv(argv));
  });
  // macOS delivers links as an event, also before 'ready'.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    onDeepLink(url);
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal));
  app.on('window-all-closed', () => app.quit());

  app.whenReady().then(() => {
    if (process.defaultApp && process.argv[1]) {
      app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
    } else {
      app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
    }
    const savedLang = settings.get('language');
    setCurrentLang(savedLang === 'ar' || savedLang === 'en' ? savedLang : langFromLocale(app.getLocale()));

    hardenSession(session.defaultSession, serverUrl);
    serveRenderer(path.join(app.getAppPath(), 'dist', 'renderer'), serverUrl);

    const vault = new TokenVault({
      safeStorage,
      store: settings,
      platform: process.platform,
      serverUrl,
      onMemoryOnly: () => {
        const window = getWindow();
        const options = { type: 'warning' as const, title: t('vault.noKeychainTitle'), message: t('vault.noKeychainTitle'), detail: t('vault.noKeychain'), buttons: [t('ok')] };
        void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
      },
    });
    setupVault(isTrusted, vault);
    setupServerUrl(isTrusted, {
      settings,
      // Signed out at the server that issued the session (or only here, when it cannot be
      // reached) while its address is still current: the tokens never go to the new one.
      beforeChange: () => vault.clear(),
      // The page's CSP names the old server.
      onChanged: () => void setTimeout(() => getWindow()?.webContents.reload(), 100),
    });
    setupFiles(isTrusted, { dialog, getWindow, defaultDir: () => app.getPath('downloads') });
    setupNotifications(isTrusted, { isSupported: () => Notification.isSupported(), create: (o) => new Notification(o), getWindow, setBadgeCount: (n) => app.setBadgeCount(n) });
    setupOpenExternal(isTrusted, openExternal);
    setupLanguage(isTrusted, { appName: APP_NAME, isMac: process.platform === 'darwin', isDev }, (lang: Lang) => settings.set('language', lang));

    mainWindow = createMainWindow({
      preload: path.join(here, 'preload.cjs'),
      state: restoreWindowState(settings.get('window'), screen.getAllDisplays().map((d) => d.workArea)),
      title: APP_NAME,
      onStateChange: (state) => settings.set('window', state),
    });
    const win = mainWindow;
    askBeforeLeaving(win, (options) => dialog.showMessageBoxSync(win, options), t);
    const first = pendingRoute ?? '/';
    pendingRoute = undefined;
    void mainWindow.loadURL(appRouteUrl(first));
  });
}
