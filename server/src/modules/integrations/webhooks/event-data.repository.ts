import { asc, eq } from 'drizzle-orm';
import type { LineChange, RequestStatus, WebhookData } from '@shared';
import type { Tx } from '../../../db/client';
import { requestLines, requests, rooms } from '../../../db/schema';

/** What an event says about a request, read in the transaction that changed it. */

export async function requestRef(tx: Tx, requestId: string) {
  const [row] = await tx
    .select({ requestId: requests.id, requestCode: requests.requestCode, hotelId: requests.hotelId })
    .from(requests)
    .where(eq(requests.id, requestId));
  return row;
}

export async function requestCreatedData(tx: Tx, requestId: string): Promise<WebhookData<'request.created'>> {
  const [header] = await tx
    .select({
      requestId: requests.id,
      requestCode: requests.requestCode,
      hotelId: requests.hotelId,
      roomId: requests.roomId,
      roomNumber: rooms.number,
      channel: requests.channel,
      status: requests.status,
    })
    .from(requests)
    .leftJoin(rooms, eq(rooms.id, requests.roomId))
    .where(eq(requests.id, requestId));
  const lines = await tx
    .select({
      lineId: requestLines.id,
      serviceId: requestLines.serviceId,
      departmentId: requestLines.departmentId,
      status: requestLines.status,
      scheduledFor: requestLines.scheduledFor,
    })
    .from(requestLines)
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.id));
  return { ...header, lines: lines.map((l) => ({ ...l, scheduledFor: l.scheduledFor?.toISOString() ?? null })) };
}

/** A line as a line.changed event tells it, read after the change. */
export async function lineChangedData(tx: Tx, lineId: number, change: LineChange, requestStatus: RequestStatus): Promise<WebhookData<'line.changed'>> {
  const [row] = await tx
    .select({
      requestId: requests.id,
      requestCode: requests.requestCode,
      hotelId: requests.hotelId,
      lineId: requestLines.id,
      status: requestLines.status,
      departmentId: requestLines.departmentId,
      workerId: requestLines.workerId,
      acknowledgedAt: requestLines.acknowledgedAt,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .where(eq(requestLines.id, lineId));
  return { ...row, change, requestStatus, acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null };
}
