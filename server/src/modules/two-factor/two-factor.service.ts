import type { LoginResponse, LoginTwoFactorInput, TwoFactorConfirmed, TwoFactorSetup, TwoFactorStatus } from '@shared';
import { RECOVERY_CODE_COUNT, REMEMBER_DEVICE_DAYS } from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { ENROLMENT_TOKEN_PREFIX, hashToken, newOpaqueToken, type Principal } from '../../security/tokens';
import { type ClientInfo, unknownClient } from '../../http/client-info';
import * as sessionsRepo from '../sessions/sessions.repository';
import { endAllSessionsIn } from '../sessions/sessions.service';
import { matchTotpStep, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, totpUri } from '../../security/totp';
import * as signInRepo from '../sign-in/sign-in.repository';
import * as rolesRepo from '../administration/roles.repository';
import { completeSignIn, countSignInAttempt, type Ctx as SignInCtx } from '../sign-in/sign-in.service';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import { twoFactorMessages as m } from './two-factor.messages';
import * as repo from './two-factor.repository';
import { hotelsAllowRememberDevice } from '../sessions/sessions.repository';

type Ctx = SignInCtx & Pick<AppContext, 'box'>;

/** What the authenticator app shows as the account's issuer. */
const ISSUER = 'Hotel Services';

/** Who asks to enrol: a signed-in user, or a sign-in held at enrolment by its role. */
export type Enroller = { kind: 'session'; user: Principal } | { kind: 'sign-in'; token: string };

/** The caller of Setup/Confirm from the request's bearer: a session, else an enrolment-only token. */
export function enrollerOf(user: Principal | undefined, bearer: string | undefined): Enroller {
  if (user) return { kind: 'session', user };
  if (bearer?.startsWith(ENROLMENT_TOKEN_PREFIX)) return { kind: 'sign-in', token: bearer };
  throw unauthorized();
}

async function enrollingUser(ctx: Ctx, who: Enroller): Promise<{ user: signInRepo.UserRow; challengeId?: number }> {
  const db = ctx.database.db;
  if (who.kind === 'session') {
    const user = await signInRepo.findUserById(db, who.user.userId);
    if (!user) throw unauthorized();
    return { user };
  }
  const challenge = await repo.findChallenge(db, hashToken(who.token));
  const now = ctx.clock.now();
  if (!challenge || challenge.purpose !== 'enrol' || challenge.usedAt || challenge.expiresAt <= now) throw unauthorized(m.signInExpired);
  const user = await signInRepo.findUserById(db, challenge.userId);
  if (!user?.isActive) throw unauthorized(m.signInExpired);
  return { user, challengeId: challenge.id };
}

export async function status(ctx: Ctx, caller: Principal): Promise<TwoFactorStatus> {
  const db = ctx.database.db;
  const user = await signInRepo.findUserById(db, caller.userId);
  if (!user) throw notFound();
  return { enabled: user.totpSecretEnc !== null, recoveryCodesLeft: user.totpSecretEnc ? await repo.recoveryCodesLeft(db, user.id) : 0 };
}

/** A fresh secret, kept sealed as pending until a code of it is confirmed; a second call replaces it. */
export async function setup(ctx: Ctx, who: Enroller): Promise<TwoFactorSetup> {
  const { user } = await enrollingUser(ctx, who);
  if (user.totpSecretEnc) throw conflict(m.alreadyEnabled);
  const secret = newTotpSecret();
  await repo.setPendingSecret(ctx.database.db, user.id, ctx.box.seal(secret));
  return { secret, otpauthUri: totpUri(secret, user.email, ISSUER) };
}

/**
 * Confirms the pending secret with a code of it: two-factor is on, and the ten recovery
 * codes are answered once (only their hashes are kept). When this was a sign-in's
 * enrolment step, its token is used up and the answer carries the session.
 */
export async function confirm(ctx: Ctx, who: Enroller, code: string, ip: string): Promise<TwoFactorConfirmed> {
  const { user, challengeId } = await enrollingUser(ctx, who);
  if (user.totpSecretEnc) throw conflict(m.alreadyEnabled);
  const pending = user.totpPendingEnc;
  const secret = pending ? ctx.box.open(pending) : undefined;
  if (!pending || !secret) throw badRequest(m.noSetup);
  const step = matchTotpStep(secret, code, ctx.clock.now());
  if (step === undefined) throw badRequest(m.wrongCode);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = ctx.clock.now();
  const done = await ctx.database.db.transaction(async (tx) => {
    if (challengeId !== undefined && !(await repo.claimChallenge(tx, challengeId, now))) return false;
    if (!(await repo.confirmSecret(tx, user.id, pending, step))) return false;
    await repo.replaceRecoveryCodes(tx, user.id, recoveryCodes.map((c) => hashToken(normalizeRecoveryCode(c))));
    await recordSecurityEvent(ctx, { kind: 'two-factor-enrolled', email: user.email, userId: user.id, ip }, tx);
    return true;
  });
  if (!done) throw (challengeId !== undefined ? unauthorized(m.signInExpired) : badRequest(m.noSetup));
  if (challengeId === undefined) return { recoveryCodes };
  return { recoveryCodes, session: await completeSignIn(ctx, user, ip) };
}

/**
 * The code step of a sign-in. A wrong code counts toward the same limit as a wrong
 * password; a code's time step is taken once, so a code seen over a shoulder (or one
 * older than the last used) does not sign in again.
 */
export async function loginWithCode(ctx: Ctx, input: LoginTwoFactorInput, ip: string, client: ClientInfo = unknownClient(ip)): Promise<LoginResponse> {
  const db = ctx.database.db;
  const challenge = await repo.findChallenge(db, hashToken(input.twoFactorToken));
  const usable = (now: Date) => !!challenge && challenge.purpose === 'code' && !challenge.usedAt && challenge.expiresAt > now;
  if (!usable(ctx.clock.now())) throw unauthorized(m.signInExpired);
  const user = await signInRepo.findUserById(db, challenge!.userId);
  const secret = user?.totpSecretEnc ? ctx.box.open(user.totpSecretEnc) : undefined;
  if (!user?.isActive || !secret) throw unauthorized(m.signInExpired);
  await countSignInAttempt(ctx, user.email, ip);
  const now = ctx.clock.now();
  const code = input.code.trim();
  const outcome = /^\d{6}$/.test(code) ? await useTotp(ctx, user.id, challenge!.id, secret, code, now) : await useRecovery(ctx, user.id, challenge!.id, code, now);
  if (outcome === 'expired') throw unauthorized(m.signInExpired);
  if (outcome === 'wrong' || outcome === 'replayed') {
    await recordSecurityEvent(ctx, { kind: 'two-factor-failed', email: user.email, userId: user.id, ip });
    throw unauthorized(outcome === 'replayed' ? m.codeUsed : m.wrongCode);
  }
  if (outcome === 'recovery') await recordSecurityEvent(ctx, { kind: 'recovery-code-used', email: user.email, userId: user.id, ip });
  const session = await completeSignIn(ctx, user, ip, client);
  if (!input.rememberDevice || !(await hotelsAllowRememberDevice(ctx.database.db, user.id))) return session;
  return { ...session, deviceTrustToken: await rememberDevice(ctx, user.id) };
}

/**
 * "Remember this device": a random token, only its hash kept, that lets this user's
 * password alone sign in from the device for REMEMBER_DEVICE_DAYS by the server's clock.
 */
async function rememberDevice(ctx: Ctx, userId: number): Promise<string> {
  const { token, hash } = newOpaqueToken();
  const now = ctx.clock.now();
  await sessionsRepo.insertTrustedDevice(ctx.database.db, {
    userId,
    tokenHash: hash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REMEMBER_DEVICE_DAYS * 24 * 60 * 60 * 1000),
  });
  return token;
}

type Outcome = 'totp' | 'recovery' | 'wrong' | 'replayed' | 'expired';

async function useTotp(ctx: Ctx, userId: number, challengeId: number, secret: string, code: string, now: Date): Promise<Outcome> {
  const step = matchTotpStep(secret, code, now);
  if (step === undefined) return 'wrong';
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.claimStep(tx, userId, step))) return 'replayed';
    if (!(await repo.claimChallenge(tx, challengeId, now))) throw new AppError(401, m.signInExpired);
    return 'totp' as const;
  }).catch((error: unknown) => {
    if (error instanceof AppError) return 'expired' as const;
    throw error;
  });
}

async function useRecovery(ctx: Ctx, userId: number, challengeId: number, code: string, now: Date): Promise<Outcome> {
  const codeHash = hashToken(normalizeRecoveryCode(code));
  return ctx.database.db.transaction(async (tx) => {
    if (!(await repo.useRecoveryCode(tx, userId, codeHash, now))) return 'wrong';
    if (!(await repo.claimChallenge(tx, challengeId, now))) throw new AppError(401, m.signInExpired);
    return 'recovery' as const;
  }).catch((error: unknown) => {
    if (error instanceof AppError) return 'expired' as const;
    throw error;
  });
}

/**
 * An Admin turns a user's two-factor sign-in off (lost phone); recorded in the security
 * audit. Every session of the user ends with it, and every remembered device: whoever
 * holds the lost phone's sessions is signed out.
 */
export async function resetUserTwoFactor(ctx: Ctx, caller: Principal, userId: number, ip: string): Promise<void> {
  const db = ctx.database.db;
  if (!(await rolesRepo.callerIsAdmin(db, caller))) throw new AppError(403, m.resetAdminsOnly);
  const user = await signInRepo.findUserById(db, userId);
  if (!user) throw notFound();
  await db.transaction(async (tx) => {
    await repo.clearTwoFactor(tx, user.id);
    await repo.endChallengesOf(tx, user.id, ctx.clock.now());
    await endAllSessionsIn(tx, user.id, ctx.clock.now());
    await recordSecurityEvent(ctx, { kind: 'two-factor-reset', email: user.email, userId: user.id, actorId: caller.userId, ip }, tx);
  });
  await ctx.sessions.changed([user.id]);
}

/**
 * Turning the requirement on ends the open sessions of the role's holders who have no
 * second factor: their next sign-in takes them to enrolment instead of leaving them
 * signed in as before.
 */
export async function setRoleTwoFactor(ctx: Ctx, caller: Principal, roleId: number, required: boolean, ip: string): Promise<void> {
  const ended = await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.setRoleRequiresTwoFactor(tx, roleId, required))) throw notFound();
    if (!required) return [];
    const holders = await repo.holdersWithoutTwoFactor(tx, roleId);
    for (const holder of holders) {
      await endAllSessionsIn(tx, holder.id, ctx.clock.now());
      await recordSecurityEvent(ctx, { kind: 'all-sessions-ended', email: holder.email, userId: holder.id, actorId: caller.userId, ip }, tx);
    }
    return holders.map((h) => h.id);
  });
  await ctx.sessions.changed(ended);
}
