import type { BookingRoomFields } from '@shared';
import { AppError } from '../../http/errors';
import type { MultipartForm, UploadedFile } from '../../http/multipart';
import { bookingRoomMessages as m } from './booking-rooms.messages';
import { type ImageType, sniffImage } from './image-type';

/** Images a room may hold in all: enough for a gallery, bounded for the database. */
export const MAX_IMAGES_PER_ROOM = 20;

export interface CheckedImage {
  contentType: ImageType;
  bytes: Buffer;
}

/** Every file must prove by its bytes that it is a JPEG, PNG or WebP (415 names the first that is not). */
export function checkImages(files: UploadedFile[]): CheckedImage[] {
  return files.map((file) => {
    const contentType = sniffImage(file.bytes);
    if (!contentType) throw new AppError(415, m.notAnImage, { name: file.filename || file.field });
    return { contentType, bytes: file.bytes };
  });
}

export function checkImageCount(existing: number, adding: number): void {
  if (existing + adding > MAX_IMAGES_PER_ROOM) throw new AppError(400, m.tooManyImages, { max: MAX_IMAGES_PER_ROOM });
}

/** A name left empty follows the room type's name (SPEC: names default to the room type's). */
export function nameOr(given: string | undefined, fallback: string): string {
  return given && given.trim() ? given : fallback;
}

/**
 * The screen's multipart create as the contract's BookingRoomFields input: numbers
 * stay strings for the schema to coerce; facilities come repeated (also as
 * `facilities[]`, as some form libraries name them).
 */
export function createFormInput(form: MultipartForm): Record<keyof BookingRoomFields, unknown> {
  const one = (name: string) => form.fields[name]?.at(-1);
  return {
    hotelId: one('hotelId'),
    roomTypeId: one('roomTypeId'),
    noOfGuests: one('noOfGuests'),
    facilities: [...(form.fields.facilities ?? []), ...(form.fields['facilities[]'] ?? [])].filter((f) => f !== ''),
    nameAr: one('nameAr'),
    nameEn: one('nameEn'),
  };
}
