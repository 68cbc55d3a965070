import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '@shared';
import { type HotelScope, hotelScopeSql } from '../../../access/scope';
import type { Db, DbOrTx } from '../../../db/client';
import { nameIn, userName } from '../../../access/names';
import { rowsOf } from '../../../db/client';
import { apiKeys, departments, hotels, users } from '../../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: DbOrTx, values: typeof apiKeys.$inferInsert): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

/**
 * Newest first, revoked ones too (they stay named in line histories). `reader` narrows
 * to the keys of the hotels they see (none: every key, the chain's included).
 */
export async function listApiKeys(db: DbOrTx, lang: Language, id?: number, reader?: HotelScope) {
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
    .where(
      and(
        id === undefined ? undefined : eq(apiKeys.id, id),
        reader && hotelScopeSql(reader, apiKeys.hotelId),
      ),
    )
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

/** Drops claims from a key's stored list (a claim keys may no longer hold). */
export async function setKeyClaims(db: DbOrTx, id: number, claims: string[]): Promise<void> {
  await db.update(apiKeys).set({ claims }).where(eq(apiKeys.id, id));
}

/** What the key's creator is now: switched on or off, Admin or not, their claims and hotels (one query). */
export interface CreatorStanding {
  isActive: boolean;
  isAdmin: boolean;
  claims: ReadonlySet<string>;
  hotelIds: number[];
}

export async function creatorStanding(db: DbOrTx, userId: number): Promise<CreatorStanding | undefined> {
  const rows = await db.execute(sql`
    select u.is_active as "isActive",
      exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.is_system) as "isAdmin",
      array(select distinct rc.claim from user_roles ur join role_claims rc on rc.role_id = ur.role_id where ur.user_id = u.id) as claims,
      array(select uh.hotel_id from user_hotels uh where uh.user_id = u.id) as "hotelIds"
    from users u where u.id = ${userId}`);
  const row = rowsOf<{ isActive: boolean; isAdmin: boolean; claims: string[] | string; hotelIds: number[] | string }>(rows)[0];
  if (!row) return undefined;
  return { isActive: row.isActive === true, isAdmin: row.isAdmin === true, claims: new Set(pgArray(row.claims)), hotelIds: pgArray(row.hotelIds).map(Number) };
}

/** A text[] or int[] as the driver gives it: an array, or (some drivers) its '{a,b}' text. */
function pgArray(value: readonly (string | number)[] | string | null): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(String);
  const inner = String(value).replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

export async function allHotelIds(db: DbOrTx): Promise<number[]> {
  return (await db.select({ id: hotels.id }).from(hotels)).map((r) => r.id);
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
