import {
  GUEST_FEEDBACK_LIMIT,
  type GuestFeedbackQuery,
  type GuestFeedbackRow,
  type Language,
  REPEAT_FAULT,
  type RequestChannel,
  REPORT_MAX_DAYS,
  ROOM_HISTORY_LIMIT,
  type RoomHistory,
  type ServiceLevelRow,
  type ServiceLevels,
  type ServiceLevelsQuery,
} from '@shared';
import type { AppContext } from '../../context';
import { type LocalizedFieldError, badRequest, notFound } from '../../http/errors';
import { common, fieldMessages } from '../../i18n/common.messages';
import type { Principal } from '../../security/tokens';
import { iso, isoOrNull } from '../../http/iso';
import { canSeeRequest } from '../../access/scope';
import { channelNames, reportMessages as m } from './reports.messages';
import { localize } from '../../i18n/localize';
import * as repo from './reports.repository';
import { recoveryCounts } from './recovery.repository';
import { staysOfRequests } from '../integrations/stays/stays.repository';

const DAY_MS = 86_400_000;

const causeCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

/** [from, to) must run forwards and stay within a year: one report never scans the whole history. */
export function periodOf(query: { from: string; to: string }): { from: Date; to: Date } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  const problems: LocalizedFieldError[] = [];
  if (to <= from) problems.push({ field: 'to', message: m.rangeOrder });
  else if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * DAY_MS) problems.push({ field: 'to', message: m.rangeTooLong, params: { days: REPORT_MAX_DAYS } });
  if (problems.length) throw badRequest(common.validation, {}, problems);
  return { from, to };
}

/** Minutes to one decimal place: what a manager reads, not a statistic's noise. */
const minutes = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const rating = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export async function serviceLevels(ctx: AppContext, user: Principal, query: ServiceLevelsQuery, lang: Language): Promise<ServiceLevels> {
  const period = periodOf(query);
  const rows = await repo.serviceLevels(
    ctx.database.db,
    user,
    { ...period, hotelId: query.hotelId, departmentId: query.departmentId },
    query.groupBy,
    lang,
    query.timeZone ?? 'UTC',
    ctx.clock.now(),
  ).catch((error: unknown) => {
    // A zone this runtime knows but the database's time zone files do not (22023): the caller's input, not a fault.
    if (query.timeZone && causeCode(error) === '22023') throw badRequest(common.validation, {}, [{ field: 'timeZone', message: fieldMessages.invalid }]);
    throw error;
  });
  const toRow = (r: repo.ServiceLevelSqlRow): ServiceLevelRow => ({
    key: r.is_total ? 'total' : (r.k ?? 'none'),
    name: query.groupBy === 'channel' && r.name ? localize(channelNames[r.name as RequestChannel] ?? { en: r.name, ar: r.name }, lang) : r.name,
    lines: Number(r.lines),
    completed: Number(r.completed),
    rejected: Number(r.rejected),
    acknowledgeP50Minutes: minutes(r.ack50),
    acknowledgeP90Minutes: minutes(r.ack90),
    completeP50Minutes: minutes(r.done50),
    completeP90Minutes: minutes(r.done90),
    onTimePercent: r.on_time === null ? null : Math.round(Number(r.on_time) * 10) / 10,
    averageRating: rating(r.rating),
    ratings: Number(r.ratings),
  });
  const total = rows.find((r) => r.is_total);
  const groups = rows.filter((r) => !r.is_total).map(toRow);
  if (query.groupBy === 'day') groups.sort((a, b) => a.key.localeCompare(b.key));
  else groups.sort((a, b) => b.lines - a.lines || (a.name ?? '').localeCompare(b.name ?? ''));
  return {
    rows: groups,
    // The empty grouping set answers a row even over no lines at all.
    total: toRow(total!),
    ratingDistribution: (total?.distribution ?? Array(10).fill(0)).map(Number),
    // Departments do not narrow it: a guest's rating is of the whole stay.
    recovery: await recoveryCounts(ctx.database.db, user, { ...period, hotelId: query.hotelId }),
  };
}

/**
 * Every request of one room, newest first, each line flagged when it is the third (or
 * later) request for its service in this room within 30 days: a fault that keeps coming back.
 */
export async function roomHistory(ctx: AppContext, user: Principal, roomId: number, lang: Language, now = ctx.clock.now()): Promise<RoomHistory> {
  const db = ctx.database.db;
  const room = await repo.roomOf(db, roomId, lang);
  if (!room || !canSeeRequest(user, room)) throw notFound(m.roomNotFound);
  const headers = await repo.roomRequests(db, roomId, ROOM_HISTORY_LIMIT);
  const window = REPEAT_FAULT.days * DAY_MS;
  const oldest = headers.length ? headers[headers.length - 1].createdAt.getTime() : now.getTime();
  const ids = headers.map((h) => h.id);
  const [lines, times, stays] = await Promise.all([
    repo.linesOf(db, ids, lang),
    repo.serviceTimesInRoom(db, roomId, new Date(Math.min(oldest, now.getTime()) - window)),
    staysOfRequests(db, ids),
  ]);
  const timesOf = new Map<number, number[]>();
  for (const t of times) timesOf.set(t.serviceId, [...(timesOf.get(t.serviceId) ?? []), t.createdAt.getTime()]);
  const askedWithin = (serviceId: number, end: number) => (timesOf.get(serviceId) ?? []).filter((t) => t > end - window && t <= end).length;

  const linesByRequest = new Map<string, RoomHistory['requests'][number]['lines']>();
  for (const l of lines) {
    const acknowledged = [l.assignedToDepartmentAt, l.assignedAt].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    const list = linesByRequest.get(l.requestId) ?? [];
    list.push({
      id: l.id,
      serviceId: l.serviceId,
      serviceName: l.serviceName,
      departmentName: l.departmentName,
      workerName: l.workerName,
      statusName: l.statusName,
      createdAt: iso(l.createdAt),
      acknowledgedAt: isoOrNull(acknowledged),
      completedAt: isoOrNull(l.completedAt),
      rejectedAt: isoOrNull(l.rejectedAt),
      repeatFault: askedWithin(l.serviceId, l.createdAt.getTime()) >= REPEAT_FAULT.count,
    });
    linesByRequest.set(l.requestId, list);
  }
  const names = new Map(lines.map((l) => [l.serviceId, l.serviceName]));
  const repeatFaults = [...timesOf]
    .map(([serviceId, list]) => ({ serviceId, recent: list.filter((t) => t > now.getTime() - window) }))
    .filter((s) => s.recent.length >= REPEAT_FAULT.count && names.has(s.serviceId))
    .map((s) => ({ serviceId: s.serviceId, serviceName: names.get(s.serviceId)!, count: s.recent.length, lastAt: iso(new Date(Math.max(...s.recent))) }))
    .sort((a, b) => b.count - a.count);
  return {
    roomId: room.id,
    roomNumber: room.number,
    hotelName: room.hotelName,
    repeatFaults,
    requests: headers.map((h) => ({
      id: h.id,
      requestCode: h.requestCode,
      statusName: h.statusName,
      custName: h.custName,
      createdAt: iso(h.createdAt),
      rating: h.rating,
      review: h.review,
      lines: linesByRequest.get(h.id) ?? [],
      stay: stays.get(h.id) ?? null,
    })),
  };
}

export async function guestFeedback(ctx: AppContext, user: Principal, query: GuestFeedbackQuery, lang: Language): Promise<GuestFeedbackRow[]> {
  const period = periodOf(query);
  if (query.minRating !== undefined && query.maxRating !== undefined && query.minRating > query.maxRating) {
    throw badRequest(common.validation, {}, [{ field: 'maxRating', message: m.ratingOrder }]);
  }
  const rows = await repo.guestFeedback(ctx.database.db, user, { ...query, ...period }, lang, GUEST_FEEDBACK_LIMIT);
  return rows.map(({ followUpId, followUpStatus, followUpNote, followUpUpdatedAt, followerName, ...r }) => ({
    ...r,
    reviewedAt: iso(r.reviewedAt),
    departments: r.departments ?? [],
    services: r.services ?? [],
    followUp:
      followUpId === null || followUpStatus === null
        ? null
        : { id: followUpId, status: followUpStatus, note: followUpNote ?? '', followerName, updatedAt: iso(followUpUpdatedAt!) },
  }));
}
