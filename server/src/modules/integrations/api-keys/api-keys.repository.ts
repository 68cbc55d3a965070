import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '@shared';
import type { Db, DbOrTx } from '../../../db/client';
import { nameIn } from '../../../db/display-names';
import { rowsOf } from '../../../db/client';
import { apiKeys, departments, hotels, users } from '../../../db/schema';
import { userName } from '../../requests/requests.repository';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

/** Newest first, revoked ones too (they stay named in line histories). */
export async function listApiKeys(db: DbOrTx, lang: Language, id?: number) {
  return db
    .select({
      id: apiKeys.id,
      keyId: apiKeys.keyId,
      name: apiKeys.name,
      hotelId: apiKeys.hotelId,
      hotelName: nameIn(hotels, lang),
      claims: apiKeys.claims,
      perSecond: apiKeys.perSecond,
      perMinute: apiKeys.perMinute,
      createdBy: userName(users),
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(hotels, eq(hotels.id, apiKeys.hotelId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(id === undefined ? undefined : eq(apiKeys.id, id))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function findApiKey(db: DbOrTx, id: number): Promise<ApiKeyRow | undefined> {
  return (await db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];
}

/** A key that still works, by its public id. */
export async function liveKeyByKeyId(db: DbOrTx, keyId: string): Promise<ApiKeyRow | undefined> {
  return (await db.select().from(apiKeys).where(and(eq(apiKeys.keyId, keyId), isNull(apiKeys.revokedAt))))[0];
}

/** Revokes; false when the key was revoked already (two clicks at once revoke once). */
export async function revokeApiKey(db: DbOrTx, id: number, by: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** Last used, written at most once a few seconds per key: a busy integration is not a write per call. */
export async function touchApiKey(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - 5_000)))));
}

export async function allDepartmentIds(db: DbOrTx): Promise<number[]> {
  return (await db.select({ id: departments.id }).from(departments)).map((r) => r.id);
}

export async function hotelExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id))).length > 0;
}

/**
 * Counts one call in each of the key's fixed windows (a second and a minute) in the
 * shared rate_limits table, so every server process counts together; answers each
 * window's count and the seconds until it starts again.
 */
export async function countKeyCall(db: Db, id: number): Promise<{ second: Window; minute: Window }> {
  const [second, minute] = await Promise.all([countIn(db, `api-key:${id}:s`, 1), countIn(db, `api-key:${id}:m`, 60)]);
  return { second, minute };
}

interface Window {
  count: number;
  resetSeconds: number;
}

async function countIn(db: Db, key: string, windowSeconds: number): Promise<Window> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const rows = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - ${window} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window} then now() else rate_limits.window_start end
    returning count, greatest(0, extract(epoch from (window_start + ${window} - now())))::float8 as reset`);
  const row = rowsOf<{ count: number; reset: number }>(rows)[0];
  return { count: Number(row?.count ?? 0), resetSeconds: Number(row?.reset ?? windowSeconds) };
}
