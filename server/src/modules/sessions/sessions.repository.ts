import { and, desc, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotels, refreshTokens, trustedDevices, userHotels } from '../../db/schema';

export interface SessionRow {
  familyId: string;
  clientKind: 'desktop' | 'browser';
  userAgent: string;
  ip: string;
  /** When the family's latest token was issued: the sign-in or its latest renewal. */
  lastUsedAt: Date;
}

/**
 * The user's open sessions: each refresh-token family whose latest token is neither
 * revoked nor expired, described by that latest token (the address of the latest renewal).
 */
export async function openSessionsOf(db: DbOrTx, userId: number, now: Date): Promise<(SessionRow & { createdAt: Date })[]> {
  const latest = await db
    .selectDistinctOn([refreshTokens.familyId], {
      familyId: refreshTokens.familyId,
      clientKind: refreshTokens.clientKind,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      lastUsedAt: refreshTokens.createdAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    // A family's latest token expires last: one whose tokens have all expired is closed anyway,
    // and a desk's renewals every quarter hour over months are not read.
    .where(and(eq(refreshTokens.userId, userId), gt(refreshTokens.expiresAt, now)))
    .orderBy(refreshTokens.familyId, desc(refreshTokens.createdAt), desc(refreshTokens.id));
  const open = latest.filter((r) => r.revokedAt === null);
  if (!open.length) return [];
  const starts = await db
    .select({ familyId: refreshTokens.familyId, createdAt: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), inArray(refreshTokens.familyId, open.map((r) => r.familyId))))
    .groupBy(refreshTokens.familyId);
  const startOf = new Map(starts.map((s) => [s.familyId, s.createdAt]));
  return open
    .map(({ revokedAt: _r, ...r }) => ({ ...r, createdAt: startOf.get(r.familyId) ?? r.lastUsedAt }))
    .sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
}

/** Revokes one family of the user; false when it is not theirs or was already ended. */
export async function revokeFamilyOf(db: DbOrTx, userId: number, familyId: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function insertTrustedDevice(db: DbOrTx, values: typeof trustedDevices.$inferInsert): Promise<void> {
  await db.insert(trustedDevices).values(values);
}

/** Whether the token is a remembered device of this user, unrevoked and unexpired at `now`. */
/**
 * Whether the user's hotels let a device be remembered: every hotel the user works in has
 * turned it on (the strictest hotel decides). A user of no hotel in particular (an Admin of
 * the chain) is held to every hotel.
 */
export async function hotelsAllowRememberDevice(db: DbOrTx, userId: number): Promise<boolean> {
  const own = await db.select({ allows: hotels.rememberDevice }).from(userHotels).innerJoin(hotels, eq(hotels.id, userHotels.hotelId)).where(eq(userHotels.userId, userId));
  const held = own.length ? own : await db.select({ allows: hotels.rememberDevice }).from(hotels);
  return held.length > 0 && held.every((h) => h.allows);
}

export async function isTrustedDevice(db: DbOrTx, userId: number, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt), gt(trustedDevices.expiresAt, now)))
    .limit(1);
  return rows.length === 1;
}

export async function revokeTrustedDevicesOf(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(trustedDevices)
    .set({ revokedAt: now })
    .where(and(eq(trustedDevices.userId, userId), isNull(trustedDevices.revokedAt)));
}
