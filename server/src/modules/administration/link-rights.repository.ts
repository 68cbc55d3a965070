import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';
import { revokeAllOfUser } from '../sign-in/sign-in.repository';
import { aboveCallerRights } from './administration.rules';
import { accessOf } from './roles.repository';

/**
 * Whether the administrator who issued a set-password link still holds everything its
 * user holds now: a link taken for a user with no roles must not become an Admin's
 * password once that user is given more. A switched-off issuer holds nothing.
 */
export async function issuerStillCovers(db: DbOrTx, issuerId: number, userId: number): Promise<boolean> {
  const [issuer] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, issuerId));
  if (!issuer?.isActive) return false;
  // One after another: inside a transaction they share one connection.
  const theirs = await accessOf(db, issuerId);
  return !aboveCallerRights(theirs, await accessOf(db, userId));
}

/**
 * After a change of what the users hold (roles, the claims of a role, hotels,
 * departments): ends every pending link of theirs that was not issued by someone who
 * still covers them, and every link they asked for themselves. A link an Admin sent
 * (the usual invite, then give roles) keeps working; one a lesser issuer took before
 * the user was given more does not.
 */
export async function endLinksBeyondIssuer(db: DbOrTx, userIds: readonly number[], now: Date): Promise<void> {
  if (!userIds.length) return;
  const pending = await db
    .select({ id: passwordTokens.id, userId: passwordTokens.userId, issuedBy: passwordTokens.issuedBy })
    .from(passwordTokens)
    .where(and(inArray(passwordTokens.userId, [...userIds]), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)));
  const ended: number[] = [];
  for (const link of pending) {
    if (link.issuedBy === null || !(await issuerStillCovers(db, link.issuedBy, link.userId))) ended.push(link.id);
  }
  if (ended.length) await db.update(passwordTokens).set({ usedAt: now }).where(inArray(passwordTokens.id, ended));
}

/**
 * After a change of what the users hold: a password set through a link someone else
 * issued is known to that issuer, so once its user holds more than the issuer (the user
 * was given more, or the issuer was given less) it stops working. The user chooses a new
 * one through a fresh link or "Forgot password"; every session of theirs ends, refresh
 * tokens included, so nobody who signed in with the old password keeps the new rights.
 * Call it in the transaction that made the change.
 */
export async function endPasswordsBeyondIssuer(db: DbOrTx, userIds: readonly number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const known = await db
    .select({ id: users.id, issuedBy: users.passwordIssuedBy })
    .from(users)
    .where(
      and(
        isNotNull(users.passwordIssuedBy),
        or(inArray(users.id, [...userIds]), inArray(users.passwordIssuedBy, [...userIds])),
      ),
    );
  const ended: number[] = [];
  for (const user of known) {
    if (!(await issuerStillCovers(db, user.issuedBy!, user.id))) ended.push(user.id);
  }
  if (!ended.length) return [];
  await db
    .update(users)
    .set({ passwordHash: null, passwordIssuedBy: null, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(inArray(users.id, ended));
  for (const id of ended) await revokeAllOfUser(db, id);
  return ended;
}
