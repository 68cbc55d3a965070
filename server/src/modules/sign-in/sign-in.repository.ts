import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, refreshTokens, roleClaims, roles, userDepartments, userHotels, userRoles, users } from '../../db/schema';
import type { UserAccess } from './sign-in.rules';

export type DbLike = DbOrTx;
export type UserRow = typeof users.$inferSelect;

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

/** Makes every access token the users hold so far stop working (see session-guard.ts). */
export async function bumpSessionVersion(db: DbOrTx, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(inArray(users.id, userIds));
}
