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
