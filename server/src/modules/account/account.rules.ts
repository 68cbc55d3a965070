/**
 * ForgotPassword: per e-mail and address it stops one machine flooding one mailbox;
 * per address, many mailboxes. Per e-mail alone nothing is refused (a stranger could
 * block the owner's reset); past `mailsPerEmail` links in the window no further e-mail
 * goes out, and the owner uses one of the links already sent (each works for an hour).
 */
export const FORGOT_LIMITS = { perEmailAndIp: 5, perIp: 20, mailsPerEmail: 10, windowSeconds: 15 * 60 } as const;

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
