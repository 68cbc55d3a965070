import { Email } from '../shared/api/account';
import { Lang } from '../shared/api/common';

/** The app's registered URL scheme (electron-builder.yml registers it with the OS). */
export const DEEP_LINK_SCHEME = 'hotel-desk';

const TOKEN = /^[A-Za-z0-9_\-.~]{1,512}$/;
/** What the server's password links carry (email and token required, lang optional). */
const LINK_PARAMETERS = new Set(['email', 'token', 'lang']);

/**
 * The renderer route for a link such as
 * hotel-desk://Dashboard/ResetPassword?email=a@b.c&token=xyz&lang=ar, or undefined
 * for anything else: another host or path, unknown or repeated parameters,
 * credentials, a fragment, a bad e-mail, token or language. A link arrives from any
 * web page or mail, so it is parsed strictly and does nothing unless it is exactly a
 * reset-password (or invitation) link as the server writes it (password-links.ts:
 * email, token and, optionally, the recipient's language).
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
  if (new Set(keys).size !== keys.length || !keys.every((key) => LINK_PARAMETERS.has(key))) return undefined;
  if (!keys.includes('email') || !keys.includes('token')) return undefined;
  const email = Email.safeParse(url.searchParams.get('email'));
  const token = url.searchParams.get('token') ?? '';
  if (!email.success || !TOKEN.test(token)) return undefined;
  const route = new URLSearchParams({ email: email.data, token });
  if (keys.includes('lang')) {
    const lang = Lang.safeParse(url.searchParams.get('lang'));
    if (!lang.success) return undefined;
    route.set('lang', lang.data);
  }
  return `/Dashboard/ResetPassword?${route.toString()}`;
}

/** Windows and Linux start the app (or a second instance) with the link among the arguments. */
export function deepLinkFromArgv(argv: readonly string[]): string | undefined {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
}
