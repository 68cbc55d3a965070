import { clientAddressKey } from '../../http/client-address';
import type { FastifyBaseLogger } from 'fastify';
import {
  TWO_FACTOR_TOKEN_TTL_SECONDS,
  type ForgotPasswordInput,
  type Language,
  type LoginAnswer,
  type LoginInput,
  type RefreshTokenInput,
  type RefreshTokenResponse,
  type ResetPasswordInput,
  type TwoFactorChallenge,
} from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import { localize } from '../../i18n/localize';
import { hashPassword, verifyPassword } from '../../security/password';
import { containsEmail, isCommonPassword } from '../../security/password-policy';
import { ENROLMENT_TOKEN_PREFIX, ENROLMENT_TOKEN_TTL_SECONDS, hashToken, newOpaqueToken, type Principal } from '../../security/tokens';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import * as twoFactorRepo from '../two-factor/two-factor.repository';
import { issuerStillCovers } from '../administration/link-rights.repository';
import { accountMessages as m } from './account.messages';
import * as repo from './account.repository';
import { FORGOT_LIMITS, passwordTokenUsable, refreshTokenState } from './account.rules';
import { PASSWORD_TOKEN_TTL_SECONDS, issuePasswordLink, passwordLinkMail } from '../sign-in/password-links';
import * as signInRepo from '../sign-in/sign-in.repository';
import { type Ctx, clearSignInAttempts, completeSignIn, countSignInAttempt, issueSession } from '../sign-in/sign-in.service';
import type { MailMessage } from '../../mail/mailer';
import { type OutboundKind, deliverMail, enqueue } from '../../outbound/outbound-queue';
import { type ClientInfo, unknownClient } from '../../http/client-info';
import * as sessionsRepo from '../sessions/sessions.repository';
import { endAllSessionsIn } from '../sessions/sessions.service';
import { ssoMessages } from '../single-sign-on/single-sign-on.messages';
import { holdsSsoOnlyRole, readSettings } from '../single-sign-on/single-sign-on.repository';

/** The provider's name when single sign-on is on and one of the user's roles signs in with it only. */
export async function ssoOnlyProvider(ctx: Ctx, userId: number): Promise<string | undefined> {
  const settings = await readSettings(ctx.database.db);
  if (!settings?.enabled || !settings.clientSecretEnc) return undefined;
  return (await holdsSsoOnlyRole(ctx.database.db, userId)) ? settings.displayName : undefined;
}

/**
 * The password step. A user with two-factor sign-in (or whose role requires it and who
 * has none yet) gets a short-lived second-step token and never an access token here; the
 * attempt counter is cleared only once the code is given, so codes and passwords share it.
 */
export async function login(ctx: Ctx, input: LoginInput, ip: string, client: ClientInfo = unknownClient(ip)): Promise<LoginAnswer> {
  const email = input.email.toLowerCase();
  await countSignInAttempt(ctx, email, ip);
  const db = ctx.database.db;
  const user = await signInRepo.findUserByEmail(db, email);
  // Always verify (a dummy hash when there is no user) so the answer time says nothing about the e-mail.
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !passwordOk || !user.isActive) {
    await recordSecurityEvent(ctx, { kind: 'sign-in-failed', email, userId: user?.id, ip });
    throw unauthorized(m.wrongCredentials);
  }
  // Told only after the password is right: the refusal says nothing about who has an account.
  const ssoName = await ssoOnlyProvider(ctx, user.id);
  if (ssoName !== undefined) {
    await recordSecurityEvent(ctx, { kind: 'sign-in-failed', email, userId: user.id, ip });
    throw new AppError(403, ssoMessages.ssoOnly, { name: ssoName });
  }
  if (user.totpSecretEnc) {
    // A device remembered at an earlier code step skips this one, while the hotel allows it.
    const remembered =
      !!input.deviceTrustToken &&
      (await sessionsRepo.hotelsAllowRememberDevice(db, user.id)) &&
      (await sessionsRepo.isTrustedDevice(db, user.id, hashToken(input.deviceTrustToken), ctx.clock.now()));
    if (!remembered) return startSecondStep(ctx, user.id, 'code');
  } else if (await twoFactorRepo.roleRequiresTwoFactor(db, user.id)) {
    await clearSignInAttempts(ctx, email, ip);
    return startSecondStep(ctx, user.id, 'enrol');
  }
  return completeSignIn(ctx, user, ip, client);
}

async function startSecondStep(ctx: Ctx, userId: number, purpose: 'code' | 'enrol'): Promise<TwoFactorChallenge> {
  const { token, hash } = newOpaqueToken();
  // An enrolment token names itself, so any other route can refuse it as "set up two-factor first".
  const twoFactorToken = purpose === 'enrol' ? `${ENROLMENT_TOKEN_PREFIX}${token}` : token;
  const ttl = purpose === 'enrol' ? ENROLMENT_TOKEN_TTL_SECONDS : TWO_FACTOR_TOKEN_TTL_SECONDS;
  await twoFactorRepo.insertChallenge(ctx.database.db, {
    userId,
    purpose,
    tokenHash: purpose === 'enrol' ? hashToken(twoFactorToken) : hash,
    expiresAt: new Date(ctx.clock.now().getTime() + ttl * 1000),
  });
  const offerRemember = purpose === 'code' && (await sessionsRepo.hotelsAllowRememberDevice(ctx.database.db, userId));
  return { twoFactor: purpose, twoFactorToken, expiresIn: ttl, ...(offerRemember ? { rememberDevice: true } : {}) };
}

/**
 * Rotates a refresh token. A used one presented again ends its family (theft), unless it
 * is a lost answer: within the grace of its first use, while its successor was never
 * used, it gets a new successor in place of that one (refreshTokenState).
 */
export async function refresh(ctx: Ctx, input: RefreshTokenInput, client: ClientInfo = unknownClient()): Promise<RefreshTokenResponse> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const presented = await repo.findRefreshToken(db, hashToken(input.refreshToken));
  if (!presented) throw unauthorized(m.sessionExpired);
  const { familyId, userId } = presented;
  const outcome = await db.transaction(async (tx) => {
    const family = await repo.lockFamily(tx, familyId);
    const token = family.find((t) => t.id === presented.id);
    const successorUsed = family.some((t) => t.id > presented.id && t.usedAt !== null);
    const state = refreshTokenState(token, now, { graceSeconds: ctx.config.refreshReuseGraceSeconds, successorUsed });
    if (state === 'reused') {
      // A copy of a spent token is in someone's hands: neither copy may go on.
      await repo.revokeFamily(tx, familyId);
      return 'ended' as const;
    }
    if (state !== 'valid' && state !== 'grace') return 'refused' as const;
    const user = await signInRepo.findUserById(tx, userId);
    if (!user?.isActive) {
      await repo.revokeFamily(tx, familyId);
      return 'ended' as const;
    }
    if (state === 'grace') await repo.revokeSuccessors(tx, familyId, presented.id, now);
    else if (!(await repo.claimRefreshToken(tx, presented.id, now))) return 'refused' as const;
    return issueSession(ctx, tx, user, familyId, client);
  });
  if (outcome === 'ended') await ctx.sessions.changed([userId]);
  if (outcome === 'ended' || outcome === 'refused') throw unauthorized(m.sessionExpired);
  return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken, expiresIn: outcome.expiresIn };
}

/**
 * Ends the session of the given refresh token (this device), or every session of the
 * caller when none is given; their access tokens stop working at once in every process.
 */
export async function logout(ctx: Ctx, user: Principal, refreshToken: string | undefined): Promise<void> {
  const db = ctx.database.db;
  if (!refreshToken) {
    await db.transaction((tx) => endAllSessionsIn(tx, user.userId, ctx.clock.now()));
  } else {
    const stored = await repo.findRefreshToken(db, hashToken(refreshToken));
    // Someone else's token is left alone: a caller may only end their own sessions.
    if (!stored || stored.userId !== user.userId) return;
    await repo.revokeFamily(db, stored.familyId);
  }
  await ctx.sessions.changed([user.userId]);
}

export interface RequestInfo {
  ip: string;
  lang: Language;
  log: FastifyBaseLogger;
}

/**
 * Answers the same whether or not the e-mail has an account. The answer waits only for one row
 * on the outbound queue, written alike for every e-mail: the link is made (or, without an
 * account, nothing is) when the queue first takes the row, so neither the answer nor its timing
 * tells which e-mails exist, and a process that dies after the answer leaves the row to another.
 */
export async function forgotPassword(ctx: Ctx & Pick<AppContext, 'box' | 'outbound'>, input: ForgotPasswordInput, info: RequestInfo): Promise<string> {
  const email = input.email.toLowerCase();
  await ctx.rateLimiter.hit(`forgot:ip:${clientAddressKey(info.ip)}`, FORGOT_LIMITS.perIp, FORGOT_LIMITS.windowSeconds);
  await ctx.rateLimiter.hit(`forgot:email-ip:${email}|${clientAddressKey(info.ip)}`, FORGOT_LIMITS.perEmailAndIp, FORGOT_LIMITS.windowSeconds);
  const mails = await ctx.rateLimiter.count(`forgot:email:${email}`, FORGOT_LIMITS.windowSeconds);
  // The same answer either way: whether a mail went out says nothing to the asker.
  if (mails > FORGOT_LIMITS.mailsPerEmail) return localize(m.resetLinkSent, info.lang);
  await enqueue(ctx, ctx.database.db, { kind: PASSWORD_RESET_KIND, input: { email } });
  ctx.outbound.nudge();
  return localize(m.resetLinkSent, info.lang);
}

/** The reset e-mail on the outbound queue: made at its first try, in the user's own language (the one set on their account), not the asking page's. */
export const PASSWORD_RESET_KIND = 'password-reset';
export const passwordResetMail: OutboundKind<MailMessage> = {
  async prepare(ctx, tx, input) {
    const { email } = input as { email: string };
    const user = await signInRepo.findUserByEmail(tx, email);
    if (!user?.isActive) return null;
    const { link } = await issuePasswordLink(ctx, tx, user, 'reset');
    return passwordLinkMail(user, 'reset', link);
  },
  deliver: deliverMail,
  // Within the link's hour: a later retry would bring a link that no longer works.
  giveUpAfterMs: (PASSWORD_TOKEN_TTL_SECONDS.reset * 1000 * 5) / 6,
};

/** Sets a password from an invitation or reset link; every existing session of the user ends. */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput): Promise<void> {
  if (containsEmail(input.newPassword, input.email)) {
    throw badRequest(m.passwordHasEmail, {}, [{ field: 'newPassword', message: m.passwordHasEmail }]);
  }
  if (isCommonPassword(input.newPassword)) {
    throw badRequest(m.commonPassword, {}, [{ field: 'newPassword', message: m.commonPassword }]);
  }
  const db = ctx.database.db;
  const user = await signInRepo.findUserByEmail(db, input.email.toLowerCase());
  const token = await repo.findPasswordToken(db, hashToken(input.token));
  if (!user?.isActive || !passwordTokenUsable(token, user.id, ctx.clock.now())) throw badRequest(m.badResetLink);
  if (token!.issuedBy !== null && !(await issuerStillCovers(db, token!.issuedBy, user.id))) {
    // Ended, and answered as any used link: whoever holds it learns nothing of why or when it might work.
    await repo.claimPasswordToken(db, token!.id);
    throw badRequest(m.badResetLink);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const done = await db.transaction(async (tx) => {
    if (!(await repo.claimPasswordToken(tx, token!.id))) return false;
    // The issuer of a handed-out link may know the password (a reset e-mail's link only the user saw).
    await repo.setPasswordHash(tx, user.id, passwordHash, token!.issuedBy);
    await signInRepo.expireOtherPasswordTokens(tx, user.id);
    // A new password ends every session and every device remembered for two-factor.
    await endAllSessionsIn(tx, user.id, ctx.clock.now());
    return true;
  });
  if (!done) throw new AppError(400, m.badResetLink);
  await ctx.sessions.changed([user.id]);
}
