import { permissionsFromClaims } from '@shared';
import type { Principal } from '../../security/tokens';

/** How long a refresh token lives; each use replaces it with a fresh one. */
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;

/**
 * Login attempts allowed per window. Per e-mail and address it stops one machine
 * guessing one password; per address it stops spraying many e-mails, yet leaves room
 * for a whole hotel behind one NAT. Per e-mail alone nothing is refused outright (or
 * anyone could lock the owner out by failing ten times): past `slowAfter` attempts from
 * anywhere, the password checks of that e-mail take turns, each a longer gap after the
 * one before (loginDelayMs), so parallel guesses are slowed as much as serial ones.
 */
export const LOGIN_LIMITS = { perEmailAndIp: 10, perIp: 50, slowAfter: 10, windowSeconds: 15 * 60 } as const;

/** The longest gap between two checks of one e-mail's password (HOTEL_LOGIN_SLOWDOWN_MS). */
export const LOGIN_MAX_GAP_MS = 8000;
/** How far ahead a login may be queued, in gaps: beyond it the attempt is refused (429) rather than held open. */
export const LOGIN_QUEUE_GAPS = 4;

/**
 * The gap before checking a password, from the attempts on its e-mail in the window:
 * 0, then a 32nd of `maxMs` (0.25 s) doubling up to `maxMs` (8 s).
 */
export function loginDelayMs(attempts: number, maxMs = LOGIN_MAX_GAP_MS): number {
  const excess = attempts - LOGIN_LIMITS.slowAfter;
  return excess <= 0 ? 0 : Math.min((maxMs / 32) * 2 ** (excess - 1), maxMs);
}

/**
 * ForgotPassword: per e-mail and address it stops one machine flooding one mailbox;
 * per address, many mailboxes. Per e-mail alone nothing is refused (a stranger could
 * block the owner's reset); past `mailsPerEmail` links in the window no further e-mail
 * goes out, and the owner uses one of the links already sent (each works for an hour).
 */
export const FORGOT_LIMITS = { perEmailAndIp: 5, perIp: 20, mailsPerEmail: 10, windowSeconds: 15 * 60 } as const;

export interface UserAccess {
  user: { id: number; firstName: string; lastName: string; email: string };
  roles: { name: string; isSystem: boolean }[];
  claims: string[];
  hotelIds: number[];
  departmentIds: number[];
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** What the access token carries: the union of the user's roles' claims, sorted for stable tokens. */
export function principalOf(access: UserAccess): Principal {
  return {
    userId: access.user.id,
    name: fullName(access.user),
    email: access.user.email,
    claims: [...new Set(access.claims)].sort(),
    isAdmin: access.roles.some((r) => r.isSystem),
    hotelIds: [...new Set(access.hotelIds)].sort((a, b) => a - b),
    departmentIds: [...new Set(access.departmentIds)].sort((a, b) => a - b),
  };
}

export function sessionFields(principal: Principal, access: UserAccess) {
  return {
    permissions: permissionsFromClaims(principal.claims),
    claims: principal.claims,
    userRoles: access.roles.map((r) => r.name),
    userName: principal.name,
    userEmail: principal.email,
  };
}

interface StoredToken {
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** What else decides a reuse: the grace (config.refreshReuseGraceSeconds) and whether the token's successor was used. */
export interface ReuseContext {
  graceSeconds: number;
  successorUsed: boolean;
}

/**
 * What presenting a refresh token (or a phone's device credential) means. A token already
 * used is a replay: theft (someone copied it) ends the whole family. But a client whose
 * answer was lost (a reload, a closed tab, bad Wi-Fi) presents it again too: within the
 * grace after its first use, while the successor it got has never been used, that is
 * 'grace' and it gets a new successor (Auth0's reuse interval, Okta's grace period).
 * Without `reuse` every replay is 'reused'.
 */
export function refreshTokenState(
  token: StoredToken | undefined,
  now: Date,
  reuse?: ReuseContext,
): 'unknown' | 'revoked' | 'reused' | 'grace' | 'expired' | 'valid' {
  if (!token) return 'unknown';
  if (token.revokedAt) return 'revoked';
  if (token.usedAt) {
    const withinGrace = !!reuse && !reuse.successorUsed && now.getTime() - token.usedAt.getTime() <= reuse.graceSeconds * 1000;
    if (!withinGrace) return 'reused';
    return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'grace';
  }
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

interface StoredPasswordToken {
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/** An invitation or reset link is good once, before it expires, for the user it was made for. */
export function passwordTokenUsable(token: StoredPasswordToken | undefined, userId: number | undefined, now: Date): boolean {
  return !!token && token.userId === userId && !token.usedAt && token.expiresAt.getTime() > now.getTime();
}
