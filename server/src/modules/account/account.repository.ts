import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, refreshTokens, users } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * The family's tokens, oldest first, with the family locked: uses of one session's tokens
 * take turns, so a reuse sees what an earlier one did. Read again after the lock, so a
 * successor the other use inserted is seen too.
 */
export async function lockFamily(tx: DbOrTx, familyId: string): Promise<RefreshTokenRow[]> {
  await tx.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.familyId, familyId)).orderBy(refreshTokens.id).for('update');
  return tx.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId)).orderBy(refreshTokens.id);
}

/** Marks a token used (at the server's clock) only if nobody did first: of two concurrent uses exactly one wins. */
export async function claimRefreshToken(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** A lost answer's successors, never used, are revoked: the token presented again gets a new one in their place. */
export async function revokeSuccessors(db: DbOrTx, familyId: string, afterId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.id, afterId), isNull(refreshTokens.revokedAt)));
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function findPasswordToken(db: DbOrTx, tokenHash: string): Promise<PasswordTokenRow | undefined> {
  const [row] = await db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash));
  return row;
}

/** Single use even under concurrent submits: only the first update finds it unused. */
export async function claimPasswordToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt)))
    .returning({ id: passwordTokens.id });
  return rows.length === 1;
}

/** `issuedBy`: who issued the link the password was set with, null when only the user saw it. */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, issuedBy: number | null): Promise<void> {
  await db.update(users).set({ passwordHash, passwordIssuedBy: issuedBy, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
