import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Language, type LineStatus, type RequestChannel, type RequestStatus, type Targets, resolveTargets } from '@shared';
import { type DbOrTx, type Tx } from '../../db/client';
import { inLanguage, nameIn, userName } from '../../access/names';
import type { Place } from '../qr/place.repository';
import { sqlBuiltOnce } from '../../db/prepared';
import { apiKeys, departments, hotels, lineEscalations, lineMessages, requestLines, requests, roomLinkKeys, rooms, serviceGroups, services, stays, users, workerHotels, workers } from '../../db/schema';
import { integrationLabel } from '../integrations/api-keys/key-label.repository';

/** The only place the requests area talks to the database (STYLE §3). */

export type { Place };

const hotelName = (lang: Language) => inLanguage(lang, { en: hotels.name, ar: hotels.nameAr });
const serviceName = (lang: Language) => inLanguage(lang, { en: services.nameEn, ar: services.nameAr });

// ── Reference data checked by AddRequest ───────────────────────────────────
/** PostgreSQL's concat_ws(' ', …): the parts that are not null, joined by spaces. */
const joinText = (...parts: (string | null | undefined)[]) => parts.filter((p) => p !== null && p !== undefined).join(' ');

/**
 * The texts a new request and its lines are found by, exactly as the database's
 * hotel_request_search_text and hotel_line_search_text would build them (migration
 * 0002), but for the request code they start with: that is made in the statement that
 * stores them (insertRequest). Guest, phone and its digits, room, hotel names, then
 * the services' names.
 */
export function searchTextsAfterCode(
  request: { custName: string; custPhone: string; roomNumber: string | null; hotelNames: string | null },
  lineServices: { nameEn: string; nameAr: string }[],
): { request: string; lines: string[] } {
  const base = joinText(request.custName, request.custPhone, request.custPhone.replace(/[^0-9]/g, ''), request.roomNumber, request.hotelNames);
  const names = lineServices.map((s) => `${s.nameEn} ${s.nameAr}`);
  return { request: joinText(base, names.length ? names.join(' ') : null), lines: names.map((n) => joinText(base, n)) };
}

/** A service a guest asked for, with its names (for the search texts) and its targets in the hotel. */
export interface RequestedService {
  id: number;
  departmentId: number | null;
  isSpecial: boolean;
  nameEn: string;
  nameAr: string;
  scheduleLeadMinutes: number | null;
  targets: Targets;
  hotelNameEn: string | null;
  hotelNameAr: string | null;
  /** Its department's workers take open lines: their phones are offered the line. */
  departmentTakesOpenLines: boolean;
}

interface NewRequestReadRow {
  hotel_exists: boolean;
  room_hotel_id: number | null;
  link_version: number | null;
  room_number: string | null;
  hotel_names: string | null;
  time_zone: string | null;
  id: number | null;
  department_id: number | null;
  is_special: boolean;
  name_en: string;
  name_ar: string;
  schedule_lead_minutes: number | null;
  service_acknowledge: number | null;
  service_complete: number | null;
  group_acknowledge: number | null;
  group_complete: number | null;
  hotel_acknowledge: number | null;
  hotel_complete: number | null;
  hotel_name_en: string | null;
  hotel_name_ar: string | null;
  takes_open_lines: boolean;
}

/**
 * Everything a new request is checked against, in one statement built once: the place
 * (as placeOf reads it), one row per service asked for (targets: the service's own, else
 * its group's, else the hotel's; whether its department's workers take open lines).
 */
const newRequestReadQuery = sqlBuiltOnce<NewRequestReadRow>(() => {
  const hotelId = sql.placeholder('hotelId');
  const roomId = sql.placeholder('roomId');
  return sql`select p.*, ${services.id} as id, ${services.departmentId} as department_id, ${services.isSpecial} as is_special,
      ${services.nameEn} as name_en, ${services.nameAr} as name_ar, ${services.scheduleLeadMinutes} as schedule_lead_minutes,
      ${services.acknowledgeMinutes} as service_acknowledge, ${services.completeMinutes} as service_complete,
      ${serviceGroups.acknowledgeMinutes} as group_acknowledge, ${serviceGroups.completeMinutes} as group_complete,
      ${hotels.acknowledgeMinutes} as hotel_acknowledge, ${hotels.completeMinutes} as hotel_complete, ${hotels.name} as hotel_name_en, ${hotels.nameAr} as hotel_name_ar,
      coalesce(${departments.workersTakeOpenLines}, false) as takes_open_lines
    from (select
      exists (select 1 from ${hotels} where ${hotels.id} = ${hotelId}::int) as hotel_exists,
      (select ${rooms.hotelId} from ${rooms} where ${rooms.id} = ${roomId}::int) as room_hotel_id,
      (select ${roomLinkKeys.version} from ${roomLinkKeys} where ${roomLinkKeys.hotelId} = ${hotelId}::int) as link_version,
      (select ${rooms.number} from ${rooms} where ${rooms.id} = ${roomId}::int) as room_number,
      (select ${hotels.name} || ' ' || ${hotels.nameAr} from ${hotels} where ${hotels.id} = ${hotelId}::int) as hotel_names,
      (select ${hotels.timeZone} from ${hotels} where ${hotels.id} = ${hotelId}::int) as time_zone) p
    left join (${services} inner join ${serviceGroups} on ${serviceGroups.id} = ${services.serviceGroupId}
      left join ${departments} on ${departments.id} = ${services.departmentId}) on ${services.id} = any(${sql.placeholder('ids')}::int[])
    left join ${hotels} on ${hotels.id} = ${hotelId}::int`;
});

/** Every new request reads this first (see newRequestReadQuery); the ids as one array parameter. */
export async function newRequestRead(
  db: DbOrTx,
  hotelId: number,
  roomId: number,
  serviceIds: number[],
): Promise<{ place: Place; services: RequestedService[] }> {
  const rows = await newRequestReadQuery(db).execute({ hotelId, roomId, ids: serviceIds });
  const [first] = rows;
  const place: Place = {
    hotelExists: first.hotel_exists,
    roomHotelId: first.room_hotel_id === null ? null : Number(first.room_hotel_id),
    linkVersion: first.link_version ?? 1,
    roomNumber: first.room_number,
    hotelNames: first.hotel_names,
    timeZone: first.time_zone,
  };
  const found: RequestedService[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    found.push({
      id: r.id,
      departmentId: r.department_id,
      isSpecial: r.is_special,
      nameEn: r.name_en,
      nameAr: r.name_ar,
      scheduleLeadMinutes: r.schedule_lead_minutes,
      targets: resolveTargets({ acknowledgeMinutes: r.service_acknowledge, completeMinutes: r.service_complete }, { acknowledgeMinutes: r.group_acknowledge, completeMinutes: r.group_complete }, { acknowledgeMinutes: r.hotel_acknowledge, completeMinutes: r.hotel_complete }),
      hotelNameEn: r.hotel_name_en,
      hotelNameAr: r.hotel_name_ar,
      departmentTakesOpenLines: r.takes_open_lines,
    });
  }
  return { place, services: found };
}

export interface NewRequest {
  hotelId: number;
  roomId: number;
  custName: string;
  custEmail: string;
  custPhone: string;
  note: string;
  /** False without a valid room-link signature. */
  roomVerified: boolean;
  /** The language the guest used. */
  lang: Language;
  channel: RequestChannel;
  /** The room's number and the hotel's names, for the search texts. */
  roomNumber: string | null;
  hotelNames: string | null;
  lines: {
    serviceId: number;
    departmentId: number | null;
    note: string;
    /** The service's names, for the search texts. */
    names: { nameEn: string; nameAr: string };
    clockStartedAt?: Date;
    acknowledgeDueAt?: Date | null;
    completeDueAt?: Date | null;
    /** A scheduled line: the time asked for and its alert moment (its clock starts then, not now). */
    scheduledFor?: Date | null;
    alertAt?: Date | null;
  }[];
}

/**
 * Inserts a request with its lines in one statement, which is atomic on its own: no
 * BEGIN, no separate read of the sequence, no COMMIT (AddRequest runs at guest rush
 * hour; each round trip costs in the server and in the database). The code comes from
 * the sequence (hotel_request_code, migration 0014), so it is unique across processes.
 *
 * The lines carry the request's hotel (their insert trigger would look it up otherwise).
 *
 * The search texts are written with the rows, so the triggers that would build them
 * (and check the request's again after its lines) stand aside: set_config marks this
 * statement's transaction before the first row is stored. Rows written any other way
 * (SQL, imports) still get their texts from the triggers (migration 0013).
 *
 * A request made from a room during a stay carries that stay (the room's open stay checked
 * in last), taken in the same statement.
 *
 * Built once (see sqlBuiltOnce): the lines come as one array parameter per column, unnested
 * in their order, so the statement is the same whatever the number of lines.
 */
const insertRequestQuery = sqlBuiltOnce<{ id: string; request_code: string; created_at: Date | string }>(() => {
  const p = (name: string) => sql.placeholder(name);
  return sql`
    with next as (
      select seq, hotel_request_code(seq) as code, set_config('hotel.search_text_given', 'on', true) as given
      from (select nextval(pg_get_serial_sequence('requests', 'seq')) as seq) s
    ), request as (
      insert into ${requests} (seq, request_code, hotel_id, room_id, cust_name, cust_email, cust_phone, note, room_verified, lang, channel, search_text, stay_id)
      select seq, code, ${p('hotelId')}, ${p('roomId')}, ${p('custName')}, ${p('custEmail')}, ${p('custPhone')}, ${p('note')},
        ${p('roomVerified')}, ${p('lang')}, ${p('channel')}, concat_ws(' ', code, nullif(${p('searchText')}::text, '')),
        (select ${stays.id} from ${stays} where ${stays.roomId} = ${p('roomId')}::int and ${stays.checkedOutAt} is null order by ${stays.checkedInAt} desc limit 1)
      from next
      returning id, request_code, created_at
    ), line as (
      insert into ${requestLines} (request_id, hotel_id, service_id, department_id, note, clock_started_at, acknowledge_due_at, complete_due_at, scheduled_for, alert_at, search_text)
      select request.id, ${p('hotelId')}::int, v.service_id, v.department_id, v.note, v.clock_started_at, v.acknowledge_due_at, v.complete_due_at, v.scheduled_for, v.alert_at,
        concat_ws(' ', request.request_code, nullif(v.search_text, ''))
      from request, unnest(${p('serviceIds')}::int[], ${p('departmentIds')}::int[], ${p('notes')}::text[], ${p('clockStartedAt')}::timestamptz[],
        ${p('acknowledgeDueAt')}::timestamptz[], ${p('completeDueAt')}::timestamptz[], ${p('scheduledFor')}::timestamptz[], ${p('alertAt')}::timestamptz[],
        ${p('searchTexts')}::text[]) with ordinality
        as v(service_id, department_id, note, clock_started_at, acknowledge_due_at, complete_due_at, scheduled_for, alert_at, search_text, position)
      order by v.position
    )
    select id, request_code, created_at from request`;
});

export async function insertRequest(db: DbOrTx, input: NewRequest): Promise<{ id: string; requestCode: string; createdAt: Date }> {
  const { lines, roomNumber, hotelNames, ...header } = input;
  const texts = searchTextsAfterCode({ ...header, roomNumber, hotelNames }, lines.map((line) => line.names));
  const at = (time: Date | null | undefined) => time?.toISOString() ?? null;
  const [row] = await insertRequestQuery(db).execute({
    ...header,
    searchText: texts.request,
    serviceIds: lines.map((line) => line.serviceId),
    departmentIds: lines.map((line) => line.departmentId),
    notes: lines.map((line) => line.note),
    clockStartedAt: lines.map((line) => at(line.clockStartedAt)),
    acknowledgeDueAt: lines.map((line) => at(line.acknowledgeDueAt)),
    completeDueAt: lines.map((line) => at(line.completeDueAt)),
    scheduledFor: lines.map((line) => at(line.scheduledFor)),
    alertAt: lines.map((line) => at(line.alertAt)),
    searchTexts: texts.lines,
  });
  return { id: row.id, requestCode: row.request_code, createdAt: new Date(row.created_at) };
}

// ── One request with its lines ─────────────────────────────────────────────
export async function requestHeader(db: DbOrTx, id: string, lang: Language) {
  const [row] = await db
    .select({
      id: requests.id,
      requestCode: requests.requestCode,
      status: requests.status,
      custName: requests.custName,
      custEmail: requests.custEmail,
      custPhone: requests.custPhone,
      hotelId: requests.hotelId,
      roomId: requests.roomId,
      hotelName: hotelName(lang),
      roomNumber: rooms.number,
      note: requests.note,
      review: requests.review,
      rating: requests.rating,
      roomVerified: requests.roomVerified,
      lang: requests.lang,
      channel: requests.channel,
      createdAt: requests.createdAt,
      updatedAt: requests.updatedAt,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(eq(requests.id, id));
  return row;
}

/** What a line's service-level clock is computed from (shared/service-levels.ts). */
export const lineClockColumns = {
  acknowledgedAt: requestLines.acknowledgedAt,
  clockStartedAt: requestLines.clockStartedAt,
  acknowledgeDueAt: requestLines.acknowledgeDueAt,
  completeDueAt: requestLines.completeDueAt,
  scheduledFor: requestLines.scheduledFor,
  alertAt: requestLines.alertAt,
  alertedAt: requestLines.alertedAt,
};

const lineColumns = (lang: Language) => ({
  id: requestLines.id,
  requestId: requestLines.requestId,
  serviceId: requestLines.serviceId,
  serviceName: serviceName(lang),
  isSpecial: services.isSpecial,
  status: requestLines.status,
  note: requestLines.note,
  reply: requestLines.reply,
  departmentId: requestLines.departmentId,
  departmentName: nameIn(departments, lang),
  workerId: requestLines.workerId,
  workerName: nameIn(workers, lang),
  createdAt: requestLines.createdAt,
  updatedAt: requestLines.updatedAt,
  guestUnreadAt: requestLines.guestUnreadAt,
  ...lineClockColumns,
});

export type LineRow = Awaited<ReturnType<typeof linesOfRequest>>[number];

export async function linesOfRequest(db: DbOrTx, requestId: string, lang: Language) {
  return db
    .select(lineColumns(lang))
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.id));
}

export async function lineById(db: DbOrTx, id: number, lang: Language) {
  const [row] = await db
    .select({ ...lineColumns(lang), hotelId: requests.hotelId })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .where(eq(requestLines.id, id));
  return row;
}

// ── Workflow writes ────────────────────────────────────────────────────────
/** Locks the line (SELECT … FOR UPDATE) so two clerks acting at once are served one after the other. */
export async function lockLine(tx: Tx, id: number) {
  const [line] = await tx
    .select({
      id: requestLines.id,
      requestId: requestLines.requestId,
      status: requestLines.status,
      departmentId: requestLines.departmentId,
      workerId: requestLines.workerId,
      serviceId: requestLines.serviceId,
      acknowledgedAt: requestLines.acknowledgedAt,
      clockStartedAt: requestLines.clockStartedAt,
      alertAt: requestLines.alertAt,
      alertedAt: requestLines.alertedAt,
      acceptedAt: requestLines.acceptedAt,
      startedAt: requestLines.startedAt,
      updatedAt: requestLines.updatedAt,
    })
    .from(requestLines)
    .where(eq(requestLines.id, id))
    .for('update');
  if (!line) return undefined;
  const [service] = await tx.select({ isSpecial: services.isSpecial }).from(services).where(eq(services.id, line.serviceId));
  const [request] = await tx
    .select({ hotelId: requests.hotelId, requestCode: requests.requestCode })
    .from(requests)
    .where(eq(requests.id, line.requestId));
  return { ...line, isSpecial: service.isSpecial, hotelId: request.hotelId, requestCode: request.requestCode };
}

/** What a desk's toast names about a line: its room and its service in both languages. */
export async function lineSummary(db: DbOrTx, lineId: number) {
  const [row] = await db
    .select({ roomNumber: rooms.number, serviceNameEn: services.nameEn, serviceNameAr: services.nameAr })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(eq(requestLines.id, lineId));
  return row;
}

/** What an action may change on a line; its hotel is its request's (the insert trigger keeps it). */
export type LinePatch = Partial<Omit<typeof requestLines.$inferInsert, 'hotelId'>>;

export async function updateLine(tx: Tx, id: number, patch: LinePatch, at: Date): Promise<void> {
  await tx
    .update(requestLines)
    .set({ ...patch, updatedAt: at })
    .where(eq(requestLines.id, id));
}

export async function lineStatuses(tx: Tx, requestId: string): Promise<LineStatus[]> {
  const rows = await tx.select({ status: requestLines.status }).from(requestLines).where(eq(requestLines.requestId, requestId));
  return rows.map((r) => r.status);
}

export async function touchRequest(tx: Tx, requestId: string, status: RequestStatus, at: Date): Promise<void> {
  await tx.update(requests).set({ status, updatedAt: at }).where(eq(requests.id, requestId));
}

/** A staff member opened the line: the guest's messages on it are read (not a change of the line: updatedAt stays). */
export async function markGuestMessagesRead(db: DbOrTx, lineId: number): Promise<void> {
  await db.update(requestLines).set({ guestUnreadAt: null }).where(and(eq(requestLines.id, lineId), isNotNull(requestLines.guestUnreadAt)));
}

/** Stores the review only if the request is Completed and has none yet; answers whether it did. */
/** The request reviewed (what its announcement names), or undefined: not completed, or reviewed already. */
export async function saveReview(db: DbOrTx, id: string, feedback: string, rating: number, at: Date) {
  const [row] = await db
    .update(requests)
    .set({ review: feedback, rating, reviewedAt: at, updatedAt: at })
    .where(and(eq(requests.id, id), eq(requests.status, 'Completed'), isNull(requests.reviewedAt)))
    .returning({ requestId: requests.id, requestCode: requests.requestCode, hotelId: requests.hotelId });
  return row as { requestId: string; requestCode: string; hotelId: number } | undefined;
}

// ── Lookups for the staff screens ──────────────────────────────────────────
export async function departmentLookup(db: DbOrTx, lang: Language = 'en') {
  const name = nameIn(departments, lang);
  return db.select({ id: departments.id, name }).from(departments).orderBy(asc(name));
}

export async function departmentExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0;
}

/**
 * The workers who may take a line: those of its department and those who belong to none;
 * given its hotel, only those who serve that hotel (the desk's list of whom to assign).
 */
export async function workersFor(db: DbOrTx, departmentId: number | null, lang: Language = 'en', hotelId?: number) {
  const noDepartment = isNull(workers.departmentId);
  const name = nameIn(workers, lang);
  const ofHotel = hotelId === undefined ? undefined : sql`exists (select 1 from ${workerHotels} where ${workerHotels.workerId} = ${workers.id} and ${workerHotels.hotelId} = ${hotelId})`;
  return db
    .select({ id: workers.id, name })
    .from(workers)
    .where(and(departmentId === null ? noDepartment : or(eq(workers.departmentId, departmentId), noDepartment), ofHotel))
    .orderBy(asc(name));
}

/** Who moved the line and when (SPEC §3 status history), with the users' names. */
export async function lineHistory(db: DbOrTx, id: number, lang: Language = 'en') {
  const [toDept, assigner, completer, rejecter, acknowledger] = ['u_dept', 'u_assign', 'u_complete', 'u_reject', 'u_ack'].map((n) => alias(users, n));
  const [toDeptKey, assignerKey, completerKey, rejecterKey, acknowledgerKey] = ['k_dept', 'k_assign', 'k_complete', 'k_reject', 'k_ack'].map((n) => alias(apiKeys, n));
  // A step done with an API key reads "integration <name>" where a user's name would be.
  const by = (user: typeof toDept, key: typeof toDeptKey) => sql<string | null>`coalesce(${userName(user)}, ${integrationLabel(key.name, lang)})`;
  const [accepter, starter, workerCompleter] = ['w_accept', 'w_start', 'w_complete'].map((n) => alias(workers, n));
  const [row] = await db
    .select({
      createdAt: requestLines.createdAt,
      user_AssignedToDepartment: by(toDept, toDeptKey),
      assignedToDepartment_Date: requestLines.assignedToDepartmentAt,
      departmentName: nameIn(departments, lang),
      user_Assigned: by(assigner, assignerKey),
      assigned_Date: requestLines.assignedAt,
      workerName: nameIn(workers, lang),
      worker_Accepted: nameIn(accepter, lang),
      accepted_Date: requestLines.acceptedAt,
      worker_Started: nameIn(starter, lang),
      started_Date: requestLines.startedAt,
      // A worker who finished on a phone is named like the staff member who completes at the desk.
      user_Completed: sql<string | null>`coalesce(${userName(completer)}, ${integrationLabel(completerKey.name, lang)}, ${nameIn(workerCompleter, lang)})`,
      completed_Date: requestLines.completedAt,
      user_Rejected: by(rejecter, rejecterKey),
      rejected_Date: requestLines.rejectedAt,
      rejectReason: requestLines.rejectReason,
      user_Acknowledged: by(acknowledger, acknowledgerKey),
      acknowledged_Date: requestLines.acknowledgedAt,
    })
    .from(requestLines)
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .leftJoin(workers, eq(workers.id, requestLines.workerId))
    .leftJoin(toDept, eq(toDept.id, requestLines.assignedToDepartmentBy))
    .leftJoin(assigner, eq(assigner.id, requestLines.assignedBy))
    .leftJoin(completer, eq(completer.id, requestLines.completedBy))
    .leftJoin(rejecter, eq(rejecter.id, requestLines.rejectedBy))
    .leftJoin(acknowledger, eq(acknowledger.id, requestLines.acknowledgedBy))
    .leftJoin(toDeptKey, eq(toDeptKey.id, requestLines.assignedToDepartmentByKey))
    .leftJoin(assignerKey, eq(assignerKey.id, requestLines.assignedByKey))
    .leftJoin(completerKey, eq(completerKey.id, requestLines.completedByKey))
    .leftJoin(rejecterKey, eq(rejecterKey.id, requestLines.rejectedByKey))
    .leftJoin(acknowledgerKey, eq(acknowledgerKey.id, requestLines.acknowledgedByKey))
    .leftJoin(accepter, eq(accepter.id, requestLines.acceptedByWorkerId))
    .leftJoin(starter, eq(starter.id, requestLines.startedByWorkerId))
    .leftJoin(workerCompleter, eq(workerCompleter.id, requestLines.completedByWorkerId))
    .where(eq(requestLines.id, id));
  return row;
}

/** The history's later steps: each reply sent to the guest (who and when, not the text) and each escalation. */
export async function lineHistorySteps(db: DbOrTx, id: number, lang: Language = 'en') {
  const replies = await db
    .select({ by: sql<string | null>`coalesce(${userName(users)}, ${integrationLabel(apiKeys.name, lang)}, ${workers.name})`, at: lineMessages.createdAt })
    .from(lineMessages)
    .leftJoin(users, eq(users.id, lineMessages.userId))
    .leftJoin(apiKeys, eq(apiKeys.id, lineMessages.apiKeyId))
    .leftJoin(workers, eq(workers.id, lineMessages.workerId))
    .where(and(eq(lineMessages.lineId, id), eq(lineMessages.kind, 'reply')))
    .orderBy(asc(lineMessages.id));
  const escalations = await db
    .select({ kind: lineEscalations.kind, at: lineEscalations.escalatedAt, mailedTo: lineEscalations.mailedTo })
    .from(lineEscalations)
    .where(eq(lineEscalations.lineId, id))
    .orderBy(asc(lineEscalations.escalatedAt));
  return { replies, escalations };
}
