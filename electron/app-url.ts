import { app } from 'electron';

/**
 * Where the app's own pages live. Production serves the built renderer from a
 * privileged custom scheme (app://desk/...), so the router sees real paths and a
 * deep link or a notification can open any route; development uses Vite's server.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Vite's dev server when running under `vite` (vite-plugin-electron sets it). Never in
 * a packaged build: whatever origin this names is trusted as the app (vault IPC, CSP),
 * so a release build must not take it from the environment.
 */
export const devServerUrl = (): string | undefined => (app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL || undefined);

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    // Custom schemes have an opaque origin ('null'): compare scheme and host instead.
    return parsed.protocol === `${APP_SCHEME}:` ? `${APP_SCHEME}://${parsed.host}` : parsed.origin;
  } catch {
    return undefined;
  }
}

/** True only for the app's own pages (never file://, never another site). */
export function isAppUrl(url: string | undefined, dev = devServerUrl()): boolean {
  if (!url) return false;
  const origin = originOf(url);
  if (!origin) return false;
  return origin === APP_ORIGIN || (dev !== undefined && origin === originOf(dev));
}

/** The URL that shows a renderer route, e.g. '/Admin/Request/Details/5'. */
export function appRouteUrl(route: string, dev = devServerUrl()): string {
  const base = dev ? originOf(dev)! : APP_ORIGIN;
  return `${base}${route.startsWith('/') ? route : `/${route}`}`;
}
