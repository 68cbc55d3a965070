import { type RoutingCandidate, type RoutingDecision, NO_TARGETS, decide, dueTimesOf, isOnShift, ruleFor } from '@shared';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { logJobFailure } from '../../background';
import { workerServesHotel } from '../../access/scope';
import { requestStatusOf } from '../requests/request-status';
import { iso } from '../requests/requests.mappers';
import * as lines from '../requests/requests.repository';
import { targetsOf } from '../service-levels/targets.repository';
import * as repo from './routing.repository';
import { type Announce, announcing } from '../../live/announce';

/**
 * Routing runs in every server process, on the escalation clock's tick and at once when
 * a worker comes on shift. A department is routed by one process at a time (its row is
 * locked, others skip it) and each line it touches is locked too (a clerk's step or
 * another run holds it: skipped, for the next run). Everything a run decides for a
 * department is one transaction: a process that dies mid-run leaves nothing half done,
 * and the next tick, in any process, routes those lines again from the start.
 */

/** Lines routed per department per transaction; a run reads the next page while one comes back full. */
const BATCH = 100;

export interface RoutingRun {
  /** Lines given to a worker (first offers and re-offers). */
  assigned: number;
  escalated: number;
  /** Special Requests sent to a department. */
  departments: number;
}

/** The desk's escalation path (the escalation scheduler's `escalateNow`). */
export type Escalate = (lineId: number, now: Date) => Promise<unknown>;

interface Effect {
  line: repo.PendingLine;
  statusName: string;
  departmentIds: number[];
  pushTo?: number;
  offered?: boolean;
  escalate?: boolean;
}

export class RoutingScheduler {
  private timer?: ReturnType<typeof setInterval>;
  /** The run under way or queued last; runs of one process follow one another. */
  private running?: Promise<RoutingRun>;
  /** A run is queued and has not started: a tick or nudge now would find nothing new for it. */
  private queued = false;
  private stopped = false;
  /** Holds in force (see hold()). */
  private holds = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly escalate: Escalate,
  ) {}

  start(): void {
    const { tickMs } = this.ctx.config.sla;
    if (tickMs <= 0) return;
    this.timer = setInterval(() => this.nudge(), tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Routes soon (a tick, or a worker came on shift or freed a place); folds into a run already queued. */
  nudge(): void {
    if (this.stopped || this.queued || this.holds > 0) return;
    this.runOnce().catch((error: unknown) => {
      // A database outage or a lost race: nothing was committed half-way; the next tick tries again.
      logJobFailure(this.log, 'routing run', error);
    });
  }

  /**
   * Until the returned release is called, ticks and nudges start no run (an explicit
   * runOnce still does): how a test files lines that no run of this process sees yet.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
    };
  }

  /** Resolves once no run of this process is under way or queued (tests, and a clean stop). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /**
   * One full run, after the run under way: what changed before the call is always seen by
   * the run it answers. Each decision is stamped with the clock as read once its lines are
   * locked and read (a time fixed when the run started could come before a line filed
   * during the run: its history would show it routed before it was received, and its offer
   * would run out early by the run's length); `now` pins one time for the whole run (tests).
   */
  runOnce(now?: Date): Promise<RoutingRun> {
    this.queued = true;
    const run = (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        this.queued = false;
        return routeAll(this.ctx, now, this.escalate);
      });
    this.running = run;
    void run.catch(() => undefined).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }
}

/** One routing pass over every hotel with a rule; `now` pins its time, else each batch reads the clock. */
export async function routeAll(ctx: AppContext, now: Date | undefined, escalate: Escalate): Promise<RoutingRun> {
  const db = ctx.database.db;
  const run: RoutingRun = { assigned: 0, escalated: 0, departments: 0 };
  // Off by default: a hotel with no rule costs one indexed read.
  if (!(await repo.routedHotelIds(db)).length) return run;
  const routeDepartment = async (departmentId: number | null) => {
    // Page by line id: lines left as they were (an offer still running, a wait) are not read again this run.
    for (let after = 0; ; ) {
      const { effects, last, at } = await announcing(ctx, (tx, announce) => routeBatch(ctx, tx, announce, departmentId, after, now));
      await afterCommit(effects, at, escalate, run);
      if (last === undefined) break;
      after = last;
    }
  };
  // Special Requests first: those a rule sends to a department are then routed in it this same run.
  await routeDepartment(null);
  for (const departmentId of await repo.departmentsWithWork(db)) await routeDepartment(departmentId);
  return run;
}

/** Decides, writes and announces one batch of one department's lines, inside the caller's transaction. */
async function routeBatch(
  ctx: AppContext,
  tx: Tx,
  announce: Announce,
  departmentId: number | null,
  afterId: number,
  pinned: Date | undefined,
): Promise<{ effects: Effect[]; last?: number; at: Date }> {
  if (departmentId !== null && !(await repo.lockDepartment(tx, departmentId))) return { effects: [], at: pinned ?? ctx.clock.now() };
  const pending = await repo.lockPendingLines(tx, departmentId, afterId, BATCH);
  // Read after the lines: every line read here was filed before this time.
  const now = pinned ?? ctx.clock.now();
  if (!pending.length) return { effects: [], at: now };
  const hotelIds = [...new Set(pending.map((l) => l.hotelId))];
  const rules = await repo.rulesOf(tx, hotelIds);
  const zones = await repo.hotelZones(tx, hotelIds);
  const workers = departmentId === null ? [] : await repo.workerStates(tx, departmentId);
  // Who is on shift depends on the hotel (its roster, its clocks); loads are the worker's, across hotels.
  const onShiftAt = new Map<number, Set<number>>();
  const onShiftIn = async (hotelId: number) => {
    let set = onShiftAt.get(hotelId);
    if (!set) {
      const roster = await repo.rosterSlots(tx, hotelId, departmentId!);
      const zone = zones.get(hotelId) ?? ctx.config.hotelTimeZone;
      set = new Set(workers.filter((w) => isOnShift(w.shiftOverride, roster.get(w.workerId) ?? [], now, zone)).map((w) => w.workerId));
      onShiftAt.set(hotelId, set);
    }
    return set;
  };

  const effects: Effect[] = [];
  for (const line of pending) {
    const rule = ruleFor(
      rules.filter((r) => r.hotelId === line.hotelId),
      line,
    );
    const onShift = departmentId === null ? new Set<number>() : await onShiftIn(line.hotelId);
    // A worker is a candidate only for lines of the hotels it serves (on shift or not elsewhere).
    const candidates: RoutingCandidate[] = workers
      .filter((w) => workerServesHotel(w, line.hotelId))
      .map((w) => ({ workerId: w.workerId, onShift: onShift.has(w.workerId), openTasks: w.openTasks, zones: w.zones, idleSince: w.idleSince }));
    const decision = decide(
      {
        status: line.status,
        departmentId: line.departmentId,
        isSpecial: line.isSpecial,
        zone: line.zone,
        workerId: line.workerId,
        acceptedAt: line.acceptedAt,
        routing: line.routingState ? { state: line.routingState, offeredWorkerIds: line.offeredWorkerIds ?? [], offeredAt: line.offeredAt } : null,
      },
      rule,
      candidates,
      now,
    );
    const effect = await apply(ctx, tx, line, rule, decision, now);
    if (!effect) continue;
    effects.push(effect);
    if (decision.action === 'assign') {
      // The next line of this batch sees this one's load.
      for (const w of workers) {
        if (w.workerId === decision.workerId) {
          w.openTasks++;
          w.idleSince = now;
        } else if (decision.reoffer && w.workerId === line.workerId) w.openTasks--;
      }
    } else if (decision.action === 'escalate') {
      for (const w of workers) if (w.workerId === line.workerId) w.openTasks--;
    }
  }
  for (const requestId of new Set(effects.map((e) => e.line.requestId))) {
    const status = requestStatusOf(await lines.lineStatuses(tx, requestId));
    await lines.touchRequest(tx, requestId, status, now);
    // Routing's hand-overs are assignments as the desk's are: the desk's and phones' screens, webhooks and pushes hear of them with it.
    for (const e of effects.filter((e) => e.line.requestId === requestId)) {
      const { line } = e;
      await announce({
        type: 'line.changed',
        at: now,
        line: { id: line.lineId, requestId: line.requestId, requestCode: line.requestCode, hotelId: line.hotelId },
        change: 'assignment',
        requestStatus: status,
        handedTo: e.pushTo,
        offered: e.offered,
        live: {
          type: 'line-changed',
          requestId: line.requestId,
          requestCode: line.requestCode,
          hotelId: line.hotelId,
          departmentIds: [...new Set([line.departmentId, ...e.departmentIds].filter((d): d is number => d !== null))],
          lineId: line.lineId,
          statusName: e.statusName,
          at: iso(now),
        },
      });
    }
  }
  return { effects, last: pending.length === BATCH ? pending.at(-1)!.lineId : undefined, at: now };
}

/** Writes one decision; answers what to announce once committed (nothing for a wait already written). */
async function apply(ctx: AppContext, tx: Tx, line: repo.PendingLine, rule: { id: number; maxOpenTasks: number } | undefined, decision: RoutingDecision, now: Date): Promise<Effect | undefined> {
  const ruleId = rule?.id ?? null;
  const offered = line.offeredWorkerIds ?? [];
  switch (decision.action) {
    case 'none':
      return undefined;
    case 'department': {
      const patch: Parameters<typeof repo.setDepartment>[2] = { departmentId: decision.departmentId, assignedToDepartmentAt: now, assignedToDepartmentBy: null };
      // As the desk's choice of department: a line stored before Special Requests had a clock from creation starts it now.
      if (!line.clockStartedAt) {
        const targets = (await targetsOf(tx, [line.serviceId], line.hotelId)).get(line.serviceId) ?? NO_TARGETS;
        Object.assign(patch, { clockStartedAt: now, ...dueTimesOf(now, targets, ctx.config.sla.minuteMs) });
      }
      if (!(await repo.setDepartment(tx, line.lineId, patch, now))) return undefined;
      await repo.logDecision(tx, { lineId: line.lineId, at: now, ruleId, outcome: 'department', reason: 'rule-department', departmentId: decision.departmentId });
      await repo.saveLineRouting(tx, { lineId: line.lineId, state: 'waiting', offeredWorkerIds: offered, offeredAt: null, ruleId, waitReason: null }, now);
      return { line, statusName: 'Open', departmentIds: [decision.departmentId], offered: true };
    }
    case 'wait': {
      // A reason is written once; the line is looked at again every run, silently. The cap is kept: "all at cap" names it, and the rule may change later.
      if (line.waitReason === decision.reason) return undefined;
      await repo.logDecision(tx, { lineId: line.lineId, at: now, ruleId, outcome: 'waiting', reason: decision.reason, departmentId: line.departmentId, detail: { ...decision.detail, cap: rule?.maxOpenTasks } });
      await repo.saveLineRouting(tx, { lineId: line.lineId, state: 'waiting', offeredWorkerIds: offered, offeredAt: null, ruleId, waitReason: decision.reason }, now);
      return undefined;
    }
    case 'assign': {
      const from = decision.reoffer ? line.workerId : null;
      if (!(await repo.offerLine(tx, line.lineId, from, decision.workerId, now))) return undefined;
      await repo.logDecision(tx, {
        lineId: line.lineId,
        at: now,
        ruleId,
        outcome: decision.reoffer ? 'reoffered' : 'assigned',
        reason: decision.reason,
        workerId: decision.workerId,
        departmentId: line.departmentId,
        detail: decision.detail,
      });
      await repo.saveLineRouting(tx, { lineId: line.lineId, state: 'offered', offeredWorkerIds: [...offered, decision.workerId], offeredAt: now, ruleId, waitReason: null }, now);
      return { line, statusName: 'Assigned', departmentIds: [line.departmentId!], pushTo: decision.workerId };
    }
    case 'escalate': {
      if (!(await repo.withdrawLine(tx, line.lineId, line.workerId!, now))) return undefined;
      await repo.logDecision(tx, {
        lineId: line.lineId,
        at: now,
        ruleId,
        outcome: 'escalated',
        reason: decision.reason,
        departmentId: line.departmentId,
        detail: decision.detail,
      });
      await repo.saveLineRouting(tx, { lineId: line.lineId, state: 'escalated', offeredWorkerIds: offered, offeredAt: null, ruleId, waitReason: null }, now);
      return { line, statusName: 'Open', departmentIds: [line.departmentId!], escalate: true };
    }
  }
}

/** After the commit (announced with it): the run's counts, and the desk's escalation. */
async function afterCommit(effects: Effect[], now: Date, escalate: Escalate, run: RoutingRun): Promise<void> {
  for (const e of effects) {
    if (e.pushTo !== undefined) run.assigned++;
    if (e.offered) run.departments++;
    if (e.escalate) {
      run.escalated++;
      await escalate(e.line.lineId, now);
    }
  }
}
