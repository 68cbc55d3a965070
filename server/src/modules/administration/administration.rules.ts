import { isClaim } from '@shared';
import type { LocalizedFieldError } from '../../http/errors';
import { canSeeUser } from '../../access/scope';
import { adminMessages as m } from './administration.messages';

/** Names and codes never need angle brackets; refusing them keeps markup out of every screen and e-mail. */
export function markupErrors(fields: Record<string, string>): LocalizedFieldError[] {
  return Object.entries(fields)
    .filter(([, value]) => /[<>]/.test(value))
    .map(([field]) => ({ field, message: m.noMarkup }));
}

/** Stricter than the contract's pattern: an address the SMTP server will accept as a single recipient. */
const DELIVERABLE_EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]+$/;
export function isDeliverableEmail(email: string): boolean {
  return DELIVERABLE_EMAIL.test(email);
}

const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const IPV6 = /^\[?[0-9a-fA-F:.]+\]?$/;
export function isSmtpHost(host: string): boolean {
  return host.length <= 253 && (HOSTNAME.test(host) || (host.includes(':') && IPV6.test(host)));
}

/** Ids asked for that are not among those found, for the "do not exist" messages. */
export function missingIds(asked: readonly number[], found: readonly number[]): number[] {
  const have = new Set(found);
  return [...new Set(asked)].filter((id) => !have.has(id));
}

interface Selection {
  id: number;
  isSelected: boolean;
}

/** Applies checkbox selections to the current set; items not listed keep their state. */
export function applySelections<T>(current: Iterable<T>, selections: { key: T; isSelected: boolean }[]): Set<T> {
  const next = new Set(current);
  for (const s of selections) {
    if (s.isSelected) next.add(s.key);
    else next.delete(s.key);
  }
  return next;
}

export function hasRepeats(selections: readonly Selection[]): boolean {
  return new Set(selections.map((s) => s.id)).size !== selections.length;
}

export function unknownClaimsOf(claims: readonly string[]): string[] {
  return [...new Set(claims.filter((c) => !isClaim(c)))];
}

/**
 * Whether a user-roles update would leave no active user holding an admin role.
 * `otherAdmins` counts active users other than this one that hold one.
 */
export function leavesNoAdmin(input: { heldAdminBefore: boolean; holdsAdminAfter: boolean; userActive: boolean; otherAdmins: number }): boolean {
  const losing = input.heldAdminBefore && !input.holdsAdminAfter;
  return losing && input.userActive && input.otherAdmins === 0;
}

/** The Admin role may only be "saved" unchanged: same name, every claim kept. */
export function changesAdminRole(input: { currentName: string; newName: string; claimsAfter: ReadonlySet<string>; allClaims: readonly string[] }): boolean {
  return input.newName !== input.currentName || input.allClaims.some((c) => !input.claimsAfter.has(c));
}

/**
 * The claims a change would give that the caller does not hold (sorted), for the
 * rule "nobody grants a claim they do not hold". Giving a role gives all its claims.
 */
export function claimsNotHeld(granted: Iterable<string>, held: ReadonlySet<string>): string[] {
  return [...new Set(granted)].filter((c) => !held.has(c)).sort();
}

export interface LatestLink {
  delivery: 'email' | 'failed' | 'link';
  failure: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

/**
 * Where a user's invitation stands, from their newest set-password link: accepted once a
 * password is set; failed when that link's e-mail could not be sent; expired when no
 * usable link is left; sent otherwise (e-mailed, or handed over as a link).
 */
export function invitationOf(
  user: { hasPassword: boolean },
  latest: LatestLink | undefined,
  now: Date,
): { state: 'sent' | 'failed' | 'accepted' | 'expired'; via?: 'email' | 'link'; failure?: string; expiresAt?: Date } {
  if (user.hasPassword) return { state: 'accepted' };
  if (!latest) return { state: 'expired' };
  if (latest.delivery === 'failed') return { state: 'failed', failure: latest.failure ?? undefined, expiresAt: latest.expiresAt };
  if (latest.usedAt || latest.expiresAt <= now) return { state: 'expired', via: latest.delivery, expiresAt: latest.expiresAt };
  return { state: 'sent', via: latest.delivery, expiresAt: latest.expiresAt };
}

/** What a user holds: their rights (the Admin role, claims) and their reach (hotels, departments). */
export interface Access {
  isAdmin: boolean;
  claims: ReadonlySet<string>;
  hotelIds: readonly number[];
  departmentIds: readonly number[];
}

/**
 * Whether a user holds more than the caller: the Admin role, a claim the caller lacks,
 * or a hotel or department outside the caller's. A link sets the user's password, so
 * nobody may resend or take one for such a user, and a link of theirs stops working once
 * the user holds more than whoever issued it.
 */
export function aboveCallerRights(caller: Access, target: Access): boolean {
  if (caller.isAdmin) return false;
  return target.isAdmin || [...target.claims].some((c) => !caller.claims.has(c)) || !canSeeUser(caller, target);
}
