import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { securityEvents, users } from '../../db/schema';

export type DbLike = DbOrTx;
export type SecurityEventInsert = typeof securityEvents.$inferInsert;

export async function insertSecurityEvent(db: DbOrTx, values: SecurityEventInsert): Promise<void> {
  await db.insert(securityEvents).values(values);
}

const actors = alias(users, 'actor');

/** Newest first; the actor's e-mail as it is now (their own rows keep the e-mail typed). */
export async function pageOfSecurityEvents(db: DbOrTx, page: number, pageSize: number) {
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
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(securityEvents);
  return { rows, total };
}
