import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Language, type LiveEvent, StreamSignal, type WorkEvent, type WorkStreamEvents } from '@shared';
import type { AppContext } from '../../context';
import type { DevicePrincipal } from '../../security/device-tokens';
import { streamHub } from '../../live/stream-hub';
import * as repo from './work.repository';

/**
 * The phone's live events: its worker's own lines (and a line that just left them), and
 * its department's pool when the department lets its workers take lines. An event says
 * only which line changed; the phone reads its tasks again, through the same checks as
 * every call, so a stream never carries another worker's task.
 */

const DEVICE_CHANNEL = 'work_devices';

/** A phone whose standing changed: one device (revoked) or every phone of a worker (PIN set). */
export interface DeviceChange {
  deviceId?: string;
  workerId?: number;
}

/** Tells every server process so an open stream of that phone checks its standing at once. */
export async function announceDeviceChange(ctx: AppContext, change: DeviceChange): Promise<void> {
  try {
    await ctx.database.notify(DEVICE_CHANNEL, JSON.stringify(change));
  } catch (err) {
    process.emitWarning(`device change was not published: ${String(err)}`);
  }
}

/** Listens for device changes for the app's life; the streams subscribe to it. */
export async function watchDeviceChanges(app: FastifyInstance): Promise<EventEmitter> {
  const changes = new EventEmitter().setMaxListeners(0);
  const stop = await app.ctx.database.listen(DEVICE_CHANNEL, (payload) => {
    try {
      changes.emit('change', JSON.parse(payload) as DeviceChange);
    } catch {
      // Not ours.
    }
  });
  app.addHook('onClose', async () => {
    changes.removeAllListeners();
    await stop();
  });
  return changes;
}

type EventLines = Awaited<ReturnType<typeof repo.linesOfEvent>>;
/** One look-up per event however many phones listen: the bus hands every subscriber the same object. */
const linesByEvent = new WeakMap<LiveEvent, Promise<EventLines>>();

function linesOf(ctx: AppContext, event: LiveEvent): Promise<EventLines> {
  let lines = linesByEvent.get(event);
  if (!lines) {
    lines = repo.linesOfEvent(ctx.database.db, event);
    linesByEvent.set(event, lines);
  }
  return lines;
}

const OPEN_STATUSES = new Set(['Open', 'Assigned']);

/** What the phone hears of a live event: `task` for its own lines (also one leaving it), `pool` for its department's pool. */
export function workEventsOf(
  lines: EventLines,
  event: Pick<LiveEvent, 'departmentIds' | 'at'>,
  workerId: number,
  known: Set<number>,
  poolDepartmentId: number | undefined,
): { type: 'task' | 'pool'; data: WorkEvent }[] {
  const out: { type: 'task' | 'pool'; data: WorkEvent }[] = [];
  for (const line of lines) {
    const mine = line.workerId === workerId && OPEN_STATUSES.has(line.status);
    if (mine || known.has(line.id)) out.push({ type: 'task', data: { lineId: line.id, at: event.at } });
    if (mine) known.add(line.id);
    else known.delete(line.id);
    const inPool = poolDepartmentId !== undefined && (line.departmentId === poolDepartmentId || event.departmentIds.includes(poolDepartmentId));
    if (inPool && !mine) out.push({ type: 'pool', data: { lineId: line.id, at: event.at } });
  }
  return out;
}

export async function openWorkStream(
  app: FastifyInstance,
  changes: EventEmitter,
  device: DevicePrincipal,
  reply: FastifyReply,
  address: string,
  until: number | undefined,
  lang: Language,
): Promise<FastifyReply> {
  const { ctx } = app;
  const db = ctx.database.db;
  const streams = streamHub(app);
  const owner = { address, deviceId: device.deviceId };
  if (streams.refused(reply, owner, lang)) return reply;
  const known = new Set(await repo.openLineIdsOf(db, device.workerId));
  const poolDepartmentId = await repo.poolDepartmentOf(db, device.workerId);
  // The phone hears of lines of its worker's hotels only (read at open; a stream lives no longer than its token).
  const hotelIds = new Set(await repo.workerHotelIds(db, device.workerId));
  const stream = streams.open<WorkStreamEvents>(reply, owner, lang);
  if (!stream) return reply;
  // No longer than its token: the phone comes back with a fresh ticket and is checked again.
  if (until) stream.endAt(until);
  // A revoked phone (or one locked by a new PIN) loses its stream at once, in every process.
  const onChange = (change: DeviceChange) => {
    if (change.deviceId !== device.deviceId && change.workerId !== device.workerId) return;
    void app.deviceStanding(device).then(
      (standing) => standing === 'ok' || stream.endAt(Date.now()),
      () => undefined,
    );
  };
  changes.on('change', onChange);
  stream.onEnd(() => changes.off('change', onChange));
  stream.onEnd(
    ctx.events.subscribe(
      (event) => {
        if (!hotelIds.has(event.hotelId)) return;
        void linesOf(ctx, event).then(
          (lines) => {
            for (const { type, data } of workEventsOf(lines, event, device.workerId, known, poolDepartmentId)) stream.send(type, data);
          },
          () => stream.send(StreamSignal.resync, { at: ctx.clock.now().toISOString() }),
        );
      },
      () => stream.send(StreamSignal.resync, { at: ctx.clock.now().toISOString() }),
    ),
  );
  return reply;
}
