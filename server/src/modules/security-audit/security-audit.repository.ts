import { type SQL, and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { securityEvents, userHotels, users } from '../../db/schema';

export type DbLike = DbOrTx;
export type SecurityEventInsert = typeof securityEvents.$inferInsert;

export async function insertSecurityEvent(db: DbOrTx, values: SecurityEventInsert): Promise<void> {
  await db.insert(securityEvents).values(values);
}

const actors = alias(users, 'actor');

/**
 * Which events a reader sees: an Admin every one; anyone else an event of a user who
 * belongs to one of the reader's hotels (a sign-in belongs to the hotels of who signed
 * in). An event of no known user (a failed sign-in with an unknown e-mail) is the Admin's.
 */
export function securityEventScope(db: DbOrTx, reader: { isAdmin: boolean; hotelIds: readonly number[] }): SQL | undefined {
  if (reader.isAdmin) return undefined;
  const hotelIds = reader.hotelIds.length ? [...reader.hotelIds] : [-1];
  return exists(
    db
      .select({ one: sql`1` })
      .from(userHotels)
      .where(and(eq(userHotels.userId, securityEvents.userId), inArray(userHotels.hotelId, hotelIds))),
  );
}

/** Newest first; the actor's e-mail as it is now (their own rows keep the e-mail typed). */
export async function pageOfSecurityEvents(db: DbOrTx, scope: SQL | undefined, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: securityEvents.id,
      at: securityEvents.at,
      kind: securityEvents.kind,
      email: securityEvents.email,
      actorEmail: actors.email,
      ip: securityEvents.ip,
    })
    .from(securityEvents)
    .leftJoin(actors, eq(actors.id, securityEvents.actorId))
    .where(scope)
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(securityEvents).where(scope);
  return { rows, total };
}
