import { desktopSsoLink } from '@shared';
import type { Localized } from '../../i18n/localize';
import { format } from '../../i18n/localize';
import { ssoMessages as m } from './single-sign-on.messages';
import { inLanguage } from '../../access/names';

/** The client secret is kept only for the provider and client it was typed for. */
export function secretBinding(issuer: string, clientId: string): string {
  return `${issuer}\n${clientId}`;
}

/** An issuer is an https URL without query or fragment (OpenID Connect Discovery §2); http only on loopback in tests. */
export function isIssuerUrl(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return allowLoopbackHttp && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/** The claims a sign-in is decided on; anything else the provider says is not kept. */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  /** Entra ID's "e-mail domain owner verified" optional claim: Entra sends no email_verified. */
  xms_edov?: unknown;
}

/** The verified, lower-cased e-mail of the identity, or undefined when the provider did not vouch for it. */
export function verifiedEmailOf(claims: IdentityClaims): string | undefined {
  if (typeof claims.email !== 'string' || !claims.email || claims.email.length > 254) return undefined;
  // Some providers send the flag as the string "true"; Entra ID vouches with xms_edov instead.
  const flag = (v: unknown) => v === true || v === 'true' || v === 1;
  const verified = flag(claims.email_verified) || (claims.email_verified === undefined && flag(claims.xms_edov));
  return verified ? claims.email.trim().toLowerCase() : undefined;
}

/** First and last name of a user made on first sign-in, from whatever names the provider gives. */
export function namesOf(claims: IdentityClaims, email: string): { firstName: string; lastName: string } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  const given = text(claims.given_name);
  const family = text(claims.family_name);
  if (given || family) return { firstName: given || family, lastName: family };
  const full = text(claims.name);
  if (full) {
    const [first, ...rest] = full.split(/\s+/);
    return { firstName: first, lastName: rest.join(' ') };
  }
  return { firstName: email.split('@')[0].slice(0, 100), lastName: '' };
}

/** An e-mail domain an Admin's auto-link rule may name: lower-case labels and a top-level name, nothing else. */
export function isEmailDomain(domain: string): boolean {
  return domain.length <= 253 && /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(domain);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the browser lands on after the provider: in both languages, as the browser's
 * language is all it knows. Nothing on it is a token; the desktop variant carries the
 * one-time exchange code to the app's deep link, which is worthless without the app's flow key.
 */
export function callbackPage(kind: 'refused' | 'desktop', text: Localized, params: Record<string, string | number> = {}, exchangeCode?: string): string {
  const link = kind === 'desktop' && exchangeCode ? desktopSsoLink(exchangeCode) : '/Admin/Login';
  const linkText = kind === 'desktop' ? m.openApp : m.backToSignIn;
  const body = (lang: 'en' | 'ar') =>
    `<section lang="${lang}" dir="${inLanguage(lang, { en: 'ltr', ar: 'rtl' })}"><h1>${escapeHtml(m.pageTitle[lang])}</h1>` +
    `<p role="${kind === 'refused' ? 'alert' : 'status'}">${escapeHtml(format(text[lang], params))}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText[lang])}</a></p></section>`;
  const refresh = kind === 'desktop' ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(link)}">` : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">${refresh}<title>${escapeHtml(m.pageTitle.en)}</title></head><body>${body('en')}<hr>${body('ar')}</body></html>`;
}
