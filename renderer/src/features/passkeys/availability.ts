/**
 * Whether this page can use passkeys, checked without loading any passkey code. WebAuthn
 * exists only in a secure context (https, or http://localhost); Chromium takes only http(s)
 * pages, so the desktop app's own app:// pages cannot (electron/electron#24573); and an RP ID
 * is a host name, never an IP address, so a hotel LAN opened as http://192.168.x.x cannot
 * either. There the option is not shown at all.
 */
export function passkeysAvailable(win: Pick<Window, 'isSecureContext' | 'location'> & { PublicKeyCredential?: unknown } = window): boolean {
  if (!win.isSecureContext || typeof win.PublicKeyCredential !== 'function') return false;
  const { protocol, hostname } = win.location;
  if (protocol !== 'https:' && protocol !== 'http:') return false;
  return !/^\d+(\.\d+){3}$/.test(hostname) && !hostname.includes(':') && !hostname.startsWith('[');
}

/** The browser's refusal when the person cancels the prompt or lets it time out. */
export const isCancelled = (err: unknown): boolean => err instanceof Error && err.name === 'NotAllowedError';
