/**
 * Service levels: how long a line may wait to be acknowledged and to be
 * completed, and where its clock stands now. Plain functions of (line, targets, now),
 * shared so the server, the admin app and the guest page agree to the minute; the clock
 * is always passed in, never read here.
 *
 * Rules:
 * - A target is a whole number of minutes. The service's own target wins, then its
 *   group's, then the hotel's (the default of last resort); none of them: no target.
 * - The clock starts when the line is created, a Special Request's too (with the targets
 *   of the Special Request service itself, then its group's, then the hotel's): waiting
 *   for someone to choose its department is part of the guest's wait. Choosing the
 *   department does not move its promises.
 * - Both targets count from the start: acknowledge by start + acknowledgeMinutes,
 *   complete by start + completeMinutes.
 * - While a line is not acknowledged it is due for acknowledgement (when that target
 *   exists); after that, or without it, it is due for completion.
 * - Completed or Rejected stops the clock: no due time, never overdue.
 * - At 75% of the time to the due moment a line turns amber, at 100% red (overdue),
 *   which is also when the server escalates.
 */
import { type LineStatus, isClosed } from './statuses';

/** The longest target one may set: a week, in minutes. */
export const TARGET_MINUTES_MAX = 7 * 24 * 60;
/** The share of the time to the due moment at which a line turns amber. */
export const AMBER_AT = 0.75;

export const TARGET_KINDS = ['acknowledge', 'complete'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface Targets {
  acknowledgeMinutes: number | null;
  completeMinutes: number | null;
}

export const NO_TARGETS: Targets = { acknowledgeMinutes: null, completeMinutes: null };

/** The first level that sets a target wins, per target (a service may set one and inherit the other). */
export function resolveTargets(...levels: (Partial<Targets> | null | undefined)[]): Targets {
  const pick = (key: keyof Targets) => levels.map((l) => l?.[key]).find((v) => v !== null && v !== undefined) ?? null;
  return { acknowledgeMinutes: pick('acknowledgeMinutes'), completeMinutes: pick('completeMinutes') };
}

export interface DueTimes {
  acknowledgeDueAt: Date | null;
  completeDueAt: Date | null;
}

/**
 * The due moments of a line whose clock started at `startedAt` (null: not started,
 * nothing due). `minuteMs` is a minute's length: shorter only in tests and simulations.
 */
export function dueTimesOf(startedAt: Date | null, targets: Targets, minuteMs = 60_000): DueTimes {
  const after = (minutes: number | null) => (minutes === null || !startedAt ? null : new Date(startedAt.getTime() + minutes * minuteMs));
  return { acknowledgeDueAt: after(targets.acknowledgeMinutes), completeDueAt: after(targets.completeMinutes) };
}

/** A line as its clock sees it; dates may be Date objects or ISO strings (a client's row). */
type When = Date | string | null;
export interface ClockLine {
  status: LineStatus;
  /** When the clock started: the line's creation (older Special Request lines: their department assignment). */
  clockStartedAt: When;
  acknowledgedAt: When;
  acknowledgeDueAt: When;
  completeDueAt: When;
}

export type ClockLevel = 'none' | 'ok' | 'amber' | 'red';

export interface ClockState {
  /** The next promise: acknowledge by, else complete by; null when none applies or the line is closed. */
  dueAt: Date | null;
  dueKind: TargetKind | null;
  isOverdue: boolean;
  /** Time used of the time to dueAt (0…1+); null without a due time. */
  fraction: number | null;
  level: ClockLevel;
}

const toDate = (value: When) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** Where the line's clock stands at `now`. */
export function clockOf(line: ClockLine, now: Date): ClockState {
  const none: ClockState = { dueAt: null, dueKind: null, isOverdue: false, fraction: null, level: 'none' };
  const start = toDate(line.clockStartedAt);
  if (isClosed(line.status) || !start) return none;
  const ackDue = line.acknowledgedAt === null ? toDate(line.acknowledgeDueAt) : null;
  const completeDue = toDate(line.completeDueAt);
  const [dueAt, dueKind] = ackDue ? [ackDue, 'acknowledge' as const] : completeDue ? [completeDue, 'complete' as const] : [null, null];
  if (!dueAt || !dueKind) return none;
  const span = dueAt.getTime() - start.getTime();
  const used = now.getTime() - start.getTime();
  const fraction = span > 0 ? Math.max(0, used / span) : 1;
  const isOverdue = now.getTime() >= dueAt.getTime();
  return { dueAt, dueKind, isOverdue, fraction, level: isOverdue ? 'red' : fraction >= AMBER_AT ? 'amber' : 'ok' };
}

/** The clock of a line given its start and targets: what the server stores, then reads back. */
export function lineClock(
  line: Pick<ClockLine, 'status' | 'clockStartedAt' | 'acknowledgedAt'>,
  targets: Targets,
  now: Date,
): ClockState & DueTimes {
  const due = dueTimesOf(toDate(line.clockStartedAt), targets);
  return { ...due, ...clockOf({ ...line, ...due }, now) };
}

/** The targets that have passed without their action, at `now` (what the server escalates). */
export function missedTargets(line: ClockLine, now: Date): TargetKind[] {
  if (isClosed(line.status)) return [];
  const missed: TargetKind[] = [];
  const ackDue = toDate(line.acknowledgeDueAt);
  const completeDue = toDate(line.completeDueAt);
  if (line.acknowledgedAt === null && ackDue && ackDue.getTime() <= now.getTime()) missed.push('acknowledge');
  if (completeDue && completeDue.getTime() <= now.getTime()) missed.push('complete');
  return missed;
}

/** Whether a finished line kept its promise: acknowledged and completed by their due times (reports, the bench). */
export function metTarget(due: When, doneAt: When): boolean | null {
  const dueAt = toDate(due);
  if (!dueAt) return null;
  const done = toDate(doneAt);
  return done !== null && done.getTime() <= dueAt.getTime();
}

/** When the guest may expect the line done: its completion due time while it is open. */
export function expectedBy(line: Pick<ClockLine, 'status' | 'completeDueAt'>): Date | null {
  return isClosed(line.status) ? null : toDate(line.completeDueAt);
}

/**
 * Scheduled lines ("wake-up call at 06:00"): a line may ask for a time, today or up to
 * SCHEDULE_AHEAD_DAYS_MAX days on, in the hotel's time zone.
 * - It stays quiet (no alert, no clock, never overdue or escalated) until its alert
 *   moment: the time asked for less the service's lead time (default
 *   SCHEDULE_LEAD_MINUTES_DEFAULT minutes).
 * - At that moment it alerts as a new line does, once, and its clock starts there
 *   (clockStartedAt = the alert moment), with the targets it would have had at creation.
 * - Until it has alerted, an open line is listed under "Scheduled".
 * The SQL side (the scheduler's question, the "Scheduled" list) is in the requests
 * repositories; tests/server/service-levels/service-level-clock-sql.test.ts runs both on the same lines.
 */
export const SCHEDULE_LEAD_MINUTES_DEFAULT = 15;
export const SCHEDULE_LEAD_MINUTES_MAX = 24 * 60;
export const SCHEDULE_AHEAD_DAYS_MAX = 30;

/** When a line scheduled for `scheduledFor` alerts and its clock starts. */
export function scheduleAlertAt(scheduledFor: Date, leadMinutes: number | null | undefined, minuteMs = 60_000): Date {
  return new Date(scheduledFor.getTime() - (leadMinutes ?? SCHEDULE_LEAD_MINUTES_DEFAULT) * minuteMs);
}

/** Why a time asked for cannot be taken at `now` (null: it can): past, or beyond the days one may book ahead. */
export function scheduleProblem(scheduledFor: Date, now: Date): 'past' | 'tooFar' | null {
  if (scheduledFor.getTime() <= now.getTime()) return 'past';
  if (scheduledFor.getTime() > now.getTime() + SCHEDULE_AHEAD_DAYS_MAX * 24 * 60 * 60_000) return 'tooFar';
  return null;
}

export interface ScheduledLine {
  status: LineStatus;
  alertAt: When;
  alertedAt: When;
}

/** Still quiet: scheduled, open and not yet alerted (listed under "Scheduled"). */
export function isScheduledQuiet(line: ScheduledLine): boolean {
  return !isClosed(line.status) && line.alertAt !== null && line.alertedAt === null;
}

/** Due to alert at `now`: quiet and its alert moment has come (what the scheduler fires). */
export function scheduleAlertDue(line: ScheduledLine, now: Date): boolean {
  return isScheduledQuiet(line) && toDate(line.alertAt)!.getTime() <= now.getTime();
}

/**
 * The instant a wall-clock time (`2026-11-27T06:00`) means in `timeZone`. A time the
 * clocks skip (a spring-forward gap) lands just after it; one they show twice, the first.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // 30 February or 24:00 is no time at all, not the day after.
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || check.getUTCHours() !== h) return new Date(Number.NaN);
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}

/** The wall-clock time (`2026-11-27T06:00`) an instant shows in `timeZone`. */
export function instantToZonedTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
