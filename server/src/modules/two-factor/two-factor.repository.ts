import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, roles, signInChallenges, userRoles, users } from '../../db/schema';

export type ChallengeRow = typeof signInChallenges.$inferSelect;

export async function insertChallenge(db: DbOrTx, values: typeof signInChallenges.$inferInsert): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

export async function findChallenge(db: DbOrTx, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
  return row;
}

/** Single use even under concurrent submits: only the first finds it unused and unexpired. */
export async function claimChallenge(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}

export async function endChallengesOf(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.usedAt)));
}

/** Whether any role the user holds requires a second factor. */
export async function roleRequiresTwoFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.requireTwoFactor, true)))
    .limit(1);
  return rows.length > 0;
}

export async function setPendingSecret(db: DbOrTx, userId: number, sealed: string): Promise<void> {
  await db.update(users).set({ totpPendingEnc: sealed }).where(eq(users.id, userId));
}

/**
 * Takes a time step as used, only if it is later than the last one taken: of two uses of
 * one code (or a code older than one already used) exactly the first succeeds.
 */
export async function claimStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The pending secret becomes the user's; only while it is still the one the code was checked against. */
export async function confirmSecret(db: DbOrTx, userId: number, pendingSealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecretEnc: pendingSealed, totpPendingEnc: null, totpLastStep: step, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.totpPendingEnc, pendingSealed), isNull(users.totpSecretEnc)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function clearTwoFactor(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecretEnc: null, totpPendingEnc: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses one unused recovery code of the user; false when none matches (or a concurrent use took it). */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row.n;
}

/** The role's holders who have no confirmed second factor, with the e-mail the audit records. */
export async function holdersWithoutTwoFactor(db: DbOrTx, roleId: number): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roleId), isNull(users.totpSecretEnc)));
}

export async function setRoleRequiresTwoFactor(db: DbOrTx, roleId: number, required: boolean): Promise<boolean> {
  const rows = await db.update(roles).set({ requireTwoFactor: required, updatedAt: sql`now()` }).where(eq(roles.id, roleId)).returning({ id: roles.id });
  return rows.length === 1;
}
