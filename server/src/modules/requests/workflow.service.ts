import {
  type AcknowledgeInput,
  type AssignDepartmentInput,
  type Language,
  type LiveEvent,
  type MessageResponse,
  type StatusUpdate,
  type StatusUpdateInput,
  LINE_ACTION_CLAIMS,
  NO_TARGETS,
  acknowledgeViolation,
  dueTimesOf,
} from '@shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireClaim } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { type Localized, localize } from '../../i18n/localize';
import type { Principal } from '../../security/tokens';
import { byKey, byUser } from '../../security/actor';
import { type LineAction, type LineViolation, violationOf } from './line-rules';
import { requestStatusOf } from './request-status';
import { iso } from './requests.mappers';
import { requestMessages as m, violationMessages } from './requests.messages';
import * as repo from './requests.repository';
import { insertMessage } from './messages.repository';
import { enqueueFinishedNotice } from '../service-levels/guest-mail';
import { canSeeLine, workerServesHotel } from '../../access/scope';
import { targetsOf } from '../service-levels/targets.repository';
import { workerHasPhone, workerHotelIds } from '../basic-data/worker-facts.repository';
import { type Announce, announcing, lineChangeOf } from '../../live/announce';

/** Staff moving a service line through its workflow (SPEC §4), one transaction per step. */

const STEPS: Record<StatusUpdate, { action: LineAction; done: Localized }> = {
  Assigned: { action: 'assignWorker', done: m.assigned },
  Completed: { action: 'complete', done: m.completed },
  Rejected: { action: 'reject', done: m.rejected },
};

export type LockedLine = NonNullable<Awaited<ReturnType<typeof repo.lockLine>>>;

/**
 * Who moves the line: staff within their scope, or a worker's phone on its own lines
 * (the work module). `check` throws when this actor may not touch the line at all.
 */
export interface Actor {
  /** Runs in the step's transaction, the line locked: it may refuse, or read and write with tx. */
  check(line: LockedLine, tx: Tx): void | Promise<void>;
}

export const staffActor = (user: Principal): Actor => ({
  check: (line) => {
    if (!canSeeLine(user, line)) throw notFound(m.lineNotFound);
  },
});

/** What a step tells of its change beyond the line: a worker's Can't do (who and why), and where the line went. */
export interface StepAbout {
  returned?: LiveEvent['returned'];
  /** The worker the step hands the line to (its phones buzz). */
  handedTo?: number;
  /** The line is open in its department after the step (that department's phones are offered it). */
  offered?: boolean;
}

/**
 * Locks the line, checks scope and the rule, applies `change`, then lets the request
 * status follow its lines, and announces the change (live/announce.ts) with it. Two clerks
 * clicking at once are served in turn; the second sees the first one's result and is refused by the rules.
 */
export async function step(
  ctx: AppContext,
  actor: Actor,
  lineId: number,
  action: LineAction | ((line: LockedLine) => LineViolation | null),
  change: (tx: Tx, line: LockedLine, at: Date, announce: Announce) => Promise<repo.LinePatch>,
  eventType: LiveEvent['type'] = 'line-changed',
  /** More for the event than the line says. */
  about: StepAbout = {},
) {
  const result = await announcing(ctx, async (tx, announce) => {
    const line = await repo.lockLine(tx, lineId);
    if (!line) throw notFound(m.lineNotFound);
    await actor.check(line, tx);
    const violation = typeof action === 'function' ? action(line) : violationOf(line, action);
    if (violation) throw conflict(violationMessages[violation]);
    const at = ctx.clock.now();
    const patch = await change(tx, line, at, announce);
    await repo.updateLine(tx, line.id, patch, at);
    const status = requestStatusOf(await repo.lineStatuses(tx, line.requestId));
    await repo.touchRequest(tx, line.requestId, status, at);
    const changed = { ...line, ...patch };
    await announce({
      type: 'line.changed',
      at,
      line: changed,
      change: lineChangeOf(line, patch),
      requestStatus: status,
      handedTo: about.handedTo,
      offered: about.offered,
      live: {
        type: eventType,
        requestId: changed.requestId,
        requestCode: changed.requestCode,
        hotelId: changed.hotelId,
        // Whoever saw the line before a hand-over must hear that it left them.
        departmentIds: [...new Set([line.departmentId, changed.departmentId])],
        lineId: changed.id,
        statusName: changed.status,
        at: iso(at),
        ...(about.returned && { returned: about.returned }),
      },
    });
    // The guest's e-mail is written with the step that finishes the request: a stop before it goes leaves it due.
    const guestNotice = await enqueueFinishedNotice(ctx, tx, line.requestId, status);
    return { line: changed, status, at, guestNotice };
  });
  const { line, status, at, guestNotice } = result;
  // The staff member's answer does not wait for the guest's e-mail (a slow SMTP server): the queue sends it.
  if (guestNotice) ctx.outbound.nudge();
  return { status, line, at };
}

export async function updateStatus(ctx: AppContext, user: Principal, input: StatusUpdateInput, lang: Language): Promise<MessageResponse> {
  const { action, done } = STEPS[input.status];
  requireClaim(user, LINE_ACTION_CLAIMS[action]);
  const note = input.note.trim();
  if (input.status === 'Assigned' && !input.workerId) throw badRequest(m.selectWorker, {}, [{ field: 'workerId', message: m.selectWorker }]);
  if (input.status === 'Rejected' && !note) throw badRequest(m.rejectReason, {}, [{ field: 'note', message: m.rejectReason }]);
  // A reject reason is written for colleagues ("guest in, DND"): only the separate guest message goes out.
  const reply = input.status === 'Rejected' ? input.guestMessage.trim() : note;
  const handedTo = input.status === 'Assigned' ? (input.workerId ?? undefined) : undefined;
  await step(ctx, staffActor(user), input.requestDetailsId, action, async (tx, line, at, announce) => {
    // The reply is added to the line's thread (and its `reply`), which the guest reads;
    // an empty one adds nothing and leaves an earlier reply in place.
    if (reply) {
      const id = await insertMessage(tx, { lineId: line.id, kind: 'reply', text: reply, userId: byUser(user), apiKeyId: byKey(user), at });
      await announce({ type: 'message.added', at, line, message: { id, kind: 'reply', text: reply } });
    }
    switch (input.status) {
      case 'Assigned': {
        const allowed = await repo.workersFor(tx, line.departmentId);
        if (!allowed.some((w) => w.id === input.workerId))
          throw badRequest(m.workerNotAvailable, {}, [{ field: 'workerId', message: m.workerNotAvailable }]);
        // A worker serves the lines of its own hotels only (its phone would not even show this one).
        if (!workerServesHotel({ hotelIds: await workerHotelIds(tx, input.workerId!) }, line.hotelId))
          throw badRequest(m.workerOtherHotel, {}, [{ field: 'workerId', message: m.workerOtherHotel }]);
        // Whoever hands the line to a worker has taken it: that acknowledges it too. Not when
        // the worker has a paired phone: then the worker's own Accept acknowledges it, and a
        // task nobody accepts escalates like one nobody acknowledged.
        const byPhone = await workerHasPhone(tx, input.workerId!);
        const acknowledged = line.acknowledgedAt || byPhone ? {} : { acknowledgedAt: at, acknowledgedBy: byUser(user), acknowledgedByKey: byKey(user) };
        return { ...acknowledged, status: 'Assigned', workerId: input.workerId!, assignedBy: byUser(user), assignedByKey: byKey(user), assignedAt: at };
      }
      case 'Completed':
        return { status: 'Completed', completedBy: byUser(user), completedByKey: byKey(user), completedAt: at };
      case 'Rejected':
        return { rejectReason: note, status: 'Rejected', rejectedBy: byUser(user), rejectedByKey: byKey(user), rejectedAt: at };
    }
    // The worker's phones buzz (handedTo): their pushes are stored with the assignment.
  }, 'line-changed', { handedTo });
  return { message: localize(done, lang), id: input.requestDetailsId };
}

export async function assignDepartment(
  ctx: AppContext,
  user: Principal,
  input: AssignDepartmentInput,
  lang: Language,
): Promise<MessageResponse> {
  if (!(await repo.departmentExists(ctx.database.db, input.departmentId)))
    throw badRequest(m.selectDepartment, {}, [{ field: 'departmentId', message: common.referenceMissing }]);
  await step(ctx, staffActor(user), input.requestDetailsId, 'assignDepartment', async (tx, line, at) => {
    const assigned = { departmentId: input.departmentId, assignedToDepartmentBy: byUser(user), assignedToDepartmentByKey: byKey(user), assignedToDepartmentAt: at };
    // Its clock runs from creation and choosing the department keeps its promises. A line
    // stored before Special Requests had a clock from creation starts it now.
    // A scheduled line still quiet keeps its clock for its alert moment.
    if (line.clockStartedAt || (line.alertAt && !line.alertedAt)) return assigned;
    const targets = (await targetsOf(tx, [line.serviceId], line.hotelId)).get(line.serviceId) ?? NO_TARGETS;
    return { ...assigned, clockStartedAt: at, ...dueTimesOf(at, targets, ctx.config.sla.minuteMs) };
    // The department's phones are offered the line, with the step.
  }, 'line-changed', { offered: true });
  return { message: localize(m.assigned, lang), id: input.requestDetailsId };
}

/** AcknowledgeService: the line is seen and taken; its alert stops and its acknowledge target is met or missed now. */
export async function acknowledge(ctx: AppContext, user: Principal, input: AcknowledgeInput, lang: Language): Promise<MessageResponse> {
  await step(
    ctx,
    staffActor(user),
    input.id,
    acknowledgeViolation,
    async (_tx, _line, at) => ({ acknowledgedAt: at, acknowledgedBy: byUser(user), acknowledgedByKey: byKey(user) }),
    'line-acknowledged',
  );
  return { message: localize(m.acknowledged, lang), id: input.id };
}

