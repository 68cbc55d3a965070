import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { apaleoSettings } from '../../../db/schema';

export type ApaleoSettingsRow = typeof apaleoSettings.$inferSelect;

export async function settingsOf(db: DbOrTx, hotelId: number): Promise<ApaleoSettingsRow | undefined> {
  return (await db.select().from(apaleoSettings).where(eq(apaleoSettings.hotelId, hotelId)))[0];
}

export async function settingsByProperty(db: DbOrTx, propertyId: string): Promise<ApaleoSettingsRow | undefined> {
  return (await db.select().from(apaleoSettings).where(eq(apaleoSettings.propertyId, propertyId)))[0];
}

/** Whether another hotel is connected to the property. */
export async function propertyTakenByOther(db: DbOrTx, propertyId: string, hotelId: number): Promise<boolean> {
  return (
    (await db
      .select({ hotelId: apaleoSettings.hotelId })
      .from(apaleoSettings)
      .where(and(eq(apaleoSettings.propertyId, propertyId), ne(apaleoSettings.hotelId, hotelId)))).length > 0
  );
}

export async function saveSettings(db: DbOrTx, values: Omit<ApaleoSettingsRow, 'clientSecretEnc'> & { clientSecretEnc?: string }): Promise<void> {
  const { hotelId: _h, ...set } = values;
  await db.insert(apaleoSettings).values(values).onConflictDoUpdate({ target: apaleoSettings.hotelId, set });
}
