import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Language } from '@shared';
import { inLanguage } from '../../access/names';
import type { DbOrTx } from '../../db/client';
import { bookingRoomImages, bookingRooms, hotels, roomTypes } from '../../db/schema';

export type BookingRoomRow = typeof bookingRooms.$inferSelect & { hotelName: string; roomTypeCode: string };
export type NewBookingRoom = typeof bookingRooms.$inferInsert;
export interface NewImage {
  contentType: string;
  bytes: Buffer;
}

/** The only place booking-room queries live. */
export class BookingRoomsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Newest first; ties (same transaction) by id, newest first too; hotels named in `lang`. */
  list(lang: Language = 'en'): Promise<BookingRoomRow[]> {
    return this.db
      .select({ ...fieldsOfRoom, hotelName: inLanguage(lang, { en: hotels.name, ar: hotels.nameAr }), roomTypeCode: roomTypes.roomTypeCode })
      .from(bookingRooms)
      .innerJoin(hotels, eq(hotels.id, bookingRooms.hotelId))
      .innerJoin(roomTypes, eq(roomTypes.id, bookingRooms.roomTypeId))
      .orderBy(desc(bookingRooms.createdAt), desc(bookingRooms.id));
  }

  async find(id: number): Promise<BookingRoomRow | undefined> {
    const [row] = await this.db
      .select({ ...fieldsOfRoom, hotelName: hotels.name, roomTypeCode: roomTypes.roomTypeCode })
      .from(bookingRooms)
      .innerJoin(hotels, eq(hotels.id, bookingRooms.hotelId))
      .innerJoin(roomTypes, eq(roomTypes.id, bookingRooms.roomTypeId))
      .where(eq(bookingRooms.id, id));
    return row;
  }

  /** Image ids and types of these rooms, without their bytes. */
  imagesOf(roomIds: number[]): Promise<{ id: number; bookingRoomId: number; contentType: string }[]> {
    if (!roomIds.length) return Promise.resolve([]);
    return this.db
      .select({ id: bookingRoomImages.id, bookingRoomId: bookingRoomImages.bookingRoomId, contentType: bookingRoomImages.contentType })
      .from(bookingRoomImages)
      .where(inArray(bookingRoomImages.bookingRoomId, roomIds))
      .orderBy(asc(bookingRoomImages.id));
  }

  async imageCount(roomId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(bookingRoomImages).where(eq(bookingRoomImages.bookingRoomId, roomId));
    return row.n;
  }

  async image(id: number): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    const [row] = await this.db
      .select({ contentType: bookingRoomImages.contentType, bytes: bookingRoomImages.bytes })
      .from(bookingRoomImages)
      .where(eq(bookingRoomImages.id, id));
    return row;
  }

  async hotelExists(id: number): Promise<boolean> {
    return (await this.db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id))).length > 0;
  }

  async roomType(id: number): Promise<{ id: number; code: string; nameAr: string; nameEn: string } | undefined> {
    const [row] = await this.db
      .select({ id: roomTypes.id, code: roomTypes.roomTypeCode, nameAr: roomTypes.nameAr, nameEn: roomTypes.nameEn })
      .from(roomTypes)
      .where(eq(roomTypes.id, id));
    return row;
  }

  async insert(room: NewBookingRoom): Promise<number> {
    const [row] = await this.db.insert(bookingRooms).values(room).returning({ id: bookingRooms.id });
    return row.id;
  }

  async update(id: number, changes: Partial<NewBookingRoom>): Promise<void> {
    await this.db
      .update(bookingRooms)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(bookingRooms.id, id));
  }

  async addImages(roomId: number, images: NewImage[]): Promise<void> {
    if (!images.length) return;
    // One row per statement: a batch of ten 10 MB images would make one 100 MB statement.
    for (const image of images) {
      await this.db.insert(bookingRoomImages).values({ bookingRoomId: roomId, contentType: image.contentType, size: image.bytes.length, bytes: image.bytes });
    }
  }
}

const fieldsOfRoom = {
  id: bookingRooms.id,
  hotelId: bookingRooms.hotelId,
  roomTypeId: bookingRooms.roomTypeId,
  nameAr: bookingRooms.nameAr,
  nameEn: bookingRooms.nameEn,
  noOfGuests: bookingRooms.noOfGuests,
  facilities: bookingRooms.facilities,
  createdAt: bookingRooms.createdAt,
  updatedAt: bookingRooms.updatedAt,
};
