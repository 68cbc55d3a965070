import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, refreshTokens, roleClaims, roles, userDepartments, userHotels, userRoles, users } from '../../db/schema';
import type { UserAccess } from './account.rules';

export type DbLike = DbOrTx;
export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Everything a session is built from, read fresh at login and at every refresh. */
export async function loadAccess(db: DbOrTx, user: UserRow): Promise<UserAccess> {
  // One query after another: inside a transaction they share one connection.
  const roleRows = await db
    .select({ id: roles.id, name: roles.name, isSystem: roles.isSystem })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(roles.name);
  const hotelRows = await db.select({ id: userHotels.hotelId }).from(userHotels).where(eq(userHotels.userId, user.id));
  const departmentRows = await db
    .select({ id: userDepartments.departmentId })
    .from(userDepartments)
    .where(eq(userDepartments.userId, user.id));
  const claimRows = roleRows.length
    ? await db
        .selectDistinct({ claim: roleClaims.claim })
        .from(roleClaims)
        .where(inArray(roleClaims.roleId, roleRows.map((r) => r.id)))
    : [];
  return {
    user,
    roles: roleRows,
    claims: claimRows.map((c) => c.claim),
    hotelIds: hotelRows.map((h) => h.id),
    departmentIds: departmentRows.map((d) => d.id),
  };
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

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

export async function revokeAllOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Stores a single-use password token (its hash only); answers its id. */
export async function insertPasswordToken(db: DbOrTx, values: typeof passwordTokens.$inferInsert): Promise<number> {
  const [row] = await db.insert(passwordTokens).values(values).returning({ id: passwordTokens.id });
  return row.id;
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

/** Once a password is chosen, every other outstanding link of the user stops working. */
export async function expireOtherPasswordTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** An invitation whose e-mail could not be sent, and why (a kind of mailFailures). */
export async function markPasswordTokenFailed(db: DbOrTx, id: number, failure: string): Promise<void> {
  await db.update(passwordTokens).set({ delivery: 'failed', failure }).where(eq(passwordTokens.id, id));
}

/** `issuedBy`: who issued the link the password was set with, null when only the user saw it. */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, issuedBy: number | null): Promise<void> {
  await db.update(users).set({ passwordHash, passwordIssuedBy: issuedBy, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Makes every access token the users hold so far stop working (see session-guard.ts). */
export async function bumpSessionVersion(db: DbOrTx, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(inArray(users.id, userIds));
}

export async function holdersOfRole(db: DbOrTx, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.id);
}
