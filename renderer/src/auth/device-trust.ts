/**
 * "Remember this device": the token the server gave at a code step, kept per e-mail in
 * localStorage and sent in the Login body (never in a URL). In the desktop app this is the
 * app's own storage (its app://desk origin, in the app's user-data folder); in a browser,
 * the origin's storage, where the session's refresh token already lives. An httpOnly
 * cookie would keep it from page scripts, but the API takes no cookies at all: the desktop
 * calls it across origins without credentials, and a cookie would bring CSRF with it.
 * The token alone signs nobody in (the password is still asked) and the server forgets
 * it on a two-factor reset, on "end all sessions" and on a password change.
 */
const KEY = 'hotel.deviceTrust';

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, string>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the code is simply asked next time.
  }
}

export function deviceTrustFor(email: string): string | undefined {
  return readAll()[email.trim().toLowerCase()];
}

export function rememberDeviceTrust(email: string, token: string): void {
  writeAll({ ...readAll(), [email.trim().toLowerCase()]: token });
}

/** The server asked for the code despite the token: it has expired or was revoked. */
export function forgetDeviceTrust(email: string): void {
  const all = readAll();
  delete all[email.trim().toLowerCase()];
  writeAll(all);
}
