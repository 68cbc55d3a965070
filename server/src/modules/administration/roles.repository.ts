import { asc, eq, inArray, ne, and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roleClaims, roles, userDepartments, userHotels, userRoles } from '../../db/schema';
import type { Access } from './administration.rules';

export type RoleRow = typeof roles.$inferSelect;

export async function listRoles(db: DbOrTx): Promise<RoleRow[]> {
  return db.select().from(roles).orderBy(asc(roles.id));
}

export async function findRole(db: DbOrTx, id: number): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRolesByIds(db: DbOrTx, ids: number[]): Promise<RoleRow[]> {
  return ids.length ? db.select().from(roles).where(inArray(roles.id, ids)) : [];
}

/** Role names are compared without regard to case: "admin" beside "Admin" would only confuse. */
export async function roleNameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const same = sql`lower(${roles.name}) = lower(${name})`;
  const rows = await db.select({ id: roles.id }).from(roles).where(exceptId ? and(same, ne(roles.id, exceptId)) : same);
  return rows.length > 0;
}

export async function insertRole(db: DbOrTx, values: { name: string; description: string }): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  return row;
}

export async function claimsOfRole(db: DbOrTx, roleId: number): Promise<string[]> {
  const rows = await db.select({ claim: roleClaims.claim }).from(roleClaims).where(eq(roleClaims.roleId, roleId));
  return rows.map((r) => r.claim);
}

export async function holdersOfRole(db: DbOrTx, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.id);
}

export async function saveRole(db: DbOrTx, roleId: number, name: string, claims: string[]): Promise<void> {
  await db.update(roles).set({ name, updatedAt: sql`now()` }).where(eq(roles.id, roleId));
  await db.delete(roleClaims).where(eq(roleClaims.roleId, roleId));
  if (claims.length) await db.insert(roleClaims).values(claims.map((claim) => ({ roleId, claim })));
}

/** The distinct claims of the given roles. */
export async function claimsOfRoles(db: DbOrTx, roleIds: number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db.selectDistinct({ claim: roleClaims.claim }).from(roleClaims).where(inArray(roleClaims.roleId, roleIds));
  return rows.map((r) => r.claim);
}

/** What a user holds right now (rights and reach), read from the database rather than their (older) token. */
export async function accessOf(db: DbOrTx, userId: number): Promise<Access & { roleIds: number[]; claims: Set<string> }> {
  // One query after another: inside a transaction they share one connection.
  const held = await db.select({ id: roles.id, isSystem: roles.isSystem }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId));
  const roleIds = held.map((r) => r.id);
  const claims = new Set(await claimsOfRoles(db, roleIds));
  const hotelIds = (await db.select({ id: userHotels.hotelId }).from(userHotels).where(eq(userHotels.userId, userId))).map((r) => r.id);
  const departmentIds = (await db.select({ id: userDepartments.departmentId }).from(userDepartments).where(eq(userDepartments.userId, userId))).map((r) => r.id);
  return { roleIds, isAdmin: held.some((r) => r.isSystem), claims, hotelIds, departmentIds };
}

/**
 * Whether the caller is an Admin: asked of the person as they are now (their roles in the
 * database), never of a token's copy, and never of an API key, which is no person.
 */
export async function callerIsAdmin(db: DbOrTx, caller: { userId: number; apiKey?: unknown }): Promise<boolean> {
  if (caller.apiKey || caller.userId <= 0) return false;
  return (await accessOf(db, caller.userId)).isAdmin;
}
