import { z } from 'zod';
import { Id, optionalText } from './common';

/** How long a started single sign-on waits for the provider's answer (seconds). */
export const SSO_FLOW_TTL_SECONDS = 10 * 60;
/** How long the one-time exchange code of a finished single sign-on can be redeemed (seconds). */
export const SSO_EXCHANGE_TTL_SECONDS = 60;
/** The desktop app's own scheme (RFC 8252 private-use URI scheme, registered by electron/): the provider's answer returns to the app through it. */
export const DESKTOP_SSO_SCHEME = 'hotel-desk';
/** Where the callback page sends the desktop app's exchange code: hotel-desk://sso?code=… */
export const DESKTOP_SSO_HOST = 'sso';
/** The deep link that hands a one-time exchange code (single sign-on's or a passkey's) to the desktop app. */
export const desktopSsoLink = (exchangeCode: string) => `${DESKTOP_SSO_SCHEME}://${DESKTOP_SSO_HOST}?code=${encodeURIComponent(exchangeCode)}`;

/** Which app started the sign-in: the web admin app gets the code by a cookie it posts, the desktop app by its deep link. */
export const SsoClient = z.enum(['web', 'desktop']);
export const SsoStartInput = z.object({ client: SsoClient });
/**
 * `flowKey` stays with the app that started (memory or sessionStorage, never a URL): the
 * exchange code is redeemed only together with it, so a code read from a deep link or
 * history by someone else signs nobody in.
 */
export const SsoStart = z.object({ authorizationUrl: z.string(), flowKey: z.string(), expiresIn: z.number() });
export const SsoCompleteInput = z.object({
  flowKey: z.string().min(1).max(256),
  /** The desktop app's code from its deep link; the web app's comes in its cookie. */
  exchangeCode: z.string().min(1).max(256).optional(),
});
/** The provider's redirect: every field capped, so a long or odd query is a clear refusal. */
export const SsoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  session_state: z.string().max(2048).optional(),
});
/** What the login page may know: whether to show "Sign in with <name>". */
export const SsoPublic = z.object({ enabled: z.boolean(), displayName: z.string() });

const HttpsUrl = z.string().trim().max(2048, { abort: true });
/** An e-mail domain as typed (checked on the server: `hotel.example`, lower case, no @). */
export const AUTO_LINK_DOMAINS_MAX = 50;

export const SsoSettingsInput = z.object({
  enabled: z.boolean(),
  displayName: z.string().trim().max(100, { abort: true }),
  issuer: HttpsUrl,
  clientId: z.string().trim().max(512, { abort: true }),
  /** Empty or absent keeps the stored secret, while the issuer and client id stay as they were. */
  clientSecret: optionalText(2048).optional(),
  createUsers: z.boolean(),
  defaultRoleId: Id.nullable(),
  /** Roles whose holders sign in with single sign-on only. */
  ssoOnlyRoleIds: z.array(Id).max(500),
  /**
   * E-mail domains whose existing accounts the first single sign-on links by their verified
   * e-mail (an Admin's explicit rule; never an account holding the Admin role). Every other
   * existing account is linked by its owner: signed in, then "Link single sign-on".
   */
  autoLinkDomains: z.array(z.string().trim().max(253, { abort: true })).max(AUTO_LINK_DOMAINS_MAX).default([]),
});
/** The secret is never sent back: `hasClientSecret` says one is kept. */
export const SsoSettings = z.object({
  enabled: z.boolean(),
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  createUsers: z.boolean(),
  defaultRoleId: z.number().nullable(),
  ssoOnlyRoleIds: z.array(z.number()),
  autoLinkDomains: z.array(z.string()),
  /** The URL to register at the provider as the redirect URI. */
  redirectUri: z.string(),
});

/** The signed-in user's own link: whether single sign-on is on, its name, and whether this account is linked to it. */
export const SsoLinkStatus = z.object({ enabled: z.boolean(), displayName: z.string(), linked: z.boolean() });

export type SsoClient = z.infer<typeof SsoClient>;
export type SsoLinkStatus = z.infer<typeof SsoLinkStatus>;
export type SsoStartInput = z.infer<typeof SsoStartInput>;
export type SsoStart = z.infer<typeof SsoStart>;
export type SsoCompleteInput = z.infer<typeof SsoCompleteInput>;
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuery>;
export type SsoPublic = z.infer<typeof SsoPublic>;
export type SsoSettingsInput = z.infer<typeof SsoSettingsInput>;
export type SsoSettings = z.infer<typeof SsoSettings>;
