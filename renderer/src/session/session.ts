import type { Claim } from '@shared';
import { atom, getDefaultStore } from 'jotai';
import type { RefreshOutcome, StoredSession } from '../platform';
import { platform } from '../platform';

/** The signed-in user, or undefined (undefined is also "not loaded yet" before `sessionLoadedAtom`). */
export const sessionAtom = atom<StoredSession | undefined>(undefined);
export const sessionLoadedAtom = atom(false);

export const store = getDefaultStore();

export async function loadSession(): Promise<void> {
  store.set(sessionAtom, await platform.loadSession());
  store.set(sessionLoadedAtom, true);
}

export async function signIn(session: StoredSession, refreshToken: string): Promise<void> {
  await platform.saveSession(session, refreshToken);
  store.set(sessionAtom, session);
}

/**
 * The Logout body: this device's refresh token, so the user's other devices stay signed
 * in. Undefined on the desktop, whose vault holds the token and ends this device's
 * session itself when the session is cleared (signOut).
 */
export async function logoutBody(): Promise<{ refreshToken?: string } | undefined> {
  if (!platform.deviceRefreshToken) return undefined;
  const refreshToken = await platform.deviceRefreshToken();
  return refreshToken ? { refreshToken } : {};
}

export async function signOut(): Promise<void> {
  await platform.clearSession();
  store.set(sessionAtom, undefined);
}

/**
 * The refresh of SPEC §4 through the platform (which keeps the refresh token). Only a
 * refused refresh ends the session here; an unreachable server leaves it as it is.
 */
export async function refreshAccessToken(): Promise<RefreshOutcome> {
  const outcome = await platform.refreshSession().catch((): RefreshOutcome => ({ kind: 'unreachable' }));
  if (outcome.kind === 'session') store.set(sessionAtom, outcome.session);
  if (outcome.kind === 'expired') store.set(sessionAtom, undefined);
  return outcome;
}

export function hasClaim(session: StoredSession | undefined, claim: Claim): boolean {
  return !!session && session.claims.includes(claim);
}
