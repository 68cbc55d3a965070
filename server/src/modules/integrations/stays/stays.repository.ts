import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { hotels, requests, rooms, stayEvents, staySecrets, stays } from '../../../db/schema';

export async function sealedSecretOf(db: DbOrTx, hotelId: number): Promise<string | undefined> {
  return (await db.select({ secretEnc: staySecrets.secretEnc }).from(staySecrets).where(eq(staySecrets.hotelId, hotelId)))[0]?.secretEnc;
}

export async function saveSecret(db: DbOrTx, hotelId: number, secretEnc: string, at: Date): Promise<void> {
  await db
    .insert(staySecrets)
    .values({ hotelId, secretEnc, createdAt: at })
    .onConflictDoUpdate({ target: staySecrets.hotelId, set: { secretEnc, createdAt: at } });
}

export async function hotelExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id))).length > 0;
}

/** Records the event id; false when it was taken before (a replay). */
export async function takeEventId(tx: Tx, hotelId: number, eventId: string, at: Date): Promise<boolean> {
  const rows = await tx.insert(stayEvents).values({ hotelId, eventId, receivedAt: at }).onConflictDoNothing().returning({ eventId: stayEvents.eventId });
  return rows.length > 0;
}

export async function roomIdOf(tx: Tx, hotelId: number, number: string): Promise<number | undefined> {
  return (await tx.select({ id: rooms.id }).from(rooms).where(and(eq(rooms.hotelId, hotelId), eq(rooms.number, number))))[0]?.id;
}

export type StayValues = Omit<typeof stays.$inferInsert, 'id' | 'checkedOutAt'>;

/** Check-in: a new stay, or the same stay sent again with fresher details. */
export async function checkIn(tx: Tx, values: StayValues): Promise<void> {
  const { hotelId: _h, externalId: _e, ...details } = values;
  await tx
    .insert(stays)
    .values(values)
    .onConflictDoUpdate({ target: [stays.hotelId, stays.externalId], set: { ...details, checkedOutAt: null } });
}

/** Moves or checks out a stay still open; false when there is none. */
export async function updateOpenStay(tx: Tx, hotelId: number, externalId: string, set: Partial<typeof stays.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(stays)
    .set(set)
    .where(and(eq(stays.hotelId, hotelId), eq(stays.externalId, externalId), isNull(stays.checkedOutAt)))
    .returning({ id: stays.id });
  return rows.length > 0;
}

/** A request made from a room during a stay carries that stay. */
export async function attachOpenStay(db: DbOrTx, requestId: string, roomId: number): Promise<void> {
  const [open] = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.roomId, roomId), isNull(stays.checkedOutAt)))
    .orderBy(desc(stays.checkedInAt))
    .limit(1);
  if (open) await db.update(requests).set({ stayId: open.id }).where(eq(requests.id, requestId));
}

/** Whether the request's stay has ended (the guest checked out). */
export async function stayEnded(db: DbOrTx, requestId: string): Promise<boolean> {
  const rows = await db
    .select({ id: stays.id })
    .from(requests)
    .innerJoin(stays, eq(stays.id, requests.stayId))
    .where(and(eq(requests.id, requestId), isNotNull(stays.checkedOutAt)));
  return rows.length > 0;
}

/** Whether the event id was taken before: a cheap early answer to a replay (the transaction still decides). */
export async function eventTaken(db: DbOrTx, hotelId: number, eventId: string): Promise<boolean> {
  return (await db.select({ eventId: stayEvents.eventId }).from(stayEvents).where(and(eq(stayEvents.hotelId, hotelId), eq(stayEvents.eventId, eventId)))).length > 0;
}

/** Whether the PMS's stay is checked in here and not yet out. */
export async function stayOpen(db: DbOrTx, hotelId: number, externalId: string): Promise<boolean> {
  return (await db.select({ id: stays.id }).from(stays).where(and(eq(stays.hotelId, hotelId), eq(stays.externalId, externalId), isNull(stays.checkedOutAt)))).length > 0;
}
