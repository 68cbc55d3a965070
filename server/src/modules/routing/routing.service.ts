import {
  type HeldOffShiftLine,
  type Language,
  type MessageResponse,
  type RosterInput,
  type RosterRow,
  type RoutingPreview,
  type RoutingRuleInput,
  type RoutingRuleRow,
  type RoutingStep,
  type RoutingWorker,
  ROUTING_DEFAULTS,
  ROUTING_LIMITS,
  decide,
  displayName,
  formatClockTime,
  isOnShift,
  parseClockTime,
  ruleFor,
} from '@shared';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import { type Localized, localize } from '../../i18n/localize';
import type { DevicePrincipal } from '../../security/device-tokens';
import type { Principal } from '../../security/tokens';
import { iso } from '../../http/iso';
import { inLanguage } from '../../access/names';
import { canManageWorker, canSeeHotel, canSeeLine, lineScopeSql, workerServesHotel } from '../../access/scope';
import { routingMessages as m, routingReasons as why } from './routing.messages';
import * as repo from './routing.repository';

/** Routing rules, shifts, rosters and zones: what the admin screens and the phone's switch call. */

function hotelInScope(user: Principal, hotelId: number): void {
  if (!canSeeHotel(user, hotelId)) throw notFound(m.hotelNotFound);
}

function inRange(value: number | undefined, fallback: number, limits: { min: number; max: number }, message: Localized): number {
  const v = value ?? fallback;
  if (v < limits.min || v > limits.max) throw badRequest(message, limits);
  return v;
}

// ── Rules ──
export async function rules(ctx: AppContext, user: Principal, hotelId: number, lang: Language): Promise<RoutingRuleRow[]> {
  hotelInScope(user, hotelId);
  const rows = await repo.rulesForScreen(ctx.database.db, hotelId, lang);
  return rows.map((r) => ({ ...r, scopeName: r.scopeName ?? '' }));
}

/**
 * Adds or replaces the rule; every check comes first, so a refused rule saves nothing.
 * The department a rule names must be one the caller manages at that hotel: departments
 * of other hotels (outside the caller's departments) and unknown ones are refused.
 */
export async function saveRule(ctx: AppContext, user: Principal, input: RoutingRuleInput, lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  const maxOpenTasks = inRange(input.maxOpenTasks, ROUTING_DEFAULTS.maxOpenTasks, ROUTING_LIMITS.maxOpenTasks, m.capRange);
  const acceptMinutes = inRange(input.acceptMinutes, ROUTING_DEFAULTS.acceptMinutes, ROUTING_LIMITS.acceptMinutes, m.acceptRange);
  const maxReoffers = inRange(input.maxReoffers, ROUTING_DEFAULTS.maxReoffers, ROUTING_LIMITS.maxReoffers, m.reoffersRange);
  if (!(await repo.hotelExists(db, input.hotelId))) throw notFound(m.hotelNotFound);
  hotelInScope(user, input.hotelId);
  if (!(await repo.scopeExists(db, input.scope, input.scopeId))) throw badRequest(m.scopeNotFound);
  if (input.scope === 'department' && !canSeeLine(user, { hotelId: input.hotelId, departmentId: input.scopeId })) throw badRequest(m.scopeNotFound);
  if (input.departmentId !== null) {
    const known = await repo.departmentExists(db, input.departmentId);
    if (!known || !canSeeLine(user, { hotelId: input.hotelId, departmentId: input.departmentId }))
      throw badRequest(m.departmentNotFound, {}, [{ field: 'departmentId', message: m.departmentNotFound }]);
  }
  await repo.saveRule(
    db,
    { hotelId: input.hotelId, scope: input.scope, scopeId: input.scopeId, autoRoute: input.autoRoute, departmentId: input.departmentId, maxOpenTasks, acceptMinutes, maxReoffers },
    ctx.clock.now(),
  );
  ctx.routing.nudge();
  return { message: localize(m.saved, lang) };
}

export async function removeRule(ctx: AppContext, user: Principal, id: number, lang: Language): Promise<MessageResponse> {
  const rule = await repo.ruleById(ctx.database.db, id);
  if (!rule || !canSeeHotel(user, rule.hotelId)) throw notFound(m.ruleNotFound);
  await repo.removeRule(ctx.database.db, id);
  return { message: localize(m.saved, lang) };
}

// ── Preview: who would get a new line now ──
export async function preview(ctx: AppContext, user: Principal, query: { hotelId: number; serviceId: number; roomId?: number }, lang: Language): Promise<RoutingPreview> {
  const db = ctx.database.db;
  hotelInScope(user, query.hotelId);
  const service = await repo.serviceById(db, query.serviceId);
  if (!service) throw notFound(m.scopeNotFound);
  const zone = query.roomId === undefined ? null : await repo.roomZone(db, query.roomId, query.hotelId);
  if (zone === undefined) throw notFound();
  const rule = ruleFor(await repo.rulesOf(db, [query.hotelId]), service);
  const nobody = (reason: string) => ({ ruleId: rule?.id ?? null, routed: false, departmentId: null, departmentName: null, workerId: null, workerName: null, reason });
  if (!rule) return nobody(localize(why.noRule, lang));
  if (!rule.autoRoute) return nobody(localize(why.ruleOff, lang, { rule: rule.id }));
  const departmentId = service.isSpecial ? rule.departmentId : service.serviceDepartmentId;
  if (departmentId === null) return nobody(localize(why['special-needs-person'], lang, { rule: rule.id }));
  const { candidates, names, namesAr } = await candidatesOf(ctx, db, query.hotelId, departmentId);
  const decision = decide({ status: 'Open', departmentId, isSpecial: service.isSpecial, zone, workerId: null, acceptedAt: null, routing: null }, rule, candidates, ctx.clock.now());
  const departmentName = (await repo.departmentName(db, departmentId, lang)) ?? null;
  const base = { ruleId: rule.id, departmentId, departmentName };
  if (decision.action === 'assign') {
    // The rules screen shows the worker's name in the reader's language, like the reason.
    const workerName = inLanguage(lang, { en: names, ar: namesAr }).get(decision.workerId) ?? '';
    return { ...base, routed: true, workerId: decision.workerId, workerName, reason: stepText({ outcome: 'assigned', reason: decision.reason, ruleId: rule.id, workerName, departmentName, detail: decision.detail }, lang) };
  }
  const reason = decision.action === 'wait' ? stepText({ outcome: 'waiting', reason: decision.reason, ruleId: rule.id, workerName: null, departmentName, detail: { cap: rule.maxOpenTasks } }, lang) : '';
  return { ...base, routed: false, workerId: null, workerName: null, reason };
}

/** The department's workers who serve the hotel, as routing would weigh them for its lines. */
async function candidatesOf(ctx: AppContext, db: DbOrTx, hotelId: number, departmentId: number) {
  const now = ctx.clock.now();
  const [all, roster, timeZone] = await Promise.all([repo.workerStates(db, departmentId), repo.rosterSlots(db, hotelId, departmentId), repo.hotelTimeZone(db, hotelId)]);
  const workers = all.filter((w) => workerServesHotel(w, hotelId));
  const zone = timeZone ?? ctx.config.hotelTimeZone;
  return {
    workers,
    candidates: workers.map((w) => ({ workerId: w.workerId, onShift: isOnShift(w.shiftOverride, roster.get(w.workerId) ?? [], now, zone), openTasks: w.openTasks, zones: w.zones, idleSince: w.idleSince })),
    names: new Map(workers.map((w) => [w.workerId, displayName('en', w)])),
    namesAr: new Map(workers.map((w) => [w.workerId, displayName('ar', w)])),
  };
}

// ── A line's routing history ──
interface StepRow {
  outcome: RoutingStep['outcome'];
  reason: string;
  ruleId: number | null;
  workerName: string | null;
  departmentName: string | null;
  detail: unknown;
}

/** A routing decision in words, in the reader's language. */
export function stepText(step: StepRow, lang: Language): string {
  const d = (step.detail ?? {}) as { openTasks?: number; zone?: string | null; offers?: number; cap?: number };
  const params = { rule: step.ruleId ?? '', worker: step.workerName ?? '', department: step.departmentName ?? '', zone: d.zone ?? '', open: d.openTasks ?? 0, offers: d.offers ?? 0, cap: d.cap ?? '' };
  switch (step.outcome) {
    case 'department':
      return localize(why.department, lang, params);
    case 'assigned':
      return localize(step.reason === 'zone' ? why.zone : why.load, lang, params);
    case 'reoffered':
      return localize(step.reason === 'zone' ? why.reofferZone : why.reofferLoad, lang, params);
    case 'escalated':
      return localize(step.reason === 'nobody-else' ? why['escalated-nobody-else'] : why['not-accepted'], lang, params);
    case 'waiting': {
      const text = why[step.reason as keyof typeof why] ?? why['nobody-on-shift'];
      return localize(text, lang, params);
    }
  }
}

export async function historyOf(ctx: AppContext, lineId: number, lang: Language): Promise<RoutingStep[]> {
  const rows = await repo.routingLogOf(ctx.database.db, lineId, lang);
  return rows.map((r) => ({ at: iso(r.at), outcome: r.outcome, reason: r.reason, ruleId: r.ruleId, workerName: r.workerName, departmentName: r.departmentName, text: stepText(r, lang) }));
}

// ── Shifts ──
export async function setWorkerShift(ctx: AppContext, user: Principal, workerId: number, shift: 'on' | 'off' | 'roster', lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  const worker = await repo.workerShift(db, workerId);
  if (!worker || !canManageWorker(user, worker)) throw notFound(m.workerNotFound);
  await repo.setShift(db, workerId, shift === 'roster' ? null : shift, ctx.clock.now());
  ctx.routing.nudge();
  return { message: localize(shift === 'on' ? m.onShift : shift === 'off' ? m.offShift : m.byRoster, lang) };
}

/** The phone's switch: what the worker says beats the roster until changed again. */
export async function setOwnShift(ctx: AppContext, device: DevicePrincipal, onShift: boolean): Promise<{ onShift: boolean }> {
  await repo.setShift(ctx.database.db, device.workerId, onShift ? 'on' : 'off', ctx.clock.now());
  if (onShift) ctx.routing.nudge();
  return { onShift };
}

/** The phone's switch as it stands: on only when the worker (or the desk) put it on. */
export async function ownShift(ctx: AppContext, device: DevicePrincipal): Promise<{ onShift: boolean }> {
  const worker = await repo.workerShift(ctx.database.db, device.workerId);
  return { onShift: worker?.shiftOverride === 'on' };
}

export async function workers(ctx: AppContext, user: Principal, query: { hotelId: number; departmentId: number }, lang: Language): Promise<RoutingWorker[]> {
  hotelInScope(user, query.hotelId);
  if (!canSeeLine(user, query)) throw notFound(m.departmentNotFoundPlain);
  const db = ctx.database.db;
  const { workers: rows, candidates } = await candidatesOf(ctx, db, query.hotelId, query.departmentId);
  return rows.map((w, i) => ({
    workerId: w.workerId,
    workerName: displayName(lang, w),
    onShift: candidates[i].onShift,
    shift: w.shiftOverride ?? 'roster',
    openTasks: w.openTasks,
    zones: w.zones,
  }));
}

export async function setZones(ctx: AppContext, user: Principal, workerId: number, zones: string[], lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  const worker = await repo.workerShift(db, workerId);
  if (!worker || !canManageWorker(user, worker)) throw notFound(m.workerNotFound);
  const clean = [...new Set(zones.map((z) => z.trim()))];
  if (clean.some((z) => !z || z.length > 50)) throw badRequest(m.zoneText);
  await db.transaction((tx) => repo.replaceZones(tx, workerId, clean));
  return { message: localize(m.saved, lang) };
}

/** Open lines held by a worker who is off shift now (they stay with the worker; the desk sees them). */
export async function heldOffShift(ctx: AppContext, user: Principal, lang: Language): Promise<HeldOffShiftLine[]> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const rows = await repo.openLinesWithWorkers(db, lineScopeSql(user), lang);
  const rosters = new Map<string, Awaited<ReturnType<typeof repo.rosterSlots>>>();
  const out: HeldOffShiftLine[] = [];
  for (const r of rows) {
    let onShift = false;
    if (r.shiftOverride === null && r.workerDepartmentId !== null) {
      const key = `${r.hotelId}:${r.workerDepartmentId}`;
      let roster = rosters.get(key);
      if (!roster) rosters.set(key, (roster = await repo.rosterSlots(db, r.hotelId, r.workerDepartmentId)));
      onShift = isOnShift(null, roster.get(r.workerId) ?? [], now, r.hotelTimeZone ?? ctx.config.hotelTimeZone);
    }
    if (!onShift)
      out.push({ lineId: r.lineId, requestCode: r.requestCode, hotelId: r.hotelId, roomNumber: r.roomNumber, serviceName: r.serviceName, workerId: r.workerId, workerName: r.workerName, status: r.status, updatedAt: iso(r.updatedAt) });
  }
  return out;
}

// ── Rosters ──
export async function roster(ctx: AppContext, user: Principal, query: { hotelId: number; departmentId: number }, lang: Language): Promise<RosterRow[]> {
  hotelInScope(user, query.hotelId);
  if (!canSeeLine(user, query)) throw notFound(m.departmentNotFoundPlain);
  const rows = await repo.rosterForScreen(ctx.database.db, query.hotelId, query.departmentId, lang);
  return rows.map((r) => ({ workerId: r.workerId, workerName: r.workerName, weekday: r.weekday, start: formatClockTime(r.startMinute), end: formatClockTime(r.endMinute) }));
}

/** A shift that starts when it ends (00:00 to 24:00 is the whole day, not nothing). */
const emptyShift = (start: number, end: number) => start % 1440 === end % 1440 && !(start === 0 && end === 1440);

export interface RosterProblem {
  row: number;
  message: Localized;
  params: Record<string, string | number>;
}

/**
 * Checks every row against the department's workers; answers the rows to save or every
 * problem found (a row number is 1-based, as a sheet's data rows are counted by callers).
 */
export function checkRoster(
  rows: readonly { worker: number | string; weekday: number; start: string; end: string; row: number }[],
  staff: readonly { id: number; workerCode: string }[],
): { rows: { workerId: number; weekday: number; startMinute: number; endMinute: number }[]; problems: RosterProblem[] } {
  const problems: RosterProblem[] = [];
  const out: { workerId: number; weekday: number; startMinute: number; endMinute: number }[] = [];
  for (const r of rows) {
    const worker = staff.find((w) => (typeof r.worker === 'number' ? w.id === r.worker : w.workerCode.toLowerCase() === r.worker.trim().toLowerCase()));
    const start = parseClockTime(r.start);
    const end = parseClockTime(r.end);
    if (!worker) problems.push({ row: r.row, message: m.rosterUnknownWorker, params: { row: r.row, worker: String(r.worker).slice(0, 50) } });
    else if (!Number.isInteger(r.weekday) || r.weekday < 0 || r.weekday > 6) problems.push({ row: r.row, message: m.rosterWeekday, params: { row: r.row } });
    else if (start === undefined || end === undefined) problems.push({ row: r.row, message: m.rosterTime, params: { row: r.row } });
    else if (emptyShift(start, end)) problems.push({ row: r.row, message: m.rosterEmptyShift, params: { row: r.row } });
    else out.push({ workerId: worker.id, weekday: r.weekday, startMinute: start, endMinute: end });
  }
  return { rows: out, problems };
}

export async function saveRoster(ctx: AppContext, user: Principal, input: RosterInput, lang: Language): Promise<MessageResponse> {
  hotelInScope(user, input.hotelId);
  if (!canSeeLine(user, input) || !(await repo.departmentExists(ctx.database.db, input.departmentId))) throw notFound(m.departmentNotFoundPlain);
  // Only the department's workers who serve this hotel may be on its roster.
  const staff = await repo.departmentWorkers(ctx.database.db, input.departmentId, input.hotelId);
  const checked = checkRoster(
    input.rows.map((r, i) => ({ worker: r.workerId, weekday: r.weekday, start: r.start, end: r.end, row: i + 1 })),
    staff,
  );
  if (checked.problems.length) {
    const first = checked.problems[0];
    throw new AppError(400, first.message, first.params, [], { rowErrors: checked.problems.map((p) => ({ row: p.row, message: localize(p.message, lang, p.params) })) });
  }
  await ctx.database.db.transaction((tx) => repo.replaceRoster(tx, input.hotelId, input.departmentId, checked.rows, ctx.clock.now()));
  ctx.routing.nudge();
  return { message: localize(m.saved, lang) };
}
