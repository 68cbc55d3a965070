import { type Language, type WorkActionResponse, type WorkTask, clockOf } from '@shared';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../http/errors';
import { type Localized, localize } from '../../i18n/localize';
import type { DevicePrincipal } from '../../security/device-tokens';
import { insertMessage, messagesOfLines } from '../requests/messages.repository';
import { announce } from '../requests/live-events';
import { iso } from '../requests/requests.mappers';
import * as lines from '../requests/requests.repository';
import { requestStatusOf } from '../requests/request-status';
import { type Actor, type LockedLine, step } from '../requests/workflow.service';
import { attach as attachPhoto } from './photos.service';
import { pushOffered } from './push.service';
import { workMessages as m } from './work.messages';
import * as repo from './work.repository';

/** What a worker's phone reads and does: its own lines, its department's pool. */

function toTasks(rows: repo.TaskRow[], messages: Awaited<ReturnType<typeof messagesOfLines>>, lang: Language, now: Date): WorkTask[] {
  return rows.map((r) => {
    const clock = clockOf(r, now);
    return {
      lineId: r.lineId,
      requestCode: r.requestCode,
      roomNumber: r.roomNumber,
      hotelName: lang === 'ar' ? r.hotelNameAr : r.hotelNameEn,
      serviceNameEn: r.serviceNameEn,
      serviceNameAr: r.serviceNameAr,
      guestName: r.guestName,
      guestNote: r.guestNote,
      status: r.status,
      createdAt: iso(r.createdAt),
      ageMinutes: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 60_000)),
      dueAt: clock.dueAt ? iso(clock.dueAt) : null,
      isOverdue: clock.isOverdue,
      acceptedAt: r.acceptedAt ? iso(r.acceptedAt) : null,
      startedAt: r.startedAt ? iso(r.startedAt) : null,
      version: iso(r.updatedAt),
      messages: messages
        .filter((msg) => msg.lineId === r.lineId)
        .map((msg) => ({ kind: msg.kind, internal: msg.kind === 'note', text: msg.text, authorName: msg.authorName, createdAt: iso(msg.createdAt) })),
    };
  });
}

export async function tasks(ctx: AppContext, device: DevicePrincipal, lang: Language): Promise<WorkTask[]> {
  const db = ctx.database.db;
  const rows = await repo.tasksOf(db, device.workerId);
  return toTasks(rows, await messagesOfLines(db, rows.map((r) => r.lineId), 'staff'), lang, ctx.clock.now());
}

export async function pool(ctx: AppContext, device: DevicePrincipal, lang: Language): Promise<WorkTask[]> {
  const departmentId = await repo.poolDepartmentOf(ctx.database.db, device.workerId);
  if (departmentId === undefined) throw new AppError(403, m.poolClosed);
  const rows = await repo.poolOf(ctx.database.db, departmentId);
  // The pool shows what the line is; its conversation stays with whoever takes it.
  return toTasks(rows, [], lang, ctx.clock.now());
}

// ── Actions ──
export type WorkAction = 'accept' | 'start' | 'done' | 'cantDo' | 'take';

export interface ActionInput {
  lineId: number;
  /** The phone's key for this tap (Idempotency-Key or clientActionId). */
  key?: string;
  /** The line's `version` the phone saw; a later change answers 409. */
  version?: string;
  note?: string;
  reason?: string;
  /** Done: a photo uploaded for this line first. */
  photoId?: string;
}

/** The worker's phone may touch only its own worker's line, and (given a version) only as the phone saw it. */
function workerActor(device: DevicePrincipal, version: string | undefined): Actor {
  return {
    check: (line) => {
      if (line.workerId !== device.workerId) throw notFound(m.taskNotYours);
      if (version !== undefined && line.updatedAt.toISOString() !== version) throw conflict(m.changedMeanwhile);
    },
  };
}

const closedViolation = (line: LockedLine) => (line.status === 'Completed' || line.status === 'Rejected' ? ('closed' as const) : null);

/** Runs an action once per phone key: a retried tap answers the stored first result (success or refusal) and applies nothing. */
export async function act(ctx: AppContext, device: DevicePrincipal, action: WorkAction, input: ActionInput, lang: Language): Promise<WorkActionResponse> {
  if (!input.key) return apply(ctx, device, action, input, lang);
  const db = ctx.database.db;
  const earlier = await repo.claimAction(db, { deviceId: device.deviceId, key: input.key, action, lineId: input.lineId });
  if (earlier) {
    if (earlier.action !== action || earlier.lineId !== input.lineId) throw conflict(m.actionKeyReused);
    if (earlier.status === null) throw conflict(m.actionInProgress);
    const stored = earlier.result as { message: Localized; params?: Record<string, string | number>; lineId?: number; status?: WorkActionResponse['status']; version?: string };
    if (earlier.status === 200) return { message: localize(stored.message, lang), lineId: stored.lineId!, status: stored.status!, version: stored.version };
    throw new AppError(earlier.status, stored.message, stored.params);
  }
  try {
    const answer = await applyLocalized(ctx, device, action, input);
    await repo.finishAction(db, device.deviceId, input.key, 200, answer);
    return { ...answer, message: localize(answer.message, lang) };
  } catch (error) {
    // A refusal is the answer a retry gets too; anything else (a 5xx) may be tried again.
    if (error instanceof AppError && error.statusCode < 500) await repo.finishAction(db, device.deviceId, input.key, error.statusCode, { message: error.text, params: error.params });
    else await repo.dropAction(db, device.deviceId, input.key).catch(() => undefined);
    throw error;
  }
}

async function apply(ctx: AppContext, device: DevicePrincipal, action: WorkAction, input: ActionInput, lang: Language): Promise<WorkActionResponse> {
  const answer = await applyLocalized(ctx, device, action, input);
  return { ...answer, message: localize(answer.message, lang) };
}

async function applyLocalized(
  ctx: AppContext,
  device: DevicePrincipal,
  action: WorkAction,
  input: ActionInput,
): Promise<Omit<WorkActionResponse, 'message'> & { message: Localized }> {
  const actor = workerActor(device, input.version);
  const me = device.workerId;
  switch (action) {
    case 'accept': {
      const { at } = await step(
        ctx,
        actor,
        input.lineId,
        (line) => closedViolation(line),
        async (_tx, line, at) => {
          if (line.acceptedAt) throw conflict(m.alreadyAccepted);
          // Accepting acknowledges the line, as the desk's Acknowledge does for its service levels.
          return { acceptedAt: at, acceptedByWorkerId: me, ...(line.acknowledgedAt ? {} : { acknowledgedAt: at }) };
        },
        'line-acknowledged',
      );
      return { message: m.accepted, lineId: input.lineId, status: 'Assigned', version: iso(at) };
    }
    case 'start': {
      const { at } = await step(ctx, actor, input.lineId, (line) => closedViolation(line), async (_tx, line, at) => {
        if (!line.acceptedAt) throw conflict(m.acceptFirst);
        if (line.startedAt) throw conflict(m.alreadyStarted);
        return { startedAt: at, startedByWorkerId: me };
      });
      return { message: m.started, lineId: input.lineId, status: 'Assigned', version: iso(at) };
    }
    case 'done': {
      // The desk's Complete rule (line-rules 'complete'), applied by the same workflow step.
      const note = input.note?.trim() ?? '';
      const { at } = await step(ctx, actor, input.lineId, 'complete', async (tx, line, at) => {
        // The worker's words are for staff: an internal note, never a reply the guest reads unseen.
        if (note) await insertMessage(tx, { lineId: line.id, kind: 'note', text: note, workerId: me, at });
        if (input.photoId) await attachPhoto(tx, input.photoId, line.id, me, at);
        return { status: 'Completed', completedAt: at, completedByWorkerId: me, ...(line.acknowledgedAt ? {} : { acknowledgedAt: at }) };
      });
      return { message: m.done, lineId: input.lineId, status: 'Completed', version: iso(at) };
    }
    case 'cantDo': {
      const reason = input.reason?.trim() ?? '';
      const worker = await repo.workerById(ctx.database.db, me);
      // The desk is alerted with who gave the line back and why (LiveAlerts), not only its list row.
      const returned = { workerName: worker?.name ?? '', workerNameAr: worker?.nameAr ?? null, reason };
      const { at } = await step(ctx, actor, input.lineId, (line) => closedViolation(line), async (tx, line, at) => {
        await insertMessage(tx, { lineId: line.id, kind: 'note', text: localize(m.cantDoReason, 'en', { reason }), workerId: me, at });
        // Back to its department, unassigned (SPEC status Open): the desk hears it on its live stream.
        return {
          status: 'Open',
          workerId: null,
          assignedBy: null,
          assignedAt: null,
          acceptedAt: null,
          acceptedByWorkerId: null,
          startedAt: null,
          startedByWorkerId: null,
        };
      }, 'line-changed', { returned });
      pushOffered(ctx, { lineId: input.lineId });
      return { message: m.returned, lineId: input.lineId, status: 'Open', version: iso(at) };
    }
    case 'take':
      return take(ctx, device, input.lineId);
  }
}

async function take(ctx: AppContext, device: DevicePrincipal, lineId: number) {
  const db = ctx.database.db;
  const departmentId = await repo.poolDepartmentOf(db, device.workerId);
  if (departmentId === undefined) throw new AppError(403, m.poolClosed);
  const at = ctx.clock.now();
  const taken = await db.transaction(async (tx) => {
    const row = await repo.takeLine(tx, lineId, device.workerId, departmentId, at);
    if (!row) return undefined;
    const status = requestStatusOf(await lines.lineStatuses(tx, row.requestId));
    await lines.touchRequest(tx, row.requestId, status, at);
    return row;
  });
  if (!taken) {
    if (await repo.lineExistsInDepartment(db, lineId, departmentId)) throw conflict(m.alreadyTaken);
    throw notFound(m.taskNotYours);
  }
  const request = await repo.requestOfLine(db, taken.requestId);
  await announce(ctx, {
    type: 'line-changed',
    requestId: taken.requestId,
    requestCode: request.requestCode,
    hotelId: request.hotelId,
    departmentIds: [departmentId],
    lineId,
    statusName: 'Assigned',
    at: iso(at),
  });
  return { message: m.taken, lineId, status: 'Assigned' as const, version: iso(at) };
}
