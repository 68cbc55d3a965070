// What every way of signing in shares (password, second step, passkey, single sign-on): the attempt
// budget and the session a completed sign-in issues. Below account, two-factor, single-sign-on and
// passkeys, which call it, so none of them imports another to finish a sign-in (no module cycle).
import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@shared';
import type { AppContext } from '../../context';
import { clientAddressKey } from '../../http/client-address';
import { type ClientInfo, unknownClient } from '../../http/client-info';
import { AppError } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { newOpaqueToken } from '../../security/tokens';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import * as repo from './sign-in.repository';
import { LOGIN_LIMITS, LOGIN_QUEUE_GAPS, REFRESH_TOKEN_TTL_SECONDS, loginDelayMs, principalOf, sessionFields } from './sign-in.rules';

export type Ctx = Pick<AppContext, 'database' | 'clock' | 'tokens' | 'sessions' | 'rateLimiter' | 'mailer' | 'config' | 'background'>;

/** Signs an access token from the user's current roles and stores a new refresh token of the family. */
export async function issueSession(ctx: Ctx, db: repo.DbLike, user: repo.UserRow, familyId: string, client: ClientInfo = unknownClient()) {
  const access = await repo.loadAccess(db, user);
  // The token names its device session and the user's session version, so either can end it at once.
  const principal = { ...principalOf(access), sessionId: familyId, sessionVersion: user.sessionVersion };
  const { token, hash } = newOpaqueToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hash,
    expiresAt: new Date(ctx.clock.now().getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    createdAt: ctx.clock.now(),
    clientKind: client.kind,
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return {
    access,
    principal,
    accessToken: await ctx.tokens.sign(principal),
    refreshToken: token,
    expiresIn: ctx.tokens.accessTtlSeconds,
  };
}

/**
 * Counts one sign-in attempt of `email` from `ip` (a password or a second-step code: they
 * share one budget) and waits its turn; throws 429 past the limits.
 */
export async function countSignInAttempt(ctx: Ctx, email: string, ip: string): Promise<void> {
  await ctx.rateLimiter.hit(`login:ip:${clientAddressKey(ip)}`, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds);
  await ctx.rateLimiter.hit(`login:email-ip:${email}|${clientAddressKey(ip)}`, LOGIN_LIMITS.perEmailAndIp, LOGIN_LIMITS.windowSeconds);
  // Counted and queued in the database before the password is looked at: a burst of
  // parallel guesses takes turns, in every process alike.
  const attempts = await ctx.rateLimiter.count(`login:email:${email}`, LOGIN_LIMITS.windowSeconds);
  const maxGap = ctx.config.loginSlowdownMs;
  const wait = await ctx.rateLimiter.takeTurn(`login:turn:${email}`, loginDelayMs(attempts, maxGap), maxGap * LOGIN_QUEUE_GAPS);
  if (wait === undefined) throw new AppError(429, common.rateLimited);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** A completed sign-in: the e-mail's guesses are forgiven. */
export async function clearSignInAttempts(ctx: Ctx, email: string, ip: string): Promise<void> {
  await ctx.rateLimiter.reset(`login:email-ip:${email}|${clientAddressKey(ip)}`);
  await ctx.rateLimiter.reset(`login:email:${email}`);
  await ctx.rateLimiter.reset(`login:turn:${email}`);
  // A sign-in that succeeds is no guess: a shift change behind one NAT must not use up the address's budget.
  await ctx.rateLimiter.refund(`login:ip:${clientAddressKey(ip)}`);
}

/** The session a completed sign-in answers with (SPEC's Login response), recorded in the security audit. */
export async function completeSignIn(
  ctx: Ctx,
  user: repo.UserRow,
  ip: string,
  client: ClientInfo = unknownClient(ip),
  kind: 'sign-in' | 'passkey-sign-in' | 'sso-sign-in' = 'sign-in',
): Promise<LoginResponse> {
  await clearSignInAttempts(ctx, user.email, ip);
  const session = await issueSession(ctx, ctx.database.db, user, randomUUID(), client);
  await recordSecurityEvent(ctx, { kind, email: user.email, userId: user.id, ip });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    expiresIn: session.expiresIn,
    ...sessionFields(session.principal, session.access),
  };
}
