import { createHash } from 'node:crypto';
import { type BookingRoom, type BookingRoomFields, type Language, type ListQuery, endpoints, pathOf } from '@shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { applyListQuery } from '../basic-data/list-query';
import { type CheckedImage, checkImageCount, nameOr } from './booking-room-rules';
import { bookingRoomMessages as m } from './booking-rooms.messages';
import { type BookingRoomRow, BookingRoomsRepository, type NewBookingRoom } from './booking-rooms.repository';
import { type Scope, canSeeHotel } from '../../access/scope';

const SORTABLE = ['id', 'nameAr', 'nameEn', 'roomTypeCode', 'hotelName', 'noOfGuests', 'createdAt'] as const;

export class BookingRoomsService {
  private readonly repo: BookingRoomsRepository;

  constructor(private readonly db: Db) {
    this.repo = new BookingRoomsRepository(db);
  }

  /** The rooms of the hotels `scope` may see. */
  async list(query: Partial<ListQuery>, scope: Scope, lang: Language = 'en'): Promise<{ items: BookingRoom[]; total: number }> {
    const rows = (await this.repo.list(lang)).filter((row) => canSeeHotel(scope, row.hotelId));
    const images = await this.repo.imagesOf(rows.map((r) => r.id));
    const byRoom = new Map<number, typeof images>();
    for (const image of images) byRoom.set(image.bookingRoomId, [...(byRoom.get(image.bookingRoomId) ?? []), image]);
    const dtos = rows.map((row) => toDto(row, byRoom.get(row.id) ?? []));
    return applyListQuery(dtos, query, SORTABLE);
  }

  /** Creates a room (and its images) in one transaction; returns its id. A hotel out of `scope` is one that does not exist. */
  async add(fields: BookingRoomFields, scope: Scope, images: CheckedImage[] = []): Promise<number> {
    checkImageCount(0, images.length);
    const roomType = await this.checkReferences(fields.hotelId, fields.roomTypeId, scope);
    return this.db.transaction(async (tx) => {
      const repo = new BookingRoomsRepository(tx);
      const id = await repo.insert({
        hotelId: fields.hotelId,
        roomTypeId: fields.roomTypeId,
        noOfGuests: fields.noOfGuests,
        facilities: [...new Set(fields.facilities)],
        nameAr: nameOr(fields.nameAr, roomType.nameAr),
        nameEn: nameOr(fields.nameEn, roomType.nameEn),
      });
      await repo.addImages(id, images);
      return id;
    });
  }

  /** Changes only the fields given; an empty name goes back to the room type's name. */
  async edit(id: number, fields: Partial<BookingRoomFields>, scope: Scope, images: CheckedImage[] = []): Promise<void> {
    const current = await this.repo.find(id);
    // Another hotel's room answers as the list shows it: not there.
    if (!current || !canSeeHotel(scope, current.hotelId)) throw notFound(m.notFound);
    const hotelId = fields.hotelId ?? current.hotelId;
    const roomTypeId = fields.roomTypeId ?? current.roomTypeId;
    const roomType = await this.checkReferences(hotelId, roomTypeId, scope);
    checkImageCount(await this.repo.imageCount(id), images.length);
    const changes: Partial<NewBookingRoom> = {};
    if (fields.hotelId !== undefined) changes.hotelId = fields.hotelId;
    if (fields.roomTypeId !== undefined) changes.roomTypeId = fields.roomTypeId;
    if (fields.noOfGuests !== undefined) changes.noOfGuests = fields.noOfGuests;
    if (fields.facilities !== undefined) changes.facilities = [...new Set(fields.facilities)];
    if (fields.nameAr !== undefined) changes.nameAr = nameOr(fields.nameAr, roomType.nameAr);
    if (fields.nameEn !== undefined) changes.nameEn = nameOr(fields.nameEn, roomType.nameEn);
    await this.db.transaction(async (tx) => {
      const repo = new BookingRoomsRepository(tx);
      await repo.update(id, changes);
      await repo.addImages(id, images);
    });
  }

  /**
   * The edit modal's save: names and new images. Its room type code is shown
   * read-only, so a code that differs from the room's is a client bug, not a change.
   */
  async editFromScreen(id: number, names: { nameAr?: string; nameEn?: string; roomTypeCode?: string }, scope: Scope, images: CheckedImage[]) {
    const current = await this.repo.find(id);
    if (!current || !canSeeHotel(scope, current.hotelId)) throw notFound(m.notFound);
    if (names.roomTypeCode && names.roomTypeCode !== current.roomTypeCode) {
      throw badRequest(common.validation, {}, [{ field: 'roomTypeCode', message: m.roomTypeFixed }]);
    }
    await this.edit(id, { nameAr: names.nameAr, nameEn: names.nameEn }, scope, images);
  }

  async image(id: number): Promise<{ contentType: string; bytes: Buffer; etag: string }> {
    const image = await this.repo.image(id);
    if (!image) throw notFound(m.imageNotFound);
    const etag = `"${createHash('sha256').update(image.bytes).digest('base64url').slice(0, 32)}"`;
    return { ...image, etag };
  }

  private async checkReferences(hotelId: number, roomTypeId: number, scope: Scope) {
    const [hotelExists, roomType] = await Promise.all([
      canSeeHotel(scope, hotelId) && this.repo.hotelExists(hotelId),
      this.repo.roomType(roomTypeId),
    ]);
    const problems = [
      ...(hotelExists ? [] : [{ field: 'hotelId', message: m.hotelMissing }]),
      ...(roomType ? [] : [{ field: 'roomTypeId', message: m.roomTypeMissing }]),
    ];
    if (problems.length || !roomType) throw new AppError(400, common.validation, {}, problems);
    return roomType;
  }
}

function toDto(row: BookingRoomRow, images: { id: number; contentType: string }[]): BookingRoom {
  return {
    id: row.id,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    roomTypeCode: row.roomTypeCode,
    createdAt: row.createdAt.toISOString(),
    hotelId: row.hotelId,
    hotelName: row.hotelName,
    roomTypeId: row.roomTypeId,
    noOfGuests: row.noOfGuests,
    facilities: row.facilities,
    images: images.map((i) => ({ id: i.id, url: pathOf(endpoints.bookingRoom.image, { id: i.id }), contentType: i.contentType })),
  };
}
