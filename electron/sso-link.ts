import { DESKTOP_SSO_HOST, DESKTOP_SSO_SCHEME } from '../shared/api/single-sign-on';
import { IpcEvent } from '../shared/desktop/ipc';

/** What the server makes (newOpaqueToken: 32 random bytes, base64url). */
const EXCHANGE_CODE = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * The exchange code of hotel-desk://sso?code=…, the link the server's callback page opens
 * after a single sign-on in the system browser (RFC 8252 §7.1), or undefined for anything
 * else. Any page or program can open the app's scheme, so it is parsed strictly; and the
 * code alone signs nobody in: the renderer redeems it with the flow key only it holds.
 */
export function parseSsoLink(link: string): string | undefined {
  if (typeof link !== 'string' || link.length > 512) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${DESKTOP_SSO_SCHEME}:` || url.username || url.password || url.port || url.hash) return undefined;
  if (url.hostname.toLowerCase() !== DESKTOP_SSO_HOST || (url.pathname !== '' && url.pathname !== '/')) return undefined;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 1 || keys[0] !== 'code') return undefined;
  const code = url.searchParams.get('code') ?? '';
  return EXCHANGE_CODE.test(code) ? code : undefined;
}

interface SsoWindow {
  webContents: { send(channel: string, ...args: unknown[]): void };
}

/**
 * Hands the code to the app's own window (never a URL it loads: the code stays out of
 * the page's address and history). Without a window there is no flow key to redeem it
 * with, so it is dropped.
 */
export function deliverSsoCode<W extends SsoWindow>(code: string, getWindow: () => W | undefined, focus: (window: W) => void): boolean {
  const window = getWindow();
  if (!window) return false;
  focus(window);
  window.webContents.send(IpcEvent.ssoCode, code);
  return true;
}
