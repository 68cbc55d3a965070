import type { WorkPhotoResponse } from '@shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { MultipartForm } from '../../http/multipart';
import type { DevicePrincipal } from '../../security/device-tokens';
import type { Principal } from '../../security/tokens';
import { sniffImage } from '../booking-rooms/image-type';
import { canSeeLine } from '../../access/scope';
import { workMessages as m } from './work.messages';
import * as repo from './photos.repository';
import { workerHotelIds } from './work.repository';

/** A photo of the finished work: the phone resizes it, uploads it, then names it in Done. */

/** DESIGN: images of 10 MB at most, one per upload. */
export const PHOTO_LIMITS = { fileSize: 10 * 1024 * 1024, files: 1, fields: 2 };
/** Photos one line may hold (drafts and attached): a phone retrying in a loop cannot fill the disk. */
const PHOTOS_PER_LINE = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function upload(ctx: AppContext, device: DevicePrincipal, lineId: number, form: MultipartForm): Promise<WorkPhotoResponse> {
  if (form.files.length !== 1) throw badRequest(m.photoOne);
  const [file] = form.files;
  const contentType = sniffImage(file.bytes);
  if (!contentType) throw new AppError(415, m.photoType);
  const db = ctx.database.db;
  const line = await repo.lineOfWorker(db, lineId);
  // Only the worker's own open line: another's line is not revealed to exist.
  if (!line || line.workerId !== device.workerId || line.hotelId === null || !(await workerHotelIds(db, device.workerId)).includes(line.hotelId)) throw notFound(m.taskNotYours);
  if (line.status !== 'Assigned') throw conflict(m.photoClosed);
  const id = await repo.insertPhoto(db, { lineId, workerId: device.workerId, contentType, bytes: file.bytes }, PHOTOS_PER_LINE);
  if (!id) throw conflict(m.photoTooMany, { max: PHOTOS_PER_LINE });
  return { photoId: id };
}

/** Done names a photo: it must be this worker's draft of this line. */
export async function attach(tx: Tx, photoId: string, lineId: number, workerId: number, at: Date): Promise<void> {
  if (!UUID.test(photoId) || !(await repo.attachPhoto(tx, photoId, lineId, workerId, at))) throw badRequest(m.photoUnknown);
}

export async function forStaff(ctx: AppContext, user: Principal, id: string) {
  const photo = UUID.test(id) ? await repo.attachedPhoto(ctx.database.db, id) : undefined;
  if (!photo || !canSeeLine(user, photo)) throw notFound(m.photoNotFound);
  return photo;
}
