import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';
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
export async function endLinksBeyondIssuer(db: DbOrTx, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  const pending = await db
    .select({ id: passwordTokens.id, userId: passwordTokens.userId, issuedBy: passwordTokens.issuedBy })
    .from(passwordTokens)
    .where(and(inArray(passwordTokens.userId, [...userIds]), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`)));
  const ended: number[] = [];
  for (const link of pending) {
    if (link.issuedBy === null || !(await issuerStillCovers(db, link.issuedBy, link.userId))) ended.push(link.id);
  }
  if (ended.length) await db.update(passwordTokens).set({ usedAt: sql`now()` }).where(inArray(passwordTokens.id, ended));
}
