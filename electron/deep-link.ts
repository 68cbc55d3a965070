import { Email } from '../shared/api/account';

/** The app's registered URL scheme (electron-builder.yml registers it with the OS). */
export const DEEP_LINK_SCHEME = 'hotel-desk';

const TOKEN = /^[A-Za-z0-9_\-.~]{1,512}$/;

/**
 * The renderer route for a link such as
 * hotel-desk://Dashboard/ResetPassword?email=a@b.c&token=xyz, or undefined for
 * anything else: another host or path, extra or repeated parameters, credentials,
 * a fragment, a bad e-mail. A link arrives from any web page or mail, so it is
 * parsed strictly and does nothing unless it is exactly the reset-password link.
 */
export function parseDeepLink(link: string): string | undefined {
  if (typeof link !== 'string' || link.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password || url.port || url.hash) return undefined;
  const place = `${url.hostname}${url.pathname}`.replace(/\/$/, '').toLowerCase();
  if (place !== 'dashboard/resetpassword') return undefined;
  const keys = [...url.searchParams.keys()];
  if (keys.length !== 2 || !keys.includes('email') || !keys.includes('token')) return undefined;
  const email = Email.safeParse(url.searchParams.get('email'));
  const token = url.searchParams.get('token') ?? '';
  if (!email.success || !TOKEN.test(token)) return undefined;
  return `/Dashboard/ResetPassword?${new URLSearchParams({ email: email.data, token }).toString()}`;
}

/** Windows and Linux start the app (or a second instance) with the link among the arguments. */
export function deepLinkFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
}
