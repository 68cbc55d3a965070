import { type Language, type WorkActionResponse, type WorkTask, clockOf } from '@shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import { type Localized, localize } from '../../i18n/localize';
import type { DevicePrincipal } from '../../security/device-tokens';
import { insertMessage, messagesOfLines } from '../requests/messages.repository';
import { iso } from '../requests/requests.mappers';
import * as lines from '../requests/requests.repository';
import { requestStatusOf } from '../requests/request-status';
import { type Actor, type LockedLine, step } from '../requests/workflow.service';
import { attach as attachPhoto } from './photos.service';
import { workMessages as m } from './work.messages';
import { announcing } from '../../live/announce';
import * as repo from './work.repository';
import { inLanguage } from '../../access/names';

/** What a worker's phone reads and does: its own lines, its department's pool. */

function toTasks(rows: repo.TaskRow[], messages: Awaited<ReturnType<typeof messagesOfLines>>, lang: Language, now: Date): WorkTask[] {
  return rows.map((r) => {
    const clock = clockOf(r, now);
    return {
      lineId: r.lineId,
      requestCode: r.requestCode,
      roomNumber: r.roomNumber,
      hotelName: inLanguage(lang, { en: r.hotelNameEn, ar: r.hotelNameAr }),
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
  const rows = await repo.poolOf(ctx.database.db, departmentId, device.workerId);
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

/** A tap sent with its key: taken and answered in the same transaction that applies it. */
interface KeyedTap {
  deviceId: string;
  key: string;
  action: WorkAction;
  lineId: number;
}

type Answer = Omit<WorkActionResponse, 'message'> & { message: Localized };
type ActionRow = NonNullable<Awaited<ReturnType<typeof repo.actionOf>>>;

/** An earlier try of the same tap was answered while this one waited for the line: its answer is this one's. */
class Replayed extends Error {
  constructor(readonly earlier: ActionRow) {
    super('replayed');
  }
}

/**
 * Takes the tap's key inside the action's transaction, so a try that fails (the database
 * lost, the process stopped) leaves no key behind and the retry applies it; a second try
 * that waited on the first finds the first's answer.
 */
async function claim(tx: Tx, tap: KeyedTap | undefined): Promise<void> {
  if (!tap) return;
  const earlier = await repo.claimAction(tx, tap);
  // A key taken and never answered: left by a try from before keys were answered in the same transaction.
  if (earlier && earlier.status === null) {
    await repo.dropAction(tx, tap.deviceId, tap.key);
    if (await repo.claimAction(tx, tap)) throw new Error('action key: taken twice');
    return;
  }
  if (earlier) throw new Replayed(earlier);
}

async function record(tx: Tx, tap: KeyedTap | undefined, answer: Answer): Promise<Answer> {
  if (tap) await repo.finishAction(tx, tap.deviceId, tap.key, 200, answer);
  return answer;
}

function replay(earlier: ActionRow, tap: KeyedTap, lang: Language): WorkActionResponse {
  if (earlier.action !== tap.action || earlier.lineId !== tap.lineId) throw conflict(m.actionKeyReused);
  const stored = earlier.result as { message: Localized; params?: Record<string, string | number>; lineId?: number; status?: WorkActionResponse['status']; version?: string };
  if (earlier.status === 200) return { message: localize(stored.message, lang), lineId: stored.lineId!, status: stored.status!, version: stored.version };
  throw new AppError(earlier.status!, stored.message, stored.params);
}

/** The worker's phone may touch only its own worker's line, and (given a version) only as the phone saw it. */
function workerActor(device: DevicePrincipal, version: string | undefined, tap: KeyedTap | undefined): Actor {
  return {
    check: async (line, tx) => {
      // First: a retry of a tap whose first try was answered meanwhile gets that answer, whatever the line is now.
      await claim(tx, tap);
      // Its own line, of a hotel it serves (a hotel taken from the worker takes its lines' details too).
      if (line.workerId !== device.workerId || !(await repo.workerHotelIds(tx, device.workerId)).includes(line.hotelId)) throw notFound(m.taskNotYours);
      if (version !== undefined && line.updatedAt.toISOString() !== version) throw conflict(m.changedMeanwhile);
    },
  };
}

const closedViolation = (line: LockedLine) => (line.status === 'Completed' || line.status === 'Rejected' ? ('closed' as const) : null);

/** Runs an action once per phone key: a retried tap answers the stored first result (success or refusal) and applies nothing. */
export async function act(ctx: AppContext, device: DevicePrincipal, action: WorkAction, input: ActionInput, lang: Language): Promise<WorkActionResponse> {
  const db = ctx.database.db;
  const tap = input.key ? { deviceId: device.deviceId, key: input.key, action, lineId: input.lineId } : undefined;
  if (tap) {
    const earlier = await repo.actionOf(db, tap.deviceId, tap.key);
    if (earlier && earlier.status !== null) return replay(earlier, tap, lang);
  }
  try {
    const answer = await applyLocalized(ctx, device, action, input, tap);
    return { ...answer, message: localize(answer.message, lang) };
  } catch (error) {
    if (error instanceof Replayed) return replay(error.earlier, tap!, lang);
    // A refusal is the answer a retry gets too (its transaction kept nothing); anything else (a 5xx) may be tried again.
    if (tap && error instanceof AppError && error.statusCode < 500) await repo.refuseAction(db, tap, error.statusCode, { message: error.text, params: error.params });
    throw error;
  }
}

async function applyLocalized(ctx: AppContext, device: DevicePrincipal, action: WorkAction, input: ActionInput, tap: KeyedTap | undefined): Promise<Answer> {
  const actor = workerActor(device, input.version, tap);
  const me = device.workerId;
  const answered = (tx: Tx, at: Date, message: Localized, status: WorkActionResponse['status']) => record(tx, tap, { message, lineId: input.lineId, status, version: iso(at) });
  let answer: Answer | undefined;
  switch (action) {
    case 'accept': {
      await step(
        ctx,
        actor,
        input.lineId,
        (line) => closedViolation(line),
        async (tx, line, at) => {
          if (line.acceptedAt) throw conflict(m.alreadyAccepted);
          answer = await answered(tx, at, m.accepted, 'Assigned');
          // Accepting acknowledges the line, as the desk's Acknowledge does for its service levels.
          return { acceptedAt: at, acceptedByWorkerId: me, ...(line.acknowledgedAt ? {} : { acknowledgedAt: at }) };
        },
        'line-acknowledged',
      );
      return answer!;
    }
    case 'start': {
      await step(ctx, actor, input.lineId, (line) => closedViolation(line), async (tx, line, at) => {
        if (!line.acceptedAt) throw conflict(m.acceptFirst);
        if (line.startedAt) throw conflict(m.alreadyStarted);
        answer = await answered(tx, at, m.started, 'Assigned');
        return { startedAt: at, startedByWorkerId: me };
      });
      return answer!;
    }
    case 'done': {
      // The desk's Complete rule (line-rules 'complete'), applied by the same workflow step.
      const note = input.note?.trim() ?? '';
      await step(ctx, actor, input.lineId, 'complete', async (tx, line, at, announce) => {
        // The worker's words are for staff: an internal note, never a reply the guest reads unseen.
        if (note) await announce({ type: 'message.added', at, line, message: { id: await insertMessage(tx, { lineId: line.id, kind: 'note', text: note, workerId: me, at }), kind: 'note', text: note } });
        if (input.photoId) await attachPhoto(tx, input.photoId, line.id, me, at);
        answer = await answered(tx, at, m.done, 'Completed');
        return { status: 'Completed', completedAt: at, completedByWorkerId: me, ...(line.acknowledgedAt ? {} : { acknowledgedAt: at }) };
      });
      return answer!;
    }
    case 'cantDo': {
      const reason = input.reason?.trim() ?? '';
      const worker = await repo.workerById(ctx.database.db, me);
      // The desk is alerted with who gave the line back and why (LiveAlerts), not only its list row.
      const returned = { workerName: worker?.name ?? '', workerNameAr: worker?.nameAr ?? null, reason };
      await step(ctx, actor, input.lineId, (line) => closedViolation(line), async (tx, line, at, announce) => {
        const text = localize(m.cantDoReason, 'en', { reason });
        await announce({ type: 'message.added', at, line, message: { id: await insertMessage(tx, { lineId: line.id, kind: 'note', text, workerId: me, at }), kind: 'note', text } });
        answer = await answered(tx, at, m.returned, 'Open');
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
        // Its department's phones are offered it again, with the step (offered).
      }, 'line-changed', { returned, offered: true });
      return answer!;
    }
    case 'take':
      return take(ctx, device, input.lineId, tap);
  }
}

async function take(ctx: AppContext, device: DevicePrincipal, lineId: number, tap: KeyedTap | undefined): Promise<Answer> {
  const db = ctx.database.db;
  const departmentId = await repo.poolDepartmentOf(db, device.workerId);
  if (departmentId === undefined) throw new AppError(403, m.poolClosed);
  const at = ctx.clock.now();
  return announcing(ctx, async (tx, announce) => {
    await claim(tx, tap);
    const row = await repo.takeLine(tx, lineId, device.workerId, departmentId, at);
    // Thrown, not returned: the transaction then keeps no key without an answer.
    if (!row) throw (await repo.lineExistsInDepartment(tx, lineId, departmentId, device.workerId)) ? conflict(m.alreadyTaken) : notFound(m.taskNotYours);
    const status = requestStatusOf(await lines.lineStatuses(tx, row.requestId));
    await lines.touchRequest(tx, row.requestId, status, at);
    const answer: Answer = { message: m.taken, lineId, status: 'Assigned', version: iso(at) };
    await record(tx, tap, answer);
    const request = await repo.requestOfLine(tx, row.requestId);
    await announce({
      type: 'live',
      live: { type: 'line-changed', requestId: row.requestId, requestCode: request.requestCode, hotelId: request.hotelId, departmentIds: [departmentId], lineId, statusName: 'Assigned', at: iso(at) },
    });
    return answer;
  });
}
