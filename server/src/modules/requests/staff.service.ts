import {
  type AssignmentHistory,
  type Language,
  type LineStatus,
  type ListQuery,
  type RequestListRow,
  type RequestStatus,
  type ServiceListRow,
  StaffListFilters,
  type StaffRequestDetails,
  type StaffServiceDetails,
  DEFAULT_PAGE_SIZE,
} from '@shared';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { Principal } from '../../security/tokens';
import { listCountsOf } from './list-counts';
import { LINE_SORTS, type ListOptions, REQUEST_SORTS, listLines, listRequests } from './lists.repository';
import { serviceNamesOf } from '../basic-data/service-names.repository';
import { iso, isoOrNull, isUuid, toClock, toDetail, toLine } from './requests.mappers';
import { requestMessages as m } from './requests.messages';
import * as repo from './requests.repository';
import { messagesOfLines } from './messages.repository';
import { trackingLink } from '../service-levels/guest-mail';
import { canSeeLine, canSeeRequest } from '../../access/scope';
import { lineHistoryParts } from './line-history';
import { staysOfRequests } from '../integrations/stays/stays.repository';

/** What staff read: the two lists, one request, one line and its history, all within the caller's scope. */

export interface Page<T> {
  rows: T[];
  /** Set when the caller asked for a page: the number of rows of all pages, up to the count's cap. */
  total?: number;
  /** More rows match than `total` (the server's HOTEL_LIST_COUNT_MAX): the footer says "more than". */
  totalCapped?: boolean;
}

/** An unknown sort key falls back to the default order rather than failing: it is a display preference. */
function listOptions<S extends string>(query: ListQuery, sorts: Record<S, unknown>, lang: Language, now: Date): ListOptions<S> {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    lang,
    search: query.search?.trim() || undefined,
    // Own keys only: `in` also finds __proto__, constructor, toString… on the prototype.
    sort: query.sort && Object.hasOwn(sorts, query.sort) ? (query.sort as S) : undefined,
    order: query.order,
    page: paged ? { offset: (query.page ?? 0) * limit, limit } : undefined,
    now,
  };
}

type StaffListQuery<S> = ListQuery & StaffListFilters & { status?: S };
const FILTER_NAMES = Object.keys(StaffListFilters.shape) as (keyof StaffListFilters)[];

/** A page's total, counted once per view (see ListCounts) and only up to the server's cap. */
async function totalOf(
  ctx: AppContext,
  list: string,
  user: Principal,
  query: StaffListQuery<string>,
  count?: (max: number) => Promise<number>,
): Promise<Pick<Page<unknown>, 'total' | 'totalCapped'>> {
  if (!count) return {};
  const { isAdmin, hotelIds, departmentIds } = user;
  // Every filter of the contract is in the key, so a filter added later cannot share another view's total.
  const filters = FILTER_NAMES.map((name) => query[name]);
  const key = JSON.stringify([list, isAdmin, hotelIds, departmentIds, query.status, query.search?.trim(), filters]);
  const max = ctx.config.listCountMax;
  const counted = await listCountsOf(ctx).get(key, () => count(max));
  return counted > max ? { total: max, totalCapped: true } : { total: counted };
}

export async function requestList(
  ctx: AppContext,
  user: Principal,
  query: StaffListQuery<RequestStatus>,
  lang: Language,
): Promise<Page<RequestListRow>> {
  const now = ctx.clock.now();
  const { rows, count } = await listRequests(ctx.database.db, user, query, listOptions(query, REQUEST_SORTS, lang, now));
  const total = await totalOf(ctx, 'requests', user, query, count);
  const ids = rows.map((r) => r.id);
  const [services, stays] = await Promise.all([serviceNamesOf(ctx.database.db, ids, lang), staysOfRequests(ctx.database.db, ids)]);
  return {
    rows: rows.map((r) => ({
      ...r,
      services: services.get(r.id) ?? [],
      // Open lines of a guest the PMS checked out: the desk decides whether they are still worth doing.
      guestCheckedOut: r.oldestOpenAt !== null && stays.get(r.id)?.checkedOut === true,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      oldestOpenAt: isoOrNull(r.oldestOpenAt),
      dueAt: isoOrNull(r.dueAt),
      isOverdue: r.dueAt !== null && r.dueAt.getTime() <= now.getTime(),
    })),
    ...total,
  };
}

export async function serviceList(
  ctx: AppContext,
  user: Principal,
  query: StaffListQuery<LineStatus>,
  lang: Language,
): Promise<Page<ServiceListRow>> {
  const now = ctx.clock.now();
  const { rows, count } = await listLines(ctx.database.db, user, query, listOptions(query, LINE_SORTS, lang, now));
  const total = await totalOf(ctx, 'lines', user, query, count);
  const stays = await staysOfRequests(ctx.database.db, [...new Set(rows.map((r) => r.requestId))]);
  return {
    // Each field named (no rest and spread of the mapped row): a page is 20 of these on every call.
    rows: rows.map((r) => ({
      id: r.id,
      requestId: r.requestId,
      requestHeaderCode: r.requestHeaderCode,
      channel: r.channel,
      serviceName: r.serviceName,
      departmentName: r.departmentName,
      hotelName: r.hotelName,
      roomNumber: r.roomNumber,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      statusName: r.statusName,
      ...toClock(
        { status: r.statusName, acknowledgedAt: r.acknowledgedAt, clockStartedAt: r.clockStartedAt, acknowledgeDueAt: r.acknowledgeDueAt, completeDueAt: r.completeDueAt, scheduledFor: r.scheduledFor, alertAt: r.alertAt, alertedAt: r.alertedAt },
        now,
      ),
      acceptedAt: isoOrNull(r.acceptedAt),
      acceptedBy: r.acceptedBy,
      startedAt: isoOrNull(r.startedAt),
      startedBy: r.startedBy,
      guestUnread: r.guestUnreadAt !== null,
      guestCheckedOut: (r.statusName === 'Open' || r.statusName === 'Assigned') && stays.get(r.requestId)?.checkedOut === true,
    })),
    ...total,
  };
}

export async function staffRequestDetails(ctx: AppContext, user: Principal, id: string, lang: Language): Promise<StaffRequestDetails> {
  const db = ctx.database.db;
  const header = isUuid(id) ? await repo.requestHeader(db, id, lang) : undefined;
  // Out of scope answers like unknown: existence is not revealed.
  if (!header || !canSeeRequest(user, header)) throw notFound(m.requestNotFound);
  const [lines, availableDepartments, stays] = await Promise.all([repo.linesOfRequest(db, id, lang), repo.departmentLookup(db, lang), staysOfRequests(db, [id])]);
  const messages = await messagesOfLines(db, lines.map((l) => l.id), 'staff');
  return {
    requestDetails: toDetail(header, lines, messages, ctx.clock.now(), 'staff'),
    availableDepartments,
    roomVerified: header.roomVerified,
    guestLanguage: header.lang,
    channel: header.channel,
    // The same link the guest's e-mail carries (the request's id is its only key): the desk shows it as a QR.
    trackingLink: trackingLink(ctx, header.id),
    stay: stays.get(id) ?? null,
  };
}

/** The line, if it exists and the user may see it; otherwise 404. */
export async function visibleLine(ctx: AppContext, user: Principal, id: number, lang: Language) {
  const line = await repo.lineById(ctx.database.db, id, lang);
  if (!line || !canSeeLine(user, line)) throw notFound(m.lineNotFound);
  return line;
}

export async function staffServiceDetails(ctx: AppContext, user: Principal, id: number, lang: Language, read = false): Promise<StaffServiceDetails> {
  const db = ctx.database.db;
  const line = await visibleLine(ctx, user, id, lang);
  // Opening the line's page is what reads the guest's message: the desk's unread marker goes.
  const wasUnread = line.guestUnreadAt !== null;
  if (read && wasUnread) await repo.markGuestMessagesRead(db, line.id);
  const [header, availableWorkers, availableDepartments, messages, stays] = await Promise.all([
    repo.requestHeader(db, line.requestId, lang),
    repo.workersFor(db, line.departmentId, lang, line.hotelId),
    repo.departmentLookup(db, lang),
    messagesOfLines(db, [line.id], 'staff'),
    staysOfRequests(db, [line.requestId]),
  ]);
  return {
    serviceDetails: {
      ...toLine(line, messages, ctx.clock.now(), 'staff'),
      guestUnread: wasUnread && !read,
      requestId: header!.id,
      requestCode: header!.requestCode,
      requestStatusName: header!.status,
      custName: header!.custName,
      custEmail: header!.custEmail,
      custPhone: header!.custPhone,
      hotelId: header!.hotelId,
      hotelName: header!.hotelName,
      roomId: header!.roomId,
      roomNumber: header!.roomNumber,
      guestLanguage: header!.lang,
    },
    availableWorkers,
    availableDepartments,
    stay: stays.get(line.requestId) ?? null,
  };
}

export async function assignmentHistory(ctx: AppContext, user: Principal, id: number, lang: Language): Promise<AssignmentHistory> {
  await visibleLine(ctx, user, id, lang);
  const row = (await repo.lineHistory(ctx.database.db, id, lang))!;
  const { replies, escalations } = await repo.lineHistorySteps(ctx.database.db, id, lang);
  return {
    ...row,
    acknowledged_Date: isoOrNull(row.acknowledged_Date),
    replies: replies.map((r) => ({ by: r.by, at: iso(r.at) })),
    escalations: escalations.map((e) => ({ ...e, at: iso(e.at) })),
    createdAt: iso(row.createdAt),
    assignedToDepartment_Date: isoOrNull(row.assignedToDepartment_Date),
    assigned_Date: isoOrNull(row.assigned_Date),
    accepted_Date: isoOrNull(row.accepted_Date),
    started_Date: isoOrNull(row.started_Date),
    completed_Date: isoOrNull(row.completed_Date),
    rejected_Date: isoOrNull(row.rejected_Date),
    ...(await lineHistoryParts(ctx, id, lang)),
  };
}
