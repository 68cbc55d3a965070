import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  departments,
  hotels,
  requestLines,
  requests,
  rooms,
  services,
  workerActions,
  workerHotels,
  workerDeviceCredentials,
  workerDevices,
  workerPairingCodes,
  workerPushSubscriptions,
  workers,
} from '../../db/schema';
import { workerHasPhone, workerHotelIds } from '../basic-data/worker-facts.repository';

/** Asked of a worker by the desk too: kept with the workers (basic data), named here for the phones' code. */
export { workerHasPhone, workerHotelIds };

/** The only place workers' phones talk to the database (STYLE §3). */

// ── Workers ──
export async function workerById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: workers.id, name: workers.name, nameAr: workers.nameAr, departmentId: workers.departmentId, pinHash: workers.pinHash })
    .from(workers)
    .where(eq(workers.id, id));
  return row && { ...row, hotelIds: await workerHotelIds(db, id) };
}

/** A line's hotel is one the worker serves (a condition on requests.hotel_id). */
const ofWorkerHotels = (workerId: number) =>
  sql`${requests.hotelId} in (select ${workerHotels.hotelId} from ${workerHotels} where ${workerHotels.workerId} = ${workerId})`;

/** Sets or removes the PIN; every phone of the worker must give the new one. */
export async function setPin(tx: Tx, workerId: number, pinHash: string | null): Promise<void> {
  await tx.update(workers).set({ pinHash, updatedAt: new Date() }).where(eq(workers.id, workerId));
  await tx.update(workerDevices).set({ unlockedAt: null, failedPins: 0 }).where(eq(workerDevices.workerId, workerId));
}

// ── Pairing codes ──
/** Ends the worker's earlier live codes (one live code per worker) and any code past its time. */
export async function endStaleCodes(tx: Tx, workerId: number, now: Date): Promise<void> {
  await tx
    .update(workerPairingCodes)
    .set({ endedAt: now })
    .where(and(isNull(workerPairingCodes.endedAt), or(eq(workerPairingCodes.workerId, workerId), lt(workerPairingCodes.expiresAt, now))));
}

/** Inserts a code; false when its selector is already live (the caller draws another). */
export async function insertPairingCode(
  tx: Tx,
  row: { workerId: number; selector: string; secretHash: string; expiresAt: Date; createdBy: number | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(workerPairingCodes)
    .values(row)
    .onConflictDoNothing({ target: workerPairingCodes.selector, where: sql`ended_at is null` })
    .returning({ id: workerPairingCodes.id });
  return inserted.length > 0;
}

export async function lockLiveCode(tx: Tx, selector: string) {
  const [row] = await tx
    .select()
    .from(workerPairingCodes)
    .where(and(eq(workerPairingCodes.selector, selector), isNull(workerPairingCodes.endedAt)))
    .for('update');
  return row;
}

export async function recordWrongCode(tx: Tx, id: number, burnAt: number, now: Date): Promise<void> {
  await tx
    .update(workerPairingCodes)
    .set({
      failedAttempts: sql`${workerPairingCodes.failedAttempts} + 1`,
      endedAt: sql`case when ${workerPairingCodes.failedAttempts} + 1 >= ${burnAt} then ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(workerPairingCodes.id, id));
}

export async function endCode(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(workerPairingCodes).set({ endedAt: now }).where(eq(workerPairingCodes.id, id));
}

// ── Devices and their credentials ──
export async function insertDevice(tx: Tx, row: { workerId: number; name: string; createdBy: number | null }): Promise<string> {
  const [device] = await tx.insert(workerDevices).values(row).returning({ id: workerDevices.id });
  return device.id;
}

export async function insertCredential(tx: Tx, deviceId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await tx.insert(workerDeviceCredentials).values({ deviceId, tokenHash, expiresAt });
}

/**
 * The credential behind `tokenHash` and its device's later ones, with the device locked:
 * uses of one phone's credentials take turns, so a reuse sees what an earlier one did.
 */
export async function lockCredential(tx: Tx, tokenHash: string) {
  const [found] = await tx.select({ deviceId: workerDeviceCredentials.deviceId }).from(workerDeviceCredentials).where(eq(workerDeviceCredentials.tokenHash, tokenHash));
  if (!found) return undefined;
  await tx.select({ id: workerDevices.id }).from(workerDevices).where(eq(workerDevices.id, found.deviceId)).for('update');
  const rows = await tx.select().from(workerDeviceCredentials).where(eq(workerDeviceCredentials.deviceId, found.deviceId)).orderBy(workerDeviceCredentials.id);
  const credential = rows.find((r) => r.tokenHash === tokenHash);
  if (!credential) return undefined;
  return { credential, successorUsed: rows.some((r) => r.id > credential.id && r.replacedAt !== null) };
}

/** Marks a credential used (replaced) only if it was not already; answers whether this call did. */
export async function useCredential(tx: Tx, id: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(workerDeviceCredentials)
    .set({ replacedAt: now })
    .where(and(eq(workerDeviceCredentials.id, id), isNull(workerDeviceCredentials.replacedAt)))
    .returning({ id: workerDeviceCredentials.id });
  return used.length > 0;
}

/** A lost answer's credentials, never used, are dropped: the one presented again gets a new one in their place. */
export async function dropUnusedSuccessors(tx: Tx, deviceId: string, afterId: number): Promise<void> {
  await tx
    .delete(workerDeviceCredentials)
    .where(and(eq(workerDeviceCredentials.deviceId, deviceId), gt(workerDeviceCredentials.id, afterId), isNull(workerDeviceCredentials.replacedAt)));
}

export async function deviceById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: workerDevices.id,
      workerId: workerDevices.workerId,
      workerName: workers.name,
      pinHash: workers.pinHash,
      unlockedAt: workerDevices.unlockedAt,
      failedPins: workerDevices.failedPins,
      revokedAt: workerDevices.revokedAt,
    })
    .from(workerDevices)
    .innerJoin(workers, eq(workers.id, workerDevices.workerId))
    .where(eq(workerDevices.id, id));
  return row;
}

/**
 * Whether a phone's token still stands, read on every call (one primary-key lookup), and
 * its last-seen time moved on at most once a minute.
 */
export async function deviceStanding(db: DbOrTx, deviceId: string, workerId: number, now: Date) {
  const [row] = await db
    .update(workerDevices)
    .set({ lastSeenAt: sql`case when ${workerDevices.lastSeenAt} is null or ${workerDevices.lastSeenAt} < ${now.toISOString()}::timestamptz - interval '1 minute' then ${now.toISOString()}::timestamptz else ${workerDevices.lastSeenAt} end` })
    .where(and(eq(workerDevices.id, deviceId), eq(workerDevices.workerId, workerId), isNull(workerDevices.revokedAt)))
    .returning({ unlockedAt: workerDevices.unlockedAt, workerId: workerDevices.workerId });
  if (!row) return undefined;
  const [worker] = await db.select({ pinHash: workers.pinHash }).from(workers).where(eq(workers.id, workerId));
  return { locked: worker?.pinHash != null && row.unlockedAt === null };
}

/** A revoked phone is never pushed to again: its subscription goes with it. */
async function dropSubscription(db: DbOrTx, deviceId: string): Promise<void> {
  await db.delete(workerPushSubscriptions).where(eq(workerPushSubscriptions.deviceId, deviceId));
}

export async function revokeDevice(db: DbOrTx, deviceId: string, now: Date): Promise<void> {
  await db.update(workerDevices).set({ revokedAt: now }).where(and(eq(workerDevices.id, deviceId), isNull(workerDevices.revokedAt)));
  await dropSubscription(db, deviceId);
}

export async function revokeWorkerDevice(db: DbOrTx, workerId: number, deviceId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(workerDevices)
    .set({ revokedAt: sql`coalesce(${workerDevices.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(workerDevices.id, deviceId), eq(workerDevices.workerId, workerId)))
    .returning({ id: workerDevices.id });
  if (rows.length) await dropSubscription(db, deviceId);
  return rows.length > 0;
}

export async function devicesOf(db: DbOrTx, workerId: number) {
  return db
    .select({
      id: workerDevices.id,
      name: workerDevices.name,
      createdAt: workerDevices.createdAt,
      lastSeenAt: workerDevices.lastSeenAt,
      revokedAt: workerDevices.revokedAt,
    })
    .from(workerDevices)
    .where(eq(workerDevices.workerId, workerId))
    .orderBy(desc(workerDevices.createdAt));
}

export async function setUnlocked(db: DbOrTx, deviceId: string, now: Date): Promise<void> {
  await db.update(workerDevices).set({ unlockedAt: now, failedPins: 0 }).where(eq(workerDevices.id, deviceId));
}

/** Counts a wrong PIN; at `revokeAt` wrong PINs in a row the phone is unpaired. Answers whether it was. */
export async function recordWrongPin(db: DbOrTx, deviceId: string, revokeAt: number, now: Date): Promise<boolean> {
  const [row] = await db
    .update(workerDevices)
    .set({
      failedPins: sql`${workerDevices.failedPins} + 1`,
      revokedAt: sql`case when ${workerDevices.failedPins} + 1 >= ${revokeAt} then ${now.toISOString()}::timestamptz else ${workerDevices.revokedAt} end`,
    })
    .where(eq(workerDevices.id, deviceId))
    .returning({ revokedAt: workerDevices.revokedAt });
  if (row?.revokedAt != null) await dropSubscription(db, deviceId);
  return row?.revokedAt != null;
}

// ── Actions by the phone's own key ──
export async function claimAction(db: DbOrTx, row: { deviceId: string; key: string; action: string; lineId: number }) {
  const inserted = await db.insert(workerActions).values(row).onConflictDoNothing().returning({ key: workerActions.key });
  if (inserted.length) return undefined;
  const [earlier] = await db
    .select()
    .from(workerActions)
    .where(and(eq(workerActions.deviceId, row.deviceId), eq(workerActions.key, row.key)));
  return earlier;
}

/** A tap's key and its stored answer, if any. */
export async function actionOf(db: DbOrTx, deviceId: string, key: string) {
  const [row] = await db
    .select()
    .from(workerActions)
    .where(and(eq(workerActions.deviceId, deviceId), eq(workerActions.key, key)));
  return row;
}

/** A refused tap's answer, kept for its retries (unless a try of it was answered meanwhile). */
export async function refuseAction(db: DbOrTx, row: { deviceId: string; key: string; action: string; lineId: number }, status: number, result: unknown): Promise<void> {
  await db
    .insert(workerActions)
    .values({ ...row, status, result })
    .onConflictDoNothing();
}

export async function finishAction(db: DbOrTx, deviceId: string, key: string, status: number, result: unknown): Promise<void> {
  await db
    .update(workerActions)
    .set({ status, result })
    .where(and(eq(workerActions.deviceId, deviceId), eq(workerActions.key, key)));
}

export async function dropAction(db: DbOrTx, deviceId: string, key: string): Promise<void> {
  await db.delete(workerActions).where(and(eq(workerActions.deviceId, deviceId), eq(workerActions.key, key)));
}

// ── Tasks ──
const OPEN = ['Open', 'Assigned'] as const;

const taskColumns = {
  lineId: requestLines.id,
  requestCode: requests.requestCode,
  roomNumber: rooms.number,
  hotelNameEn: hotels.name,
  hotelNameAr: hotels.nameAr,
  serviceNameEn: services.nameEn,
  serviceNameAr: services.nameAr,
  guestName: requests.custName,
  guestNote: requestLines.note,
  requestNote: requests.note,
  status: requestLines.status,
  createdAt: requestLines.createdAt,
  updatedAt: requestLines.updatedAt,
  acknowledgedAt: requestLines.acknowledgedAt,
  clockStartedAt: requestLines.clockStartedAt,
  acknowledgeDueAt: requestLines.acknowledgeDueAt,
  completeDueAt: requestLines.completeDueAt,
  acceptedAt: requestLines.acceptedAt,
  startedAt: requestLines.startedAt,
};

function tasksWhere(db: DbOrTx, where: ReturnType<typeof and>) {
  return (
    db
      .select(taskColumns)
      .from(requestLines)
      .innerJoin(requests, eq(requests.id, requestLines.requestId))
      .innerJoin(rooms, eq(rooms.id, requests.roomId))
      .innerJoin(hotels, eq(hotels.id, requests.hotelId))
      .innerJoin(services, eq(services.id, requestLines.serviceId))
      .where(where)
      // Most urgent first: the next promise (due_at, kept by the database), then the oldest.
      .orderBy(sql`${requestLines.dueAt} asc nulls last`, asc(requestLines.createdAt), asc(requestLines.id))
      .limit(200)
  );
}

export type TaskRow = Awaited<ReturnType<typeof tasksOf>>[number];

export async function tasksOf(db: DbOrTx, workerId: number) {
  return tasksWhere(db, and(eq(requestLines.workerId, workerId), inArray(requestLines.status, [...OPEN]), ofWorkerHotels(workerId)));
}

/** The department's unassigned Open lines of the worker's hotels. */
export async function poolOf(db: DbOrTx, departmentId: number, workerId: number) {
  return tasksWhere(db, and(eq(requestLines.departmentId, departmentId), isNull(requestLines.workerId), eq(requestLines.status, 'Open'), ofWorkerHotels(workerId)));
}

/** The worker's department, when it lets its workers take open lines. */
export async function poolDepartmentOf(db: DbOrTx, workerId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: departments.id })
    .from(workers)
    .innerJoin(departments, eq(departments.id, workers.departmentId))
    .where(and(eq(workers.id, workerId), eq(departments.workersTakeOpenLines, true)));
  return row?.id;
}

/**
 * Gives an unassigned Open line of the department to the worker, in one conditional
 * UPDATE: whichever process's statement runs first wins, the others match no row.
 */
export async function takeLine(tx: Tx, lineId: number, workerId: number, departmentId: number, at: Date) {
  const [row] = await tx
    .update(requestLines)
    .set({
      workerId,
      status: 'Assigned',
      assignedAt: at,
      acceptedAt: at,
      acceptedByWorkerId: workerId,
      // Taking the line is taking it up: it acknowledges it, as the desk's Acknowledge would.
      acknowledgedAt: sql`coalesce(${requestLines.acknowledgedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(
      and(
        eq(requestLines.id, lineId),
        eq(requestLines.departmentId, departmentId),
        isNull(requestLines.workerId),
        eq(requestLines.status, 'Open'),
        // Only a line of a hotel the worker serves.
        // (request_lines.hotel_id is its request's, kept by an insert trigger.)
        sql`${requestLines.hotelId} in (select ${workerHotels.hotelId} from ${workerHotels} where ${workerHotels.workerId} = ${workerId})`,
      ),
    )
    .returning({ id: requestLines.id, requestId: requestLines.requestId });
  return row;
}

/** The line is of the department and of one of the worker's hotels (else it is none of the phone's business). */
export async function lineExistsInDepartment(db: DbOrTx, lineId: number, departmentId: number, workerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: requestLines.id })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(eq(requestLines.id, lineId), eq(requestLines.departmentId, departmentId), ofWorkerHotels(workerId)));
  return rows.length > 0;
}

export async function requestOfLine(db: DbOrTx, requestId: string) {
  const [row] = await db.select({ hotelId: requests.hotelId, requestCode: requests.requestCode }).from(requests).where(eq(requests.id, requestId));
  return row;
}

/** Drops action keys old enough that no phone retries them any more. */
export async function pruneActions(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(workerActions).where(lt(workerActions.createdAt, before));
}


// ── The phone's event stream ──
/** Where the lines an event concerns stand now: its line, or every line of its request. */
export async function linesOfEvent(db: DbOrTx, event: { requestId: string; lineId?: number }) {
  return db
    .select({ id: requestLines.id, workerId: requestLines.workerId, departmentId: requestLines.departmentId, status: requestLines.status })
    .from(requestLines)
    .where(event.lineId !== undefined ? eq(requestLines.id, event.lineId) : eq(requestLines.requestId, event.requestId));
}

export async function openLineIdsOf(db: DbOrTx, workerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: requestLines.id })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(and(eq(requestLines.workerId, workerId), inArray(requestLines.status, [...OPEN]), ofWorkerHotels(workerId)));
  return rows.map((r) => r.id);
}
