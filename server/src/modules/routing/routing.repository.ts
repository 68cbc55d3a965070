import { type Language, type RoutingRule, type RosterSlot } from '@shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/prepared';
import { type DbOrTx, type Tx, rowsOf } from '../../db/client';
import { inLanguage, nameIn } from '../../access/names';
import {
  departments,
  hotels,
  lineRouting,
  lineRoutingLog,
  requestLines,
  requests,
  rooms,
  routingRules,
  serviceGroups,
  services,
  shiftRoster,
  workerHotels,
  workerZones,
  workers,
} from '../../db/schema';

/** The only place routing talks to the database (STYLE §3). */

// ── Rules ──
const ruleColumns = {
  id: routingRules.id,
  hotelId: routingRules.hotelId,
  scope: routingRules.scope,
  scopeId: routingRules.scopeId,
  autoRoute: routingRules.autoRoute,
  departmentId: routingRules.departmentId,
  maxOpenTasks: routingRules.maxOpenTasks,
  acceptMinutes: routingRules.acceptMinutes,
  maxReoffers: routingRules.maxReoffers,
};

export type RuleRow = RoutingRule & { hotelId: number };

export async function rulesOf(db: DbOrTx, hotelIds: readonly number[]): Promise<RuleRow[]> {
  if (!hotelIds.length) return [];
  return db.select(ruleColumns).from(routingRules).where(inArray(routingRules.hotelId, [...hotelIds])).orderBy(asc(routingRules.id));
}

export async function ruleById(db: DbOrTx, id: number) {
  const [row] = await db.select(ruleColumns).from(routingRules).where(eq(routingRules.id, id));
  return row;
}

/** The rules with what they name, in the reader's language. */
export async function rulesForScreen(db: DbOrTx, hotelId: number, lang: Language) {
  const target = alias('rd');
  return rowsOf<{
    id: number;
    hotelId: number;
    scope: RuleRow['scope'];
    scopeId: number;
    scopeName: string | null;
    autoRoute: boolean;
    departmentId: number | null;
    departmentName: string | null;
    maxOpenTasks: number;
    acceptMinutes: number;
    maxReoffers: number;
  }>(
    await db.execute(sql`
      select r.id, r.hotel_id as "hotelId", r.scope, r.scope_id as "scopeId", r.auto_route as "autoRoute",
        r.department_id as "departmentId", r.max_open_tasks as "maxOpenTasks", r.accept_minutes as "acceptMinutes", r.max_reoffers as "maxReoffers",
        case r.scope
          when 'service' then (select ${inLanguage(lang, { en: sql`s.name_en`, ar: sql`s.name_ar` })} from services s where s.id = r.scope_id)
          when 'group' then (select ${inLanguage(lang, { en: sql`g.name_en`, ar: sql`g.name_ar` })} from service_groups g where g.id = r.scope_id)
          else (select ${nameIn({ name: sql`d.name`, nameAr: sql`d.name_ar` }, lang)} from departments d where d.id = r.scope_id)
        end as "scopeName",
        ${nameIn({ name: sql`${target}.name`, nameAr: sql`${target}.name_ar` }, lang)} as "departmentName"
      from routing_rules r left join departments ${target} on ${target}.id = r.department_id
      where r.hotel_id = ${hotelId}
      order by r.scope, r.scope_id`),
  );
}

const alias = (name: string) => sql.raw(name);

export async function saveRule(db: DbOrTx, row: Omit<RuleRow, 'id'>, at: Date): Promise<void> {
  await db
    .insert(routingRules)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({
      target: [routingRules.hotelId, routingRules.scope, routingRules.scopeId],
      set: { autoRoute: row.autoRoute, departmentId: row.departmentId, maxOpenTasks: row.maxOpenTasks, acceptMinutes: row.acceptMinutes, maxReoffers: row.maxReoffers, updatedAt: at },
    });
}

export async function removeRule(db: DbOrTx, id: number): Promise<void> {
  await db.delete(routingRules).where(eq(routingRules.id, id));
}

export async function hotelExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id))).length > 0;
}

export async function departmentExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0;
}

export async function scopeExists(db: DbOrTx, scope: RuleRow['scope'], id: number): Promise<boolean> {
  const table = scope === 'service' ? services : scope === 'group' ? serviceGroups : departments;
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
}

export async function serviceById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ serviceId: services.id, serviceGroupId: services.serviceGroupId, serviceDepartmentId: services.departmentId, isSpecial: services.isSpecial })
    .from(services)
    .where(eq(services.id, id));
  return row;
}

export async function roomZone(db: DbOrTx, roomId: number, hotelId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ zone: rooms.zone }).from(rooms).where(and(eq(rooms.id, roomId), eq(rooms.hotelId, hotelId)));
  return row ? row.zone : undefined;
}

export async function hotelTimeZone(db: DbOrTx, hotelId: number): Promise<string | null | undefined> {
  const [row] = await db.select({ timeZone: hotels.timeZone }).from(hotels).where(eq(hotels.id, hotelId));
  return row ? row.timeZone : undefined;
}

// ── Workers, shifts, zones, rosters ──
export interface WorkerState {
  workerId: number;
  name: string;
  nameAr: string | null;
  shiftOverride: 'on' | 'off' | null;
  openTasks: number;
  zones: string[];
  idleSince: Date | null;
  /** The hotels the worker serves: it is a candidate only for their lines. */
  hotelIds: number[];
}

/**
 * A department's workers with what routing weighs: their switch, open tasks (across
 * hotels: the load is the person's), zones, since when idle, and their hotels.
 */
export async function workerStates(db: DbOrTx, departmentId: number): Promise<WorkerState[]> {
  const rows = rowsOf<{ workerId: number; name: string; nameAr: string | null; shiftOverride: 'on' | 'off' | null; openTasks: number; zones: string[] | null; idleSince: string | Date | null; hotelIds: number[] | null }>(
    await db.execute(sql`
      select w.id as "workerId", w.name, w.name_ar as "nameAr", w.shift_override as "shiftOverride",
        (select count(*)::int from request_lines l where l.worker_id = w.id and l.status in ('Open', 'Assigned')) as "openTasks",
        (select array_agg(z.zone order by z.zone) from worker_zones z where z.worker_id = w.id) as zones,
        (select greatest(max(l.assigned_at), max(l.completed_at)) from request_lines l where l.worker_id = w.id) as "idleSince",
        (select array_agg(h.hotel_id order by h.hotel_id) from worker_hotels h where h.worker_id = w.id) as "hotelIds"
      from workers w where w.department_id = ${departmentId}
      order by w.id`),
  );
  return rows.map((r) => ({ ...r, zones: r.zones ?? [], idleSince: r.idleSince === null ? null : new Date(r.idleSince), hotelIds: (r.hotelIds ?? []).map(Number) }));
}

export async function rosterSlots(db: DbOrTx, hotelId: number, departmentId: number): Promise<Map<number, RosterSlot[]>> {
  const rows = await db
    .select({ workerId: shiftRoster.workerId, weekday: shiftRoster.weekday, startMinute: shiftRoster.startMinute, endMinute: shiftRoster.endMinute })
    .from(shiftRoster)
    .where(and(eq(shiftRoster.hotelId, hotelId), eq(shiftRoster.departmentId, departmentId)));
  const out = new Map<number, RosterSlot[]>();
  for (const r of rows) out.set(r.workerId, [...(out.get(r.workerId) ?? []), r]);
  return out;
}

export async function rosterForScreen(db: DbOrTx, hotelId: number, departmentId: number, lang: Language) {
  return db
    .select({ workerId: shiftRoster.workerId, workerName: nameIn(workers, lang), weekday: shiftRoster.weekday, startMinute: shiftRoster.startMinute, endMinute: shiftRoster.endMinute })
    .from(shiftRoster)
    .innerJoin(workers, eq(workers.id, shiftRoster.workerId))
    .where(and(eq(shiftRoster.hotelId, hotelId), eq(shiftRoster.departmentId, departmentId)))
    .orderBy(asc(shiftRoster.weekday), asc(shiftRoster.startMinute), asc(shiftRoster.workerId));
}

export async function replaceRoster(tx: Tx, hotelId: number, departmentId: number, rows: { workerId: number; weekday: number; startMinute: number; endMinute: number }[], at: Date) {
  await tx.delete(shiftRoster).where(and(eq(shiftRoster.hotelId, hotelId), eq(shiftRoster.departmentId, departmentId)));
  if (rows.length) await tx.insert(shiftRoster).values(rows.map((r) => ({ ...r, hotelId, departmentId, createdAt: at, updatedAt: at })));
}

/** Workers of the department serving the hotel, by id and by code (the roster sheet names them by code). */
export async function departmentWorkers(db: DbOrTx, departmentId: number, hotelId: number) {
  return db
    .select({ id: workers.id, workerCode: workers.workerCode })
    .from(workers)
    .innerJoin(workerHotels, and(eq(workerHotels.workerId, workers.id), eq(workerHotels.hotelId, hotelId)))
    .where(eq(workers.departmentId, departmentId));
}

export async function setShift(db: DbOrTx, workerId: number, override: 'on' | 'off' | null, at: Date): Promise<boolean> {
  const rows = await db.update(workers).set({ shiftOverride: override, shiftChangedAt: at }).where(eq(workers.id, workerId)).returning({ id: workers.id });
  return rows.length > 0;
}

export async function workerShift(db: DbOrTx, workerId: number) {
  const [row] = await db.select({ shiftOverride: workers.shiftOverride, departmentId: workers.departmentId }).from(workers).where(eq(workers.id, workerId));
  if (!row) return undefined;
  const hotels = await db.select({ hotelId: workerHotels.hotelId }).from(workerHotels).where(eq(workerHotels.workerId, workerId));
  return { ...row, hotelIds: hotels.map((h) => h.hotelId) };
}

export async function replaceZones(tx: Tx, workerId: number, zones: string[]): Promise<void> {
  await tx.delete(workerZones).where(eq(workerZones.workerId, workerId));
  if (zones.length) await tx.insert(workerZones).values(zones.map((zone) => ({ workerId, zone })));
}

/** Open lines (of the caller's scope) whose worker is not switched on and has no roster row now: read by the service, which applies the roster. */
export async function openLinesWithWorkers(db: DbOrTx, scope: ReturnType<typeof and> | undefined, lang: Language) {
  return db
    .select({
      lineId: requestLines.id,
      requestCode: requests.requestCode,
      hotelId: requests.hotelId,
      hotelTimeZone: hotels.timeZone,
      roomNumber: rooms.number,
      serviceName: inLanguage(lang, { en: services.nameEn, ar: services.nameAr }),
      workerId: workers.id,
      workerName: nameIn(workers, lang),
      workerDepartmentId: workers.departmentId,
      shiftOverride: workers.shiftOverride,
      status: requestLines.status,
      updatedAt: requestLines.updatedAt,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .innerJoin(workers, eq(workers.id, requestLines.workerId))
    .where(and(inArray(requestLines.status, ['Open', 'Assigned']), sql`${workers.shiftOverride} is distinct from 'on'`, scope))
    .orderBy(asc(requestLines.updatedAt))
    .limit(500);
}

// ── The scheduler's reads and writes (inside its transaction) ──
/** Hotels with at least one rule: routing is off everywhere else. */
/** Every new request nudges routing, which asks this first: built once (see builtOnce). */
const routedHotelIdsQuery = builtOnce((db) => db.selectDistinct({ hotelId: routingRules.hotelId }).from(routingRules).prepare(''));

export async function routedHotelIds(db: DbOrTx): Promise<number[]> {
  const rows = await routedHotelIdsQuery(db).execute();
  return rows.map((r) => r.hotelId);
}

/** A rule of the line's hotel covers the line's service (by service, group or department). */
const ruleCovers = sql`exists (select 1 from routing_rules rr where rr.hotel_id = r.hotel_id and rr.auto_route and (
  (rr.scope = 'service' and rr.scope_id = s.id) or (rr.scope = 'group' and rr.scope_id = s.service_group_id) or (rr.scope = 'department' and rr.scope_id = s.department_id)))`;

/**
 * What routing may have to act on: open lines with no worker, and lines under an offer
 * routing made that is not accepted yet. Lines the desk was told about are left alone.
 */
const needsRouting = sql`l.status in ('Open', 'Assigned') and (lr.state is null or lr.state <> 'escalated') and (
  (l.status = 'Open' and l.worker_id is null)
  or (lr.state = 'offered' and l.accepted_at is null and l.worker_id = lr.offered_worker_ids[cardinality(lr.offered_worker_ids)]))`;

/** Departments with lines routing may have to act on now. */
export async function departmentsWithWork(db: DbOrTx): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct l.department_id as id from request_lines l
      join requests r on r.id = l.request_id join services s on s.id = l.service_id
      left join line_routing lr on lr.line_id = l.id
      where l.department_id is not null and ${needsRouting} and ${ruleCovers}
      limit 1000`),
  );
  return rows.map((r) => r.id);
}

/**
 * Locks the department for this routing run; false when another process is routing it
 * now. NO KEY UPDATE: a guest's new line (whose foreign key takes KEY SHARE) is not held up.
 */
export async function lockDepartment(tx: Tx, departmentId: number): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`select id from departments where id = ${departmentId} for no key update skip locked`));
  return rows.length > 0;
}

export interface PendingLine {
  lineId: number;
  requestId: string;
  requestCode: string;
  hotelId: number;
  status: 'Open' | 'Assigned';
  departmentId: number | null;
  workerId: number | null;
  acceptedAt: Date | null;
  serviceId: number;
  serviceGroupId: number;
  serviceDepartmentId: number;
  isSpecial: boolean;
  clockStartedAt: Date | null;
  zone: string | null;
  routingState: 'waiting' | 'offered' | 'escalated' | null;
  offeredWorkerIds: number[] | null;
  offeredAt: Date | null;
  waitReason: string | null;
}

type RawPending = Omit<PendingLine, 'acceptedAt' | 'offeredAt' | 'clockStartedAt'> & { acceptedAt: string | Date | null; offeredAt: string | Date | null; clockStartedAt: string | Date | null };
const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * The lines of one department (or, with null, the Special Requests with no department
 * yet) that routing may act on, oldest first from after `afterId` (a run pages through them), locked: a line a clerk or another process
 * holds is skipped, and comes back on a later run.
 */
export async function lockPendingLines(tx: Tx, departmentId: number | null, afterId: number, limit: number): Promise<PendingLine[]> {
  const where = departmentId === null ? sql`l.department_id is null and s.is_special` : sql`l.department_id = ${departmentId}`;
  const rows = rowsOf<RawPending>(
    await tx.execute(sql`
      select l.id as "lineId", l.request_id as "requestId", r.request_code as "requestCode", r.hotel_id as "hotelId", l.status,
        l.department_id as "departmentId", l.worker_id as "workerId", l.accepted_at as "acceptedAt", l.service_id as "serviceId",
        s.service_group_id as "serviceGroupId", s.department_id as "serviceDepartmentId", s.is_special as "isSpecial",
        l.clock_started_at as "clockStartedAt", rm.zone,
        lr.state as "routingState", lr.offered_worker_ids as "offeredWorkerIds", lr.offered_at as "offeredAt", lr.wait_reason as "waitReason"
      from request_lines l
      join requests r on r.id = l.request_id
      join services s on s.id = l.service_id
      join rooms rm on rm.id = r.room_id
      left join line_routing lr on lr.line_id = l.id
      where ${where} and l.id > ${afterId} and ${needsRouting} and ${ruleCovers}
      order by l.id
      limit ${limit}
      for update of l skip locked`),
  );
  return rows.map((r) => ({ ...r, acceptedAt: toDate(r.acceptedAt), offeredAt: toDate(r.offeredAt), clockStartedAt: toDate(r.clockStartedAt) }));
}

export async function hotelZones(db: DbOrTx, hotelIds: number[]): Promise<Map<number, string | null>> {
  if (!hotelIds.length) return new Map();
  const rows = await db.select({ id: hotels.id, timeZone: hotels.timeZone }).from(hotels).where(inArray(hotels.id, hotelIds));
  return new Map(rows.map((r) => [r.id, r.timeZone]));
}

/**
 * Gives the line to the worker, only while it is as routing read it (no worker, or the
 * worker of the offer that ran out, not accepted): the conditional UPDATE makes the
 * hand-over happen once whatever else runs at the same moment.
 */
export async function offerLine(tx: Tx, lineId: number, fromWorkerId: number | null, workerId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(requestLines)
    .set({ workerId, status: 'Assigned', assignedAt: at, assignedBy: null, acceptedAt: null, acceptedByWorkerId: null, startedAt: null, startedByWorkerId: null, updatedAt: at })
    .where(
      and(
        eq(requestLines.id, lineId),
        inArray(requestLines.status, ['Open', 'Assigned']),
        fromWorkerId === null ? sql`${requestLines.workerId} is null` : eq(requestLines.workerId, fromWorkerId),
        sql`${requestLines.acceptedAt} is null`,
      ),
    )
    .returning({ id: requestLines.id });
  return rows.length > 0;
}

/** Takes the line back from a worker who did not accept it: Open in its department, for the desk. */
export async function withdrawLine(tx: Tx, lineId: number, fromWorkerId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(requestLines)
    .set({ workerId: null, status: 'Open', assignedAt: null, assignedBy: null, updatedAt: at })
    .where(and(eq(requestLines.id, lineId), eq(requestLines.workerId, fromWorkerId), sql`${requestLines.acceptedAt} is null`))
    .returning({ id: requestLines.id });
  return rows.length > 0;
}

export async function setDepartment(tx: Tx, lineId: number, patch: Partial<typeof requestLines.$inferInsert>, at: Date): Promise<boolean> {
  const rows = await tx
    .update(requestLines)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(requestLines.id, lineId), sql`${requestLines.departmentId} is null`, eq(requestLines.status, 'Open')))
    .returning({ id: requestLines.id });
  return rows.length > 0;
}

export async function saveLineRouting(
  tx: Tx,
  row: { lineId: number; state: 'waiting' | 'offered' | 'escalated'; offeredWorkerIds: number[]; offeredAt: Date | null; ruleId: number | null; waitReason: string | null },
  at: Date,
): Promise<void> {
  await tx
    .insert(lineRouting)
    .values({ ...row, updatedAt: at })
    .onConflictDoUpdate({
      target: lineRouting.lineId,
      set: { state: row.state, offeredWorkerIds: row.offeredWorkerIds, offeredAt: row.offeredAt, ruleId: row.ruleId, waitReason: row.waitReason, updatedAt: at },
    });
}

export async function logDecision(tx: Tx, row: typeof lineRoutingLog.$inferInsert): Promise<void> {
  await tx.insert(lineRoutingLog).values(row);
}

/** The routing steps of a line for its history, with names in the reader's language. */
export async function routingLogOf(db: DbOrTx, lineId: number, lang: Language) {
  return db
    .select({
      at: lineRoutingLog.at,
      outcome: lineRoutingLog.outcome,
      reason: lineRoutingLog.reason,
      ruleId: lineRoutingLog.ruleId,
      workerName: nameIn(workers, lang),
      departmentName: nameIn(departments, lang),
      detail: lineRoutingLog.detail,
    })
    .from(lineRoutingLog)
    .leftJoin(workers, eq(workers.id, lineRoutingLog.workerId))
    .leftJoin(departments, eq(departments.id, lineRoutingLog.departmentId))
    .where(eq(lineRoutingLog.lineId, lineId))
    .orderBy(asc(lineRoutingLog.id));
}

export async function departmentName(db: DbOrTx, id: number, lang: Language): Promise<string | undefined> {
  const [row] = await db.select({ name: nameIn(departments, lang) }).from(departments).where(eq(departments.id, id));
  return row?.name;
}
