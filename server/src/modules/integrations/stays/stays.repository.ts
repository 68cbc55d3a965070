import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { StaySummary } from '@shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { builtOnce } from '../../../db/prepared';
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

/** Moves or checks out a stay still open: its id, or undefined when there is none. */
export async function updateOpenStay(tx: Tx, hotelId: number, externalId: string, set: Partial<typeof stays.$inferInsert>): Promise<number | undefined> {
  const rows = await tx
    .update(stays)
    .set(set)
    .where(and(eq(stays.hotelId, hotelId), eq(stays.externalId, externalId), isNull(stays.checkedOutAt)))
    .returning({ id: stays.id });
  return rows[0]?.id;
}

/** Checks out a stay still open: its id, or undefined when there is none (its review e-mail: stay-mail.ts). */
export async function checkOutOpenStay(tx: Tx, hotelId: number, externalId: string, now: Date): Promise<number | undefined> {
  const rows = await tx
    .update(stays)
    .set({ checkedOutAt: now })
    .where(and(eq(stays.hotelId, hotelId), eq(stays.externalId, externalId), isNull(stays.checkedOutAt)))
    .returning({ id: stays.id });
  return rows[0]?.id;
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

/** The stays of the given requests, by request id (requests made outside a stay are absent). */
const staysOfRequestsQuery = builtOnce((db) =>
  db
    .select({ requestId: requests.id, id: stays.id, guestName: stays.guestName, arrival: stays.arrival, departure: stays.departure, checkedOutAt: stays.checkedOutAt })
    .from(requests)
    .innerJoin(stays, eq(stays.id, requests.stayId))
    .where(sql`${requests.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare(''),
);

/** Every page of both staff lists asks this: the ids go as one array parameter rather than twenty (a third of the CPU). */
export async function staysOfRequests(db: DbOrTx, requestIds: string[]): Promise<Map<string, StaySummary>> {
  if (!requestIds.length) return new Map();
  const rows = await staysOfRequestsQuery(db).execute({ ids: requestIds });
  return new Map(rows.map(({ requestId, checkedOutAt, ...stay }) => [requestId, { ...stay, checkedOut: checkedOutAt !== null }]));
}

/** The open stay of a room, if any (the latest checked in). */
export async function openStayOfRoom(db: DbOrTx, hotelId: number, roomId: number): Promise<{ guestName: string; language: string } | undefined> {
  return (
    await db
      .select({ guestName: stays.guestName, language: stays.language })
      .from(stays)
      .where(and(eq(stays.hotelId, hotelId), eq(stays.roomId, roomId), isNull(stays.checkedOutAt)))
      .orderBy(desc(stays.checkedInAt))
      .limit(1)
  )[0];
}

export async function stayById(db: DbOrTx, stayId: number) {
  return (await db.select().from(stays).where(eq(stays.id, stayId)))[0];
}

/** The requests made during the stay, oldest first, with their codes. */
export async function requestsOfStay(db: DbOrTx, stayId: number) {
  return db
    .select({ id: requests.id, requestCode: requests.requestCode })
    .from(requests)
    .where(eq(requests.stayId, stayId))
    .orderBy(requests.createdAt);
}

export async function hotelNamesOf(db: DbOrTx, hotelId: number): Promise<{ name: string; nameAr: string } | undefined> {
  return (await db.select({ name: hotels.name, nameAr: hotels.nameAr }).from(hotels).where(eq(hotels.id, hotelId)))[0];
}
