import { asc, eq } from 'drizzle-orm';
import type { CannedReplyInput } from '@shared';
import type { DbOrTx } from '../../db/client';
import { cannedReplies } from '../../db/schema';

/** The only place canned replies meet the database. */

export function listCannedReplies(db: DbOrTx) {
  return db
    .select({ id: cannedReplies.id, textEn: cannedReplies.textEn, textAr: cannedReplies.textAr, createdAt: cannedReplies.createdAt })
    .from(cannedReplies)
    .orderBy(asc(cannedReplies.id));
}

export async function insertCannedReply(db: DbOrTx, input: CannedReplyInput): Promise<number> {
  const [row] = await db.insert(cannedReplies).values(input).returning({ id: cannedReplies.id });
  return row.id;
}

/** Answers whether the reply existed. */
export async function updateCannedReply(db: DbOrTx, id: number, input: CannedReplyInput): Promise<boolean> {
  const rows = await db
    .update(cannedReplies)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(cannedReplies.id, id))
    .returning({ id: cannedReplies.id });
  return rows.length > 0;
}

export async function deleteCannedReply(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning({ id: cannedReplies.id })).length > 0;
}
