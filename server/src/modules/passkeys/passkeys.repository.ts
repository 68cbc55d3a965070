import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

export async function listOf(db: DbOrTx, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/** False when the credential is already stored (for this user or another). */
export async function insert(db: DbOrTx, values: typeof passkeys.$inferInsert): Promise<boolean> {
  const rows = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Only the user's own passkey; answers the removed row. */
export async function remove(db: DbOrTx, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}

export async function markUsed(db: DbOrTx, id: number, counter: number, backedUp: boolean, now: Date): Promise<void> {
  await db
    .update(passkeys)
    .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, backedUp, lastUsedAt: now })
    .where(eq(passkeys.id, id));
}

export async function insertChallenge(db: DbOrTx, values: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/** Challenges nobody answered in time go; a used one is kept until then, so a replay still finds it used. */
export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}

/**
 * Takes a challenge as used, only when it is of this ceremony, this user (none for a
 * sign-in), this origin, unused and unexpired: of two answers to one challenge only the
 * first gets it, even at the same moment.
 */
export async function claimChallenge(
  db: DbOrTx,
  where: { purpose: ChallengePurpose; challengeHash: string; userId: number | null; origin: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.challengeHash, where.challengeHash),
        eq(passkeyChallenges.purpose, where.purpose),
        where.userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, where.userId),
        eq(passkeyChallenges.origin, where.origin),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return rows.length === 1;
}
