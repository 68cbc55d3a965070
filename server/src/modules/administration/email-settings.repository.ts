import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailSettings } from '../../db/schema';

export type EmailSettingsRow = typeof emailSettings.$inferSelect;
type Values = Omit<EmailSettingsRow, 'id' | 'updatedAt'>;

/** The settings live in one row, id 1. */
export async function readSettings(db: DbOrTx): Promise<EmailSettingsRow | undefined> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.id, 1));
  return row;
}

export async function writeSettings(db: DbOrTx, values: Values): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db.insert(emailSettings).values({ id: 1, ...row }).onConflictDoUpdate({ target: emailSettings.id, set: row });
}
