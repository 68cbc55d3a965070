import type { Session, WebContents } from 'electron';
import { z } from 'zod';
import { APP_ORIGIN, devServerUrl, isAppUrl } from './app-url';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel } from '../shared/desktop/ipc';

/**
 * The page's Content-Security-Policy: scripts only from the app's own files, network
 * only to the configured hotel server (the API and its server-sent events), images
 * from the app, the server and in-page blobs (booking-room previews). Fluent UI and
 * ag-grid inject style elements at run time, hence 'unsafe-inline' for styles only.
 */
export function contentSecurityPolicy(serverUrl: string | undefined, dev = devServerUrl()): string {
  const self = dev ? `'self' ${new URL(dev).origin}` : `'self' ${APP_ORIGIN}`;
  const server = serverUrl ? ` ${serverUrl}` : '';
  // Vite's dev server pushes updates over a websocket on its own origin.
  const devSocket = dev ? ` ${new URL(dev).origin.replace(/^http/, 'ws')}` : '';
  return [
    `default-src 'none'`,
    // Vite's dev server injects an inline React Refresh preamble; release builds have no inline script.
    `script-src ${self}${dev ? " 'unsafe-inline'" : ''}`,
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data: blob:${server}`,
    `font-src ${self} data:`,
    `connect-src${server || " 'none'"}${devSocket}`,
    `media-src 'none'`,
    `object-src 'none'`,
    `frame-src 'none'`,
    `worker-src ${self} blob:`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Where the page may send requests at all: its own files, the hotel server, devtools. */
export function isAllowedRequest(url: string, serverUrl: string | undefined, dev = devServerUrl()): boolean {
  if (isAppUrl(url, dev) || url.startsWith('devtools:') || url.startsWith('data:') || url.startsWith('blob:')) return true;
  if (dev && url.startsWith(new URL(dev).origin.replace(/^http/, 'ws'))) return true;
  try {
    return serverUrl !== undefined && new URL(url).origin === serverUrl;
  } catch {
    return false;
  }
}

/** Links a page may hand to the system browser or mail program. */
export function isExternalUrl(url: string): boolean {
  try {
    return ['https:', 'http:', 'mailto:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The one permission the renderer may use: writing to the clipboard (copy a request code). */
const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);
export const isPermissionAllowed = (permission: string): boolean => ALLOWED_PERMISSIONS.has(permission);

/** Session-wide rules: CSP on every response, permissions denied, remote content blocked. */
export function hardenSession(session: Session, serverUrl: () => string | undefined): void {
  session.setPermissionRequestHandler((_wc, permission, callback) => callback(isPermissionAllowed(permission)));
  session.setPermissionCheckHandler((_wc, permission) => isPermissionAllowed(permission));
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isAllowedRequest(details.url, serverUrl()) }));
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) return callback({});
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy(serverUrl())] } });
  });
}

/**
 * Every web contents stays on the app's own pages: navigation elsewhere is stopped
 * (http links go to the system browser), new windows are never created, <webview>
 * is never attached.
 */
export function hardenWebContents(contents: WebContents, openExternal: (url: string) => void): void {
  const leave = (url: string) => {
    if (isExternalUrl(url)) openExternal(url);
  };
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    leave(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    leave(url);
    return { action: 'deny' };
  });
}

/** The renderer's openExternal: only web and mail links, never file:// or a custom scheme. */
export function setupOpenExternal(isTrusted: SenderCheck, openExternal: (url: string) => void): void {
  handle(IpcChannel.openExternal, z.tuple([z.string().max(4096).refine(isExternalUrl)]), isTrusted, (url) => openExternal(url));
}
