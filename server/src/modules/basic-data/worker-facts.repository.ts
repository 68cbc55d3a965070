import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { workerDevices, workerHotels } from '../../db/schema';

// What the desk and the phones both ask of a worker (a worker is basic data): the requests
// workflow checks them when a line is handed to the worker, the phones at each task.

/** The hotels the worker serves: its phone sees lines of these only. */
export async function workerHotelIds(db: DbOrTx, workerId: number): Promise<number[]> {
  const rows = await db.select({ hotelId: workerHotels.hotelId }).from(workerHotels).where(eq(workerHotels.workerId, workerId));
  return rows.map((r) => r.hotelId);
}

/** Whether the worker has a paired phone that stands: then the worker's Accept acknowledges a task. */
export async function workerHasPhone(db: DbOrTx, workerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: workerDevices.id })
    .from(workerDevices)
    .where(and(eq(workerDevices.workerId, workerId), isNull(workerDevices.revokedAt)))
    .limit(1);
  return rows.length > 0;
}
