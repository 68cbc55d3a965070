import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, hotels, passwordTokens, roles, userDepartments, userHotels, userRoles, users } from '../../db/schema';
import type { LatestLink } from './administration.rules';

export type UserRow = typeof users.$inferSelect;

export interface UserWithLinks extends UserRow {
  hotelIds: number[];
  departmentIds: number[];
  roles: string[];
  /** The newest set-password link of the user, for the invitation state. */
  latestLink?: LatestLink;
}

/** Newest first, each with its hotels, departments and role names. */
export async function listUsers(db: DbOrTx): Promise<UserWithLinks[]> {
  const [rows, hotelLinks, departmentLinks, roleLinks, links] = await Promise.all([
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)),
    db.select().from(userHotels),
    db.select().from(userDepartments),
    db.select({ userId: userRoles.userId, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).orderBy(roles.name),
    db
      .selectDistinctOn([passwordTokens.userId], {
        userId: passwordTokens.userId,
        delivery: passwordTokens.delivery,
        failure: passwordTokens.failure,
        expiresAt: passwordTokens.expiresAt,
        usedAt: passwordTokens.usedAt,
      })
      .from(passwordTokens)
      .orderBy(passwordTokens.userId, desc(passwordTokens.createdAt), desc(passwordTokens.id)),
  ]);
  const latest = new Map(links.map(({ userId, ...link }) => [userId, link]));
  const group = <T extends { userId: number }, V>(links: T[], pick: (l: T) => V) => {
    const map = new Map<number, V[]>();
    for (const l of links) map.set(l.userId, [...(map.get(l.userId) ?? []), pick(l)]);
    return map;
  };
  const h = group(hotelLinks, (l) => l.hotelId);
  const d = group(departmentLinks, (l) => l.departmentId);
  const r = group(roleLinks, (l) => l.name);
  return rows.map((u) => ({
    ...u,
    hotelIds: (h.get(u.id) ?? []).sort((a, b) => a - b),
    departmentIds: (d.get(u.id) ?? []).sort((a, b) => a - b),
    roles: r.get(u.id) ?? [],
    latestLink: latest.get(u.id),
  }));
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function existingHotelIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: hotels.id }).from(hotels).where(inArray(hotels.id, ids));
  return rows.map((r) => r.id);
}

export async function existingDepartmentIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  return rows.map((r) => r.id);
}

export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

export async function userCodeTaken(db: DbOrTx, userCode: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(sql`lower(${users.userCode}) = lower(${userCode})`);
  return rows.length > 0;
}

export async function insertUser(
  db: DbOrTx,
  values: Pick<UserRow, 'userCode' | 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'language'>,
  hotelIds: number[],
  departmentIds: number[],
): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(userHotels).values(hotelIds.map((hotelId) => ({ userId: user.id, hotelId })));
  await db.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: user.id, departmentId })));
  return user;
}

export async function roleIdsOfUser(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id);
}

export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: number[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** Active users other than `userId` that hold a system (Admin) role. */
export async function countOtherActiveAdmins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.isSystem, true), eq(users.isActive, true), ne(users.id, userId)));
  return Number(row?.count ?? 0);
}

/** Serializes changes of admin holders, so two admins cannot remove each other at the same moment. */
export async function lockAdminHolders(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
}

export async function setActive(db: DbOrTx, userId: number, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setLanguage(db: DbOrTx, userId: number, language: UserRow['language']): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
}
