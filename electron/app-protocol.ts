import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-url';
import { contentSecurityPolicy } from './security';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/**
 * The file that answers an app:// URL: a built asset when the path names one, the
 * renderer's index.html for any route (the router takes it from there), undefined for
 * another host or a path that climbs out of the renderer folder.
 */
export function resolveAppFile(root: string, requestUrl: string, fileExists: (file: string) => boolean = isFile): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  // The API lives on the hotel server, never here: an /api call sent here by mistake must fail, not get a page.
  if (/^\/api(\/|$)/i.test(pathname)) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(pathname)}`);
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  if (relative && path.extname(file) && fileExists(file)) return file;
  // A missing asset is a 404, not the index page (a wrong script path must fail loudly).
  if (path.extname(file) && path.extname(file) !== '.html') return undefined;
  return path.join(root, 'index.html');
}

/** Must run before the app is ready: app:// behaves like https (storage, fetch, secure context). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

export function serveRenderer(root: string, serverUrl: () => string | undefined): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppFile(root, request.url);
    if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    try {
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        headers: {
          'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': contentSecurityPolicy(serverUrl()),
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    }
  });
}
