import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotels, rooms } from '../../db/schema';

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
