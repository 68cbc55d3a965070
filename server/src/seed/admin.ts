import { randomBytes } from 'node:crypto';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { ALL_CLAIMS } from '@shared';
import type { Db } from '../db/client';
import { refreshTokens, roleClaims, roles, userRoles, users } from '../db/schema';
import { hashPassword } from '../security/password';

export const ADMIN_ROLE = 'Admin';

/**
 * On every start: the Admin role exists and holds every claim (new claims of an
 * upgrade included). On the first start of an empty database: the admin user.
 * Returns the generated password when one had to be made, to be printed once, and
 * whether the first admin has never signed in (its printed password may have been lost).
 */
export async function ensureAdmin(db: Db, email: string, password?: string): Promise<{ generatedPassword?: string; adminNeverSignedIn?: boolean }> {
  return db.transaction(async (tx) => {
    // Serialize concurrent first starts of several processes.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    let [role] = await tx.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
    if (!role) {
      [role] = await tx
        .insert(roles)
        .values({ name: ADMIN_ROLE, description: 'Every permission, every hotel', isSystem: true })
        .returning();
    }
    await tx
      .insert(roleClaims)
      .values(ALL_CLAIMS.map((claim) => ({ roleId: role.id, claim })))
      .onConflictDoNothing();

    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) {
      // Every sign-in stores a refresh token: none means the first admin's password was never used.
      const [unused] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), eq(users.userCode, 'ADMIN'), notExists(tx.select().from(refreshTokens).where(eq(refreshTokens.userId, users.id)))));
      return { adminNeverSignedIn: unused !== undefined };
    }
    const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
    const [admin] = await tx
      .insert(users)
      .values({
        userCode: 'ADMIN',
        firstName: 'System',
        lastName: 'Administrator',
        phoneNumber: '',
        email,
        passwordHash: await hashPassword(password ?? generatedPassword!),
      })
      .returning();
    await tx.insert(userRoles).values({ userId: admin.id, roleId: role.id });
    return { generatedPassword };
  });
}
