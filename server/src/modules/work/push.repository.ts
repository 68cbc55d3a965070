import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import { departments, requestLines, rooms, requests, services, webPushKeys, workerDevices, workerHotels, workerPushSubscriptions, workers } from '../../db/schema';

/** Web Push to workers' phones: the key pair, the phones' subscriptions, what a push names. */

export async function readKeys(db: DbOrTx) {
  const [row] = await db.select().from(webPushKeys).where(eq(webPushKeys.id, 1));
  return row;
}

/** The first process to start stores its pair; the others keep the stored one. */
export async function insertKeys(db: DbOrTx, publicKey: string, privateKey: string): Promise<void> {
  await db.insert(webPushKeys).values({ id: 1, publicKey, privateKey }).onConflictDoNothing();
}

export async function saveSubscription(db: DbOrTx, row: { deviceId: string; endpoint: string; p256dh: string; auth: string; lang: string }): Promise<void> {
  await db
    .insert(workerPushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: workerPushSubscriptions.deviceId,
      set: { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, lang: row.lang, createdAt: new Date() },
    });
}

export async function deleteSubscription(db: DbOrTx, deviceId: string): Promise<void> {
  await db.delete(workerPushSubscriptions).where(eq(workerPushSubscriptions.deviceId, deviceId));
}

/** A push service said the subscription is gone: dropped unless the phone has since replaced it. */
export async function deleteGoneSubscription(db: DbOrTx, deviceId: string, endpoint: string): Promise<void> {
  await db.delete(workerPushSubscriptions).where(and(eq(workerPushSubscriptions.deviceId, deviceId), eq(workerPushSubscriptions.endpoint, endpoint)));
}

const subscriptionColumns = {
  deviceId: workerPushSubscriptions.deviceId,
  endpoint: workerPushSubscriptions.endpoint,
  p256dh: workerPushSubscriptions.p256dh,
  auth: workerPushSubscriptions.auth,
  lang: workerPushSubscriptions.lang,
};
export type SubscriptionRow = Awaited<ReturnType<typeof subscriptionsOfWorkers>>[number];

/** The subscriptions of the workers' phones that still stand. */
export async function subscriptionsOfWorkers(db: DbOrTx, workerIds: number[]) {
  if (!workerIds.length) return [];
  return db
    .select(subscriptionColumns)
    .from(workerPushSubscriptions)
    .innerJoin(workerDevices, eq(workerDevices.id, workerPushSubscriptions.deviceId))
    .where(and(inArray(workerDevices.workerId, workerIds), isNull(workerDevices.revokedAt)));
}

/** What a push names about a line: its room and service, nothing of the guest. */
export async function lineForPush(db: DbOrTx, lineId: number) {
  const [row] = await db
    .select({
      lineId: requestLines.id,
      roomNumber: rooms.number,
      serviceNameEn: services.nameEn,
      serviceNameAr: services.nameAr,
      workerId: requestLines.workerId,
      status: requestLines.status,
      departmentId: requestLines.departmentId,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(eq(requestLines.id, lineId));
  return row;
}

const offeredLinesOf = (by: 'request' | 'line') =>
  builtOnce((db) =>
    db
      .select({ lineId: requestLines.id, departmentId: requestLines.departmentId, hotelId: requestLines.hotelId })
      .from(requestLines)
      .innerJoin(departments, eq(departments.id, requestLines.departmentId))
      .where(
        and(
          by === 'request' ? eq(requestLines.requestId, sql.placeholder('id')) : eq(requestLines.id, sql.placeholder('id')),
          eq(requestLines.status, 'Open'),
          isNull(requestLines.workerId),
          eq(departments.workersTakeOpenLines, true),
        ),
      )
      .prepare(''),
  );
const offeredLinesOfRequest = offeredLinesOf('request');
const offeredLine = offeredLinesOf('line');

/**
 * The open, unassigned lines (of a request, or one line) that sit in a department whose workers
 * take open lines. Every new request asks: built once (see builtOnce).
 */
export async function offeredLines(db: DbOrTx, where: { requestId: string } | { lineId: number }) {
  return 'requestId' in where ? offeredLinesOfRequest(db).execute({ id: where.requestId }) : offeredLine(db).execute({ id: where.lineId });
}

/** The department's workers serving the hotel: only they hear of its offered lines. */
export async function workersOfDepartment(db: DbOrTx, departmentId: number, hotelId: number | null): Promise<number[]> {
  if (hotelId === null) return [];
  const rows = await db
    .select({ id: workers.id })
    .from(workers)
    .innerJoin(workerHotels, and(eq(workerHotels.workerId, workers.id), eq(workerHotels.hotelId, hotelId)))
    .where(eq(workers.departmentId, departmentId));
  return rows.map((r) => r.id);
}
