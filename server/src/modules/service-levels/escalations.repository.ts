import { type TargetKind } from '@shared';
import { and, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { departments, hotels, lineEscalations, requestLines, requests, roleClaims, roles, rooms, services, userHotels, userRoles, users } from '../../db/schema';
import { ESCALATIONS_RECEIVE } from '../../access/scope';

/** Escalations: which lines passed a target, who claims sending, and to whom. */

export interface DueEscalation {
  lineId: number;
  kind: TargetKind;
  dueAt: Date;
}

export const OPEN = inArray(requestLines.status, ['Open', 'Assigned']);
const notEscalated = (kind: TargetKind) =>
  notExists(
    sql`(select 1 from ${lineEscalations} where ${lineEscalations.lineId} = ${requestLines.id} and ${lineEscalations.kind} = ${kind})`,
  );

/**
 * Open lines past a target not met and not yet escalated, oldest due first. Each half
 * reads its own partial index (request_lines_ack_due_idx, request_lines_complete_due_idx),
 * which holds only open lines with that target pending: the cost follows the lines that
 * are late now, not the size of the history.
 */
export async function dueEscalations(db: DbOrTx, now: Date, limit: number): Promise<DueEscalation[]> {
  const [acknowledge, complete] = await Promise.all([
    db
      .select({ lineId: requestLines.id, dueAt: requestLines.acknowledgeDueAt })
      .from(requestLines)
      .where(and(isNull(requestLines.acknowledgedAt), OPEN, lte(requestLines.acknowledgeDueAt, now), notEscalated('acknowledge')))
      .orderBy(requestLines.acknowledgeDueAt)
      .limit(limit),
    db
      .select({ lineId: requestLines.id, dueAt: requestLines.completeDueAt })
      .from(requestLines)
      .where(and(OPEN, lte(requestLines.completeDueAt, now), notEscalated('complete')))
      .orderBy(requestLines.completeDueAt)
      .limit(limit),
  ]);
  return [
    ...acknowledge.map((r) => ({ lineId: r.lineId, kind: 'acknowledge' as const, dueAt: r.dueAt! })),
    ...complete.map((r) => ({ lineId: r.lineId, kind: 'complete' as const, dueAt: r.dueAt! })),
  ].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/**
 * Claims the escalation of one line and target: the unique key (line, kind) lets one
 * insert win however many processes try at once, and the insert happens only while the
 * line still misses that target (a clerk may have acted since it was read). Returns the
 * row id to the winner only.
 */
export async function claimEscalation(db: DbOrTx, due: DueEscalation, at: Date, mailHoldUntil: Date): Promise<number | undefined> {
  const stillMissed =
    due.kind === 'acknowledge'
      ? sql`l.status in ('Open', 'Assigned') and l.acknowledged_at is null`
      : sql`l.status in ('Open', 'Assigned')`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into line_escalations (line_id, kind, due_at, escalated_at, next_mail_at)
      select l.id, ${due.kind}, ${due.dueAt.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${mailHoldUntil.toISOString()}::timestamptz
      from request_lines l where l.id = ${due.lineId} and ${stillMissed}
      on conflict (line_id, kind) do nothing
      returning id`),
  );
  return rows[0]?.id;
}

/** One receiver has the e-mail: written the moment the mail server takes it, so no later try mails them again. */
export async function recordMailed(db: DbOrTx, id: number, userId: number): Promise<void> {
  await db
    .update(lineEscalations)
    .set({
      mailedUserIds: sql`array_append(${lineEscalations.mailedUserIds}, ${userId}::integer)`,
      mailedTo: sql`cardinality(${lineEscalations.mailedUserIds}) + 1`,
    })
    .where(and(eq(lineEscalations.id, id), sql`not (${userId}::integer = any(${lineEscalations.mailedUserIds}))`));
}

/**
 * What one try at e-mailing left: when to try again for the receivers it did not reach
 * (null: nothing more to send). How many it reached stays as recordMailed wrote it.
 */
export async function recordMailing(db: DbOrTx, id: number, nextMailAt: Date | null): Promise<void> {
  await db
    .update(lineEscalations)
    .set({ nextMailAt, mailedTo: sql`cardinality(${lineEscalations.mailedUserIds})` })
    .where(eq(lineEscalations.id, id));
}

/** E-mail is not set up: the escalation waits for it (releaseAwaitingMail) instead of being dropped. */
export async function awaitMailSetup(db: DbOrTx, id: number): Promise<void> {
  await db.update(lineEscalations).set({ nextMailAt: null, awaitingMailSetup: true }).where(eq(lineEscalations.id, id));
}

/**
 * E-mail is set up now: the escalations that waited for it become due for a try at once
 * (takeMailRetries), which drops those whose line was acted on since. The update takes
 * each row once, however many processes run it together.
 */
export async function releaseAwaitingMail(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(lineEscalations)
    .set({ awaitingMailSetup: false, nextMailAt: now })
    .where(eq(lineEscalations.awaitingMailSetup, true))
    .returning({ id: lineEscalations.id });
  return rows.length;
}

/** Nothing more to send for this escalation: the line was acted on since. */
export async function endMailing(db: DbOrTx, id: number): Promise<void> {
  await db.update(lineEscalations).set({ nextMailAt: null }).where(eq(lineEscalations.id, id));
}

export interface MailRetry extends DueEscalation {
  id: number;
  attempts: number;
  mailedUserIds: number[];
}

/**
 * Takes the escalations whose e-mail is due to be tried again (it did not reach everyone,
 * or its try was cut off), holding each until `holdUntil` so no other process takes it
 * meanwhile; rows another process is taking right now are skipped (SKIP LOCKED).
 */
export async function takeMailRetries(db: DbOrTx, now: Date, maxAttempts: number, holdUntil: Date, limit: number): Promise<MailRetry[]> {
  const due = db
    .select({ id: lineEscalations.id })
    .from(lineEscalations)
    .where(and(lte(lineEscalations.nextMailAt, now), lte(lineEscalations.mailAttempts, maxAttempts)))
    .orderBy(lineEscalations.nextMailAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(lineEscalations)
    .set({ mailAttempts: sql`${lineEscalations.mailAttempts} + 1`, nextMailAt: holdUntil })
    .where(inArray(lineEscalations.id, due))
    .returning({
      id: lineEscalations.id,
      lineId: lineEscalations.lineId,
      kind: lineEscalations.kind,
      dueAt: lineEscalations.dueAt,
      attempts: lineEscalations.mailAttempts,
      mailedUserIds: lineEscalations.mailedUserIds,
    });
}

/** What an escalation says about its line, in both languages (each recipient reads their own). */
export async function escalationSubject(db: DbOrTx, lineId: number) {
  const [row] = await db
    .select({
      lineId: requestLines.id,
      status: requestLines.status,
      acknowledgedAt: requestLines.acknowledgedAt,
      clockStartedAt: requestLines.clockStartedAt,
      acknowledgeDueAt: requestLines.acknowledgeDueAt,
      completeDueAt: requestLines.completeDueAt,
      departmentId: requestLines.departmentId,
      departmentName: departments.name,
      departmentNameAr: departments.nameAr,
      serviceNameEn: services.nameEn,
      serviceNameAr: services.nameAr,
      requestId: requests.id,
      requestCode: requests.requestCode,
      requestLang: requests.lang,
      hotelId: requests.hotelId,
      hotelNameEn: hotels.name,
      hotelNameAr: hotels.nameAr,
      hotelTimeZone: hotels.timeZone,
      hotelDigestMinutes: hotels.escalationDigestMinutes,
      roomNumber: rooms.number,
    })
    .from(requestLines)
    .innerJoin(requests, eq(requests.id, requestLines.requestId))
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .leftJoin(departments, eq(departments.id, requestLines.departmentId))
    .where(eq(requestLines.id, lineId));
  return row;
}
export type EscalationSubject = NonNullable<Awaited<ReturnType<typeof escalationSubject>>>;

export interface Receiver {
  userId: number;
  email: string;
  firstName: string;
  language: 'en' | 'ar';
  isAdmin: boolean;
  hotelIds: number[];
  /** Departments do not narrow who hears of an escalation. */
  departmentIds: number[];
  claims: string[];
}

/**
 * The active users holding Escalations.Receive through any role, with what the scope
 * rule needs (admin, hotels); which of them a line's hotel concerns is scope.ts's call.
 */
export async function escalationReceivers(db: DbOrTx): Promise<Receiver[]> {
  const holders = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      isAdmin: sql<boolean>`bool_or(${roles.isSystem})`,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(roleClaims, and(eq(roleClaims.roleId, roles.id), eq(roleClaims.claim, ESCALATIONS_RECEIVE)))
    .where(eq(users.isActive, true))
    .groupBy(users.id);
  if (!holders.length) return [];
  const hotelRows = await db
    .select({ userId: userHotels.userId, hotelId: userHotels.hotelId })
    .from(userHotels)
    .where(inArray(userHotels.userId, holders.map((h) => h.userId)));
  return holders.map((h) => ({
    ...h,
    isAdmin: h.isAdmin === true,
    hotelIds: hotelRows.filter((r) => r.userId === h.userId).map((r) => r.hotelId),
    departmentIds: [],
    claims: [ESCALATIONS_RECEIVE],
  }));
}
