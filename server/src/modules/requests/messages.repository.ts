import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language, MessageKind } from '@shared';
import type { DbOrTx, Tx } from '../../db/client';
import { apiKeys, lineMessages, requestLines, users, workers } from '../../db/schema';
import { integrationLabel } from '../integrations/api-keys/key-label.repository';
import { userName } from '../../access/names';

/** A line's conversation in the database. */

export interface NewMessage {
  lineId: number;
  kind: MessageKind;
  text: string;
  /** The staff author, or the worker who wrote it on a phone. */
  userId?: number | null;
  workerId?: number;
  /** Or the API key (an integration) it came through. */
  apiKeyId?: number | null;
  at: Date;
}

/** Adds a message; a reply also becomes the line's `reply` (the latest one, as SPEC's single field reads). */
export async function insertMessage(tx: Tx, message: NewMessage): Promise<number> {
  const { at, ...values } = message;
  const [row] = await tx
    .insert(lineMessages)
    .values({ ...values, createdAt: at })
    .returning({ id: lineMessages.id });
  if (message.kind === 'reply') await tx.update(requestLines).set({ reply: message.text }).where(eq(requestLines.id, message.lineId));
  return row.id;
}

export type MessageRow = Awaited<ReturnType<typeof messagesOfLines>>[number];

/**
 * The messages of some lines, oldest first. `audience: 'guest'` reads replies and the guest's own messages only, and
 * no names: the filter is in the query, so a note is never even loaded for a guest.
 */
export async function messagesOfLines(db: DbOrTx, lineIds: number[], audience: 'staff' | 'guest', lang: Language = 'en') {
  if (!lineIds.length) return [];
  const forGuest = audience === 'guest';
  return db
    .select({
      id: lineMessages.id,
      lineId: lineMessages.lineId,
      kind: lineMessages.kind,
      text: lineMessages.text,
      createdAt: lineMessages.createdAt,
      authorName: forGuest ? sql<string | null>`null` : sql<string | null>`coalesce(${userName(users)}, ${integrationLabel(apiKeys.name, lang)}, ${workers.name})`,
    })
    .from(lineMessages)
    .leftJoin(users, eq(users.id, lineMessages.userId))
    .leftJoin(workers, eq(workers.id, lineMessages.workerId))
    .leftJoin(apiKeys, eq(apiKeys.id, lineMessages.apiKeyId))
    .where(and(inArray(lineMessages.lineId, lineIds), forGuest ? inArray(lineMessages.kind, ['reply', 'guest']) : undefined))
    .orderBy(asc(lineMessages.id));
}
