import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { linePhotos, requestLines, requests } from '../../db/schema';

/** Workers' photos of their lines. */

export async function lineOfWorker(db: DbOrTx, lineId: number) {
  const [row] = await db.select({ workerId: requestLines.workerId, status: requestLines.status, hotelId: requestLines.hotelId }).from(requestLines).where(eq(requestLines.id, lineId));
  return row;
}

/** Stores a photo unless the line already holds `max`; answers its id, or undefined when full. */
export async function insertPhoto(db: DbOrTx, row: { lineId: number; workerId: number; contentType: string; bytes: Buffer }, max: number): Promise<string | undefined> {
  const [held] = await db.select({ n: count() }).from(linePhotos).where(eq(linePhotos.lineId, row.lineId));
  if (held.n >= max) return undefined;
  const [photo] = await db.insert(linePhotos).values({ ...row, size: row.bytes.length }).returning({ id: linePhotos.id });
  return photo.id;
}

export async function attachPhoto(db: DbOrTx, id: string, lineId: number, workerId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(linePhotos)
    .set({ attachedAt: at })
    .where(and(eq(linePhotos.id, id), eq(linePhotos.lineId, lineId), eq(linePhotos.workerId, workerId), isNull(linePhotos.attachedAt)))
    .returning({ id: linePhotos.id });
  return rows.length > 0;
}

export async function attachedPhoto(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ contentType: linePhotos.contentType, bytes: linePhotos.bytes, hotelId: requests.hotelId, departmentId: requestLines.departmentId })
    .from(linePhotos)
    .innerJoin(requestLines, eq(requestLines.id, linePhotos.lineId))
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(eq(linePhotos.id, id), isNotNull(linePhotos.attachedAt)));
  return row;
}

export async function attachedPhotoIds(db: DbOrTx, lineId: number): Promise<string[]> {
  const rows = await db
    .select({ id: linePhotos.id })
    .from(linePhotos)
    .where(and(eq(linePhotos.lineId, lineId), isNotNull(linePhotos.attachedAt)))
    .orderBy(asc(linePhotos.attachedAt));
  return rows.map((r) => r.id);
}
