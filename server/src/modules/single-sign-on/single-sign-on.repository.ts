import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { roles, ssoFlows, ssoSettings, userRoles, users } from '../../db/schema';

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
export type SsoFlowRow = typeof ssoFlows.$inferSelect;

/** The settings live in one row, id 1. */
export async function readSettings(db: DbOrTx): Promise<SsoSettingsRow | undefined> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.id, 1));
  return row;
}

export async function writeSettings(db: DbOrTx, values: Omit<SsoSettingsRow, 'id' | 'updatedAt'>): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db.insert(ssoSettings).values({ id: 1, ...row }).onConflictDoUpdate({ target: ssoSettings.id, set: row });
}

export async function ssoOnlyRoleIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: roles.id }).from(roles).where(eq(roles.ssoOnly, true)).orderBy(roles.id);
  return rows.map((r) => r.id);
}

export async function existingRoleIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  return rows.map((r) => r.id);
}

/** Exactly the given roles are only-SSO. */
export async function setSsoOnlyRoles(db: DbOrTx, ids: number[]): Promise<void> {
  await db.update(roles).set({ ssoOnly: false }).where(eq(roles.ssoOnly, true));
  if (ids.length) await db.update(roles).set({ ssoOnly: true }).where(inArray(roles.id, ids));
}

/** Whether any role the user holds signs in with single sign-on only. */
export async function holdsSsoOnlyRole(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.ssoOnly, true)))
    .limit(1);
  return rows.length > 0;
}

export async function insertFlow(db: DbOrTx, values: typeof ssoFlows.$inferInsert): Promise<void> {
  await db.insert(ssoFlows).values(values);
}

/** Flows a day past their expiry say nothing any more. */
export async function deleteOldFlows(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, before));
}

/** A flow of these purposes by its public handle: the provider's callback never finds a passkey flow, nor the reverse. */
export async function findFlowByState(
  db: DbOrTx,
  state: string,
  purposes: readonly SsoFlowRow['purpose'][] = ['sso'],
): Promise<SsoFlowRow | undefined> {
  const [row] = await db.select().from(ssoFlows).where(and(eq(ssoFlows.state, state), inArray(ssoFlows.purpose, [...purposes])));
  return row;
}

/** The provider's answer is taken once: of two callbacks with one state only the first goes on. */
export async function claimCallback(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(ssoFlows)
    .set({ callbackAt: now })
    .where(and(eq(ssoFlows.id, id), isNull(ssoFlows.callbackAt), gt(ssoFlows.expiresAt, now)))
    .returning({ id: ssoFlows.id });
  return rows.length === 1;
}

export async function setExchange(
  db: DbOrTx,
  id: number,
  values: { exchangeHash: string; exchangeExpiresAt: Date; userId: number; subject?: string },
): Promise<void> {
  await db.update(ssoFlows).set(values).where(eq(ssoFlows.id, id));
}

/**
 * Redeems an exchange code: only with the key of the flow it belongs to, of one of these
 * purposes (a link's code never signs anybody in), unexpired and once. Answers the user it
 * signs in (or links), how they proved who they are and, for a link, the identity, or undefined.
 */
export async function redeemExchange(
  db: DbOrTx,
  exchangeHash: string,
  keyHash: string,
  now: Date,
  purposes: readonly SsoFlowRow['purpose'][] = ['sso', 'passkey'],
): Promise<{ userId: number; purpose: SsoFlowRow['purpose']; issuer: string; clientId: string; subject: string | null } | undefined> {
  const rows = await db
    .update(ssoFlows)
    .set({ exchangeUsedAt: now })
    .where(
      and(
        eq(ssoFlows.exchangeHash, exchangeHash),
        eq(ssoFlows.keyHash, keyHash),
        isNull(ssoFlows.exchangeUsedAt),
        gt(ssoFlows.exchangeExpiresAt, now),
        inArray(ssoFlows.purpose, [...purposes]),
      ),
    )
    .returning({ userId: ssoFlows.userId, purpose: ssoFlows.purpose, issuer: ssoFlows.issuer, clientId: ssoFlows.clientId, subject: ssoFlows.subject });
  const row = rows[0];
  return row?.userId == null ? undefined : { ...row, userId: row.userId };
}

/** The account an identity at the provider is linked to. */
export async function findUserByIdentity(db: DbOrTx, issuer: string, subject: string) {
  const [row] = await db.select().from(users).where(and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject)));
  return row;
}

/** A new provider (issuer or client): no identity of the old one signs anybody in any more. */
export async function unlinkAllIdentities(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(users)
    .set({ ssoIssuer: null, ssoSubject: null, updatedAt: sql`now()` })
    .where(isNotNull(users.ssoSubject))
    .returning({ id: users.id });
  return rows.length;
}

export async function linkIdentity(db: DbOrTx, userId: number, issuer: string, subject: string): Promise<void> {
  await db.update(users).set({ ssoIssuer: issuer, ssoSubject: subject, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function addUserRole(db: DbOrTx, userId: number, roleId: number): Promise<void> {
  await db.insert(userRoles).values({ userId, roleId });
}

/** A user made on their first single sign-on: no password, linked to the identity that made it. */
export async function insertSsoUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<typeof users.$inferSelect> {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}
