/**
 * Routing rules as plain functions of (line, rule, workers, now): which department and
 * which worker a line goes to, or why it waits. The server's scheduler feeds them from
 * the database under locks; the rules screen's preview asks the same function.
 */

export const ROUTING_DEFAULTS = { maxOpenTasks: 5, acceptMinutes: 3, maxReoffers: 2 } as const;
export const ROUTING_LIMITS = {
  maxOpenTasks: { min: 1, max: 100 },
  acceptMinutes: { min: 1, max: 1440 },
  maxReoffers: { min: 0, max: 20 },
} as const;

export const ROUTING_SCOPES = ['service', 'group', 'department'] as const;
export type RoutingScope = (typeof ROUTING_SCOPES)[number];

export interface RoutingRule {
  id: number;
  scope: RoutingScope;
  scopeId: number;
  autoRoute: boolean;
  /** Where a line with no department (a Special Request) goes; null: a person decides. */
  departmentId: number | null;
  maxOpenTasks: number;
  acceptMinutes: number;
  maxReoffers: number;
}

/** The narrowest rule of a hotel for a service: its own, else its group's, else its department's. */
export function ruleFor<R extends Pick<RoutingRule, 'scope' | 'scopeId'>>(
  rules: readonly R[],
  service: { serviceId: number; serviceGroupId: number; serviceDepartmentId: number },
): R | undefined {
  return (
    rules.find((r) => r.scope === 'service' && r.scopeId === service.serviceId) ??
    rules.find((r) => r.scope === 'group' && r.scopeId === service.serviceGroupId) ??
    rules.find((r) => r.scope === 'department' && r.scopeId === service.serviceDepartmentId)
  );
}

export interface RoutingLine {
  status: 'Open' | 'Assigned' | 'Completed' | 'Rejected';
  departmentId: number | null;
  isSpecial: boolean;
  /** The room's zone; null: not said. */
  zone: string | null;
  workerId: number | null;
  acceptedAt: Date | null;
  /** What routing did with the line so far; null: never touched. */
  routing: { state: 'waiting' | 'offered' | 'escalated'; offeredWorkerIds: readonly number[]; offeredAt: Date | null } | null;
}

export interface RoutingCandidate {
  workerId: number;
  onShift: boolean;
  /** The worker's open lines (Open or Assigned) now. */
  openTasks: number;
  zones: readonly string[];
  /** Since when the worker has had nothing newly assigned or finished; null: never. */
  idleSince: Date | null;
}

export const WAIT_REASONS = ['special-needs-person', 'nobody-on-shift', 'all-at-cap', 'nobody-else'] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];
export type AssignReason = 'zone' | 'load';

export type RoutingDecision =
  /** Nothing to do now (no rule, a person's assignment, an offer still running, closed). */
  | { action: 'none' }
  | { action: 'department'; departmentId: number }
  | { action: 'wait'; reason: WaitReason; detail: { onShift: number; atCap: number } }
  | { action: 'assign'; workerId: number; reason: AssignReason; reoffer: boolean; detail: { openTasks: number; zone: string | null; candidates: number } }
  | { action: 'escalate'; reason: 'not-accepted' | 'nobody-else'; detail: { offers: number } };

/** Whether the line is under an offer routing made and nobody has accepted yet. */
function pendingOffer(line: RoutingLine): boolean {
  const r = line.routing;
  return r?.state === 'offered' && line.workerId !== null && r.offeredWorkerIds.at(-1) === line.workerId && line.acceptedAt === null;
}

/** The worker a line goes to among `candidates`, or why nobody. */
export function pickWorker(
  line: Pick<RoutingLine, 'zone'>,
  cap: number,
  candidates: readonly RoutingCandidate[],
  exclude: readonly number[],
):
  | { workerId: number; reason: AssignReason; openTasks: number; candidates: number }
  | { reason: Exclude<WaitReason, 'special-needs-person'>; onShift: number; atCap: number } {
  const onShift = candidates.filter((c) => c.onShift);
  const underCap = onShift.filter((c) => c.openTasks < cap);
  const eligible = underCap.filter((c) => !exclude.includes(c.workerId));
  const counts = { onShift: onShift.length, atCap: onShift.length - underCap.length };
  if (!onShift.length) return { reason: 'nobody-on-shift', ...counts };
  if (!underCap.length) return { reason: 'all-at-cap', ...counts };
  if (!eligible.length) return { reason: 'nobody-else', ...counts };
  const inZone = line.zone === null ? [] : eligible.filter((c) => c.zones.includes(line.zone!));
  const pool = inZone.length ? inZone : eligible;
  const best = [...pool].sort(
    (a, b) =>
      a.openTasks - b.openTasks ||
      // Idle longest first; never busy counts as idle since forever.
      (a.idleSince?.getTime() ?? Number.NEGATIVE_INFINITY) - (b.idleSince?.getTime() ?? Number.NEGATIVE_INFINITY) ||
      a.workerId - b.workerId,
  )[0];
  return { workerId: best.workerId, reason: inZone.length ? 'zone' : 'load', openTasks: best.openTasks, candidates: pool.length };
}

/**
 * What routing does with one line now. `rule` is the hotel's rule for the line's service
 * (ruleFor); without one, or with auto-routing off, routing leaves the line to people.
 */
export function decide(line: RoutingLine, rule: RoutingRule | undefined, candidates: readonly RoutingCandidate[], now: Date): RoutingDecision {
  if (!rule || !rule.autoRoute) return { action: 'none' };
  if (line.status !== 'Open' && line.status !== 'Assigned') return { action: 'none' };
  if (line.routing?.state === 'escalated') return { action: 'none' };
  const tried = line.routing?.offeredWorkerIds ?? [];

  if (line.workerId !== null) {
    // A person's assignment, or an offer already accepted: routing's part is over.
    if (!pendingOffer(line)) return { action: 'none' };
    const offeredAt = line.routing!.offeredAt!;
    if (now.getTime() < offeredAt.getTime() + rule.acceptMinutes * 60_000) return { action: 'none' };
    if (tried.length > rule.maxReoffers) return { action: 'escalate', reason: 'not-accepted', detail: { offers: tried.length } };
    const next = pickWorker(line, rule.maxOpenTasks, candidates, tried);
    if (!('workerId' in next)) return { action: 'escalate', reason: 'nobody-else', detail: { offers: tried.length } };
    return { action: 'assign', workerId: next.workerId, reason: next.reason, reoffer: true, detail: { openTasks: next.openTasks, zone: line.zone, candidates: next.candidates } };
  }

  if (line.status !== 'Open') return { action: 'none' };
  if (line.departmentId === null) {
    if (line.isSpecial && rule.departmentId !== null) return { action: 'department', departmentId: rule.departmentId };
    return { action: 'wait', reason: 'special-needs-person', detail: { onShift: 0, atCap: 0 } };
  }
  const pick = pickWorker(line, rule.maxOpenTasks, candidates, tried);
  if (!('workerId' in pick)) return { action: 'wait', reason: pick.reason, detail: { onShift: pick.onShift, atCap: pick.atCap } };
  return { action: 'assign', workerId: pick.workerId, reason: pick.reason, reoffer: false, detail: { openTasks: pick.openTasks, zone: line.zone, candidates: pick.candidates } };
}

// ── Shifts ──
export interface RosterSlot {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** The weekday (0 Sunday) and minute of the day `at` shows on the hotel's clocks. */
export function localWeekMinute(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Whether a roster row covers `at` (an end at or before the start runs past midnight). */
export function rosterCovers(rows: readonly RosterSlot[], at: Date, timeZone: string): boolean {
  const { weekday, minute } = localWeekMinute(at, timeZone);
  const yesterday = (weekday + 6) % 7;
  return rows.some((r) =>
    r.endMinute > r.startMinute
      ? r.weekday === weekday && minute >= r.startMinute && minute < r.endMinute
      : (r.weekday === weekday && minute >= r.startMinute) || (r.weekday === yesterday && minute < r.endMinute),
  );
}

/** The worker's switch (or the desk's word) beats the roster; without one, the roster decides. */
export function isOnShift(override: 'on' | 'off' | null, roster: readonly RosterSlot[], at: Date, timeZone: string): boolean {
  if (override !== null) return override === 'on';
  return rosterCovers(roster, at, timeZone);
}

/** 'HH:MM' (00:00–24:00) → minutes after midnight; undefined when not a time. */
export function parseClockTime(value: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim().slice(0, 10));
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 24 * 60 ? minutes : undefined;
}

export function formatClockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
