import type { SetServerUrlResult } from '@shared/desktop/ipc';
import type { Platform } from '@shared/desktop/platform';

/**
 * The object the Electron preload exposes as `window.hotelDesktop`. Its type is taken
 * from the preload's own code, never written a second time here: a change there
 * that breaks this file fails the type check.
 */
export type HotelDesktop = typeof import('../../../electron/preload').api;

/** Result of asking the desktop app to use another hotel server: the IPC payload, from the contract. */
export type { SetServerUrlResult };

/** The desktop platform plus what only a desktop app needs: choosing its server (first start and the login screen). */
export interface DesktopPlatform extends Platform {
  kind: 'desktop';
  /** '' until the user has chosen a server. */
  getServerUrl(): Promise<string>;
  /** Checks the address (GET /api/health) and keeps it; `error` is ready to show, in the app's language. */
  setServerUrl(url: string): Promise<SetServerUrlResult>;
}

/** The preload's bridge when running inside the desktop app, else undefined. */
export function desktopBridge(scope: object = globalThis): HotelDesktop | undefined {
  const bridge = (scope as { hotelDesktop?: HotelDesktop }).hotelDesktop;
  return bridge?.kind === 'desktop' ? bridge : undefined;
}

/**
 * The renderer's Platform in the desktop app. The bridge already speaks the interface
 * (the preload throws user-readable Errors for failed saves, opens and refreshes);
 * methods are bound here because contextBridge objects are frozen proxies.
 */
export function createDesktopPlatform(bridge: HotelDesktop): DesktopPlatform {
  return {
    kind: 'desktop',
    serverUrl: () => bridge.serverUrl(),
    getServerUrl: () => bridge.getServerUrl(),
    setServerUrl: (url) => bridge.setServerUrl(url),
    loadSession: () => bridge.loadSession(),
    saveSession: (session, refreshToken) => bridge.saveSession(session, refreshToken),
    refreshSession: () => bridge.refreshSession(),
    clearSession: () => bridge.clearSession(),
    saveFile: (name, bytes, filters) => bridge.saveFile(name, bytes, filters),
    openFile: (filters) => bridge.openFile(filters),
    notify: (title, body, onClick) => bridge.notify(title, body, onClick),
    notifyPermission: () => bridge.notifyPermission(),
    askNotifyPermission: () => bridge.askNotifyPermission(),
    setBadgeCount: (count) => bridge.setBadgeCount(count),
    openExternal: (url) => bridge.openExternal(url),
    setLanguage: (lang) => bridge.setLanguage(lang),
    onSsoCode: (listener) => bridge.onSsoCode(listener),
  };
}
