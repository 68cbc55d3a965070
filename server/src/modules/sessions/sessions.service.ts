import type { SignedInDevice, EndUserSessionsInput } from '@shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import type { Principal } from '../../security/tokens';
import * as signInRepo from '../sign-in/sign-in.repository';
import * as rolesRepo from '../administration/roles.repository';
import { canSeeUser } from '../../access/scope';
import { recordSecurityEvent } from '../security-audit/security-audit.service';
import { sessionMessages as m } from './sessions.messages';
import * as repo from './sessions.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'sessions'>;

async function sessionsOf(ctx: Ctx, userId: number, currentId: string | undefined): Promise<SignedInDevice[]> {
  const rows = await repo.openSessionsOf(ctx.database.db, userId, ctx.clock.now());
  return rows.map((r) => ({
    id: r.familyId,
    kind: r.clientKind,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.familyId === currentId,
  }));
}

/** The caller's own signed-in devices, the one this call came from marked. */
export function listMySessions(ctx: Ctx, caller: Principal): Promise<SignedInDevice[]> {
  return sessionsOf(ctx, caller.userId, caller.sessionId);
}

/**
 * Ends one device session: its refresh token no longer renews, and its access tokens and
 * open event streams end at once in every process (the session guard reads the family).
 */
async function endOne(ctx: Ctx, user: { id: number; email: string }, sessionId: string, actorId: number | null, ip: string): Promise<void> {
  const ended = await ctx.database.db.transaction(async (tx) => {
    if (!(await repo.revokeFamilyOf(tx, user.id, sessionId))) return false;
    await recordSecurityEvent(ctx, { kind: 'session-ended', email: user.email, userId: user.id, actorId, ip }, tx);
    return true;
  });
  if (!ended) throw notFound(m.sessionNotFound);
  await ctx.sessions.changed([user.id]);
}

export async function endMySession(ctx: Ctx, caller: Principal, sessionId: string, ip: string): Promise<void> {
  await endOne(ctx, { id: caller.userId, email: caller.email }, sessionId, null, ip);
}

/**
 * Every session of the user ends, with every device remembered for two-factor: the
 * next sign-in anywhere asks for the password (and the code) again. Inside the caller's
 * transaction; the caller tells the session guard once it has committed.
 */
export async function endAllSessionsIn(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await signInRepo.revokeAllOfUser(db, userId);
  await signInRepo.bumpSessionVersion(db, [userId]);
  await repo.revokeTrustedDevicesOf(db, userId, now);
}

/** A user whose sessions the caller may see and end: in their hotels and departments; an Admin's only by an Admin. */
async function managedUser(ctx: Ctx, caller: Principal, userId: number) {
  const db = ctx.database.db;
  const user = await signInRepo.findUserById(db, userId);
  if (!user) throw notFound(m.userNotFound);
  const me = await rolesRepo.accessOf(db, caller.userId);
  const them = await rolesRepo.accessOf(db, user.id);
  if (!canSeeUser(me, them)) throw notFound(m.userNotFound);
  if (them.isAdmin && !me.isAdmin) throw new AppError(403, m.adminsOnly);
  return user;
}

export async function listUserSessions(ctx: Ctx, caller: Principal, userId: number): Promise<SignedInDevice[]> {
  const user = await managedUser(ctx, caller, userId);
  return sessionsOf(ctx, user.id, caller.sessionId);
}

/** An Admin ends one session of a user, or all of them when none is named. */
export async function endUserSessions(ctx: Ctx, caller: Principal, input: EndUserSessionsInput, ip: string): Promise<'one' | 'all'> {
  const user = await managedUser(ctx, caller, input.userId);
  if (input.sessionId) {
    await endOne(ctx, user, input.sessionId, caller.userId, ip);
    return 'one';
  }
  await ctx.database.db.transaction(async (tx) => {
    await endAllSessionsIn(tx, user.id, ctx.clock.now());
    await recordSecurityEvent(ctx, { kind: 'all-sessions-ended', email: user.email, userId: user.id, actorId: caller.userId, ip }, tx);
  });
  await ctx.sessions.changed([user.id]);
  return 'all';
}
