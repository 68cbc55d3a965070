import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotels, roomLinkKeys, rooms } from '../../db/schema';

export class QrRepository {
  constructor(private readonly db: DbOrTx) {}

  async hotel(id: number): Promise<{ id: number; code: string; name: string; nameAr: string } | undefined> {
    const [row] = await this.db
      .select({ id: hotels.id, code: hotels.hotelCode, name: hotels.name, nameAr: hotels.nameAr })
      .from(hotels)
      .where(eq(hotels.id, id));
    return row;
  }

  roomsOf(hotelId: number): Promise<{ id: number; number: string }[]> {
    return this.db.select({ id: rooms.id, number: rooms.number }).from(rooms).where(eq(rooms.hotelId, hotelId));
  }
}

/** The hotel's current key version (1 until codes are first rotated). */
export async function roomLinkVersion(db: DbOrTx, hotelId: number): Promise<number> {
  const [row] = await db.select({ version: roomLinkKeys.version }).from(roomLinkKeys).where(eq(roomLinkKeys.hotelId, hotelId));
  return row?.version ?? 1;
}

/** Moves the hotel to a new key version: every code printed before stops being verified. */
export async function rotateRoomLinks(db: DbOrTx, hotelId: number): Promise<number> {
  const [row] = await db
    .insert(roomLinkKeys)
    .values({ hotelId, version: 2 })
    .onConflictDoUpdate({ target: roomLinkKeys.hotelId, set: { version: sql`${roomLinkKeys.version} + 1`, rotatedAt: sql`now()` } })
    .returning({ version: roomLinkKeys.version });
  return row.version;
}
