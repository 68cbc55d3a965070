import { type SQL, and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Claim, LiveEvent } from '@shared';
import { requestLines, requests } from '../db/schema';
import type { Principal } from '../security/tokens';

/**
 * Who sees what (DESIGN), written once: an admin sees everything; other staff see the
 * requests of their hotels, and the service lines of their departments within those
 * hotels. A line that has no department yet (a Special Request waiting for one) is
 * visible to every user of its hotel, or nobody could hand it to a department.
 *
 * The rule is data (a list of conditions); the SQL filter the lists, dashboard and
 * reports run and the predicate details and live events run are both read off it,
 * so they cannot drift apart.
 */
export interface Scope {
  isAdmin: boolean;
  hotelIds: readonly number[];
  departmentIds: readonly number[];
}

/** What the hotel rule reads of a user: a token, a key's creator or a user's access as stored all carry it. */
export type HotelScope = Pick<Scope, 'isAdmin' | 'hotelIds'>;

type Field = 'hotelId' | 'departmentId';

/** `field` is one of `anyOf`, or empty when `orNone` (a line waiting for a department). */
interface Condition<F extends Field> {
  field: F;
  anyOf: readonly number[];
  orNone: boolean;
}

function requestRule(user: HotelScope): Condition<'hotelId'>[] {
  return user.isAdmin ? [] : [{ field: 'hotelId', anyOf: user.hotelIds, orNone: false }];
}

/** A line (or a worker) of one of the user's departments, or of none yet. */
function departmentCondition(user: Scope): Condition<'departmentId'> {
  return { field: 'departmentId', anyOf: user.departmentIds, orNone: true };
}

function lineRule(user: Scope): Condition<Field>[] {
  return user.isAdmin ? [] : [...requestRule(user), departmentCondition(user)];
}

function holds<F extends Field>(rule: Condition<F>[], row: Record<F, number | null>): boolean {
  return rule.every(({ field, anyOf, orNone }) => (row[field] === null ? orNone : anyOf.includes(row[field] as number)));
}

/**
 * How a rule's ids are written: in the statement (`in (1, 2)`), or as one array parameter
 * named after the field (`= any($hotelIds)`), for a statement built once for every user of
 * the same kind and run with each user's ids (the staff lists).
 */
export type IdsIn = 'statement' | 'parameters';

function toSql<F extends Field>(rule: Condition<F>[], columns: Record<F, AnyPgColumn>, ids: IdsIn = 'statement'): SQL | undefined {
  return and(
    ...rule.map(({ field, anyOf, orNone }) => {
      // IN () is not SQL; -1 is no id, so an empty list matches nothing (as does an empty array).
      const listed =
        ids === 'parameters' ? sql`${columns[field]} = any(${sql.placeholder(`${field}s`)})` : inArray(columns[field], anyOf.length ? [...anyOf] : [-1]);
      return orNone ? or(isNull(columns[field]), listed) : listed;
    }),
  );
}

// ── Requests (Request List, request details, reviews) ──
export function canSeeRequest(user: HotelScope, request: { hotelId: number }): boolean {
  return holds(requestRule(user), request);
}

/** The request scope as a WHERE condition; undefined (no condition) for an admin. */
export function requestScopeSql(user: HotelScope, columns: { hotelId: AnyPgColumn } = { hotelId: requests.hotelId }, ids?: IdsIn): SQL | undefined {
  return toSql(requestRule(user), columns, ids);
}

/**
 * A hotel's own master data (the hotel, its rooms) and its settings (its PMS secret, Apaleo,
 * its API keys and webhooks) follow the same rule as its requests.
 */
export function canSeeHotel(user: HotelScope, hotelId: number): boolean {
  return canSeeRequest(user, { hotelId });
}

/** The hotel rule as a WHERE condition over a hotel column (a row of no hotel, the chain's, is an admin's only); undefined for an admin. */
export function hotelScopeSql(user: HotelScope, hotelId: AnyPgColumn): SQL | undefined {
  return toSql(requestRule(user), { hotelId });
}

/** What serves one hotel (an API key, a webhook) is that hotel's business; what serves the whole chain (no hotel), an admin's. */
export function canSeeHotelOrChain(user: HotelScope, hotelId: number | null): boolean {
  return hotelId === null ? user.isAdmin : canSeeHotel(user, hotelId);
}

// ── Staff users (Users screen, their roles and invitations) ──
/**
 * A user is within the caller's scope when everything they could see is: each of their
 * hotels, and each of their departments within those hotels. Managing a user (giving
 * roles, taking their link) hands over what they see, so it follows the same rule.
 */
export function canSeeUser(user: Scope, target: { hotelIds: readonly number[]; departmentIds: readonly number[] }): boolean {
  return target.hotelIds.every(
    (hotelId) => canSeeHotel(user, hotelId) && target.departmentIds.every((departmentId) => canSeeLine(user, { hotelId, departmentId })),
  );
}

/** A department's own data (its code in a roster sheet) follows the department part of the line rule. */
export function canSeeDepartment(user: Scope, departmentId: number): boolean {
  return user.isAdmin || holds([departmentCondition(user)], { departmentId });
}

// ── Service lines (Service List, line details, dashboard) ──
export function canSeeLine(user: Scope, line: { hotelId: number; departmentId: number | null }): boolean {
  return holds(lineRule(user), line);
}

/** The line scope as a WHERE condition over the line joined to its request; undefined for an admin. */
export function lineScopeSql(
  user: Scope,
  columns: { hotelId: AnyPgColumn; departmentId: AnyPgColumn } = { hotelId: requests.hotelId, departmentId: requestLines.departmentId },
  ids?: IdsIn,
): SQL | undefined {
  return toSql(lineRule(user), columns, ids);
}

// ── Live events ──
export const REQUEST_LIST_VIEW: Claim = 'Service Management.Request List.View';
export const SERVICE_LIST_VIEW: Claim = 'Service Management.Service List.View';
export const ESCALATIONS_RECEIVE: Claim = 'Service Management.Escalations.Receive';

/** The staff event stream is for those who may read one of the lists it keeps current, or who are told of escalations. */
export function mayHearEvents(user: Pick<Principal, 'claims'>): boolean {
  return [REQUEST_LIST_VIEW, SERVICE_LIST_VIEW, ESCALATIONS_RECEIVE].some((claim) => user.claims.includes(claim));
}

/**
 * Who is told that a line of a hotel missed its target: the holders of
 * Escalations.Receive whose hotels include it (an admin: every hotel). Departments do
 * not narrow it: a supervisor answers for the whole hotel.
 */
export function receivesEscalations(user: Scope & Pick<Principal, 'claims'>, hotelId: number): boolean {
  return user.claims.includes(ESCALATIONS_RECEIVE) && canSeeRequest(user, { hotelId });
}

/**
 * An event reaches a user who could read what it is about: the request (Request List,
 * whose details show every line), or one of the lines concerned (Service List).
 */
export function canHearEvent(
  user: Scope & Pick<Principal, 'claims'>,
  event: Pick<LiveEvent, 'hotelId' | 'departmentIds'> & Partial<Pick<LiveEvent, 'type'>>,
): boolean {
  // A missed target and a guest's low rating are the duty managers' business, hotel-wide.
  if (event.type === 'line-escalated' || event.type === 'low-rating') return receivesEscalations(user, event.hotelId);
  if (user.claims.includes(REQUEST_LIST_VIEW) && canSeeRequest(user, event)) return true;
  return (
    user.claims.includes(SERVICE_LIST_VIEW) &&
    event.departmentIds.some((departmentId) => canSeeLine(user, { hotelId: event.hotelId, departmentId }))
  );
}

/**
 * Whether an event concerns one of the user's own lines (their departments): a Request
 * List reader hears of every request of their hotels, but a Housekeeping clerk is not
 * alerted to a plumbing-only request.
 */
export function isOwnEvent(user: Scope, event: Pick<LiveEvent, 'hotelId' | 'departmentIds'>): boolean {
  return event.departmentIds.some((departmentId) => canSeeLine(user, { hotelId: event.hotelId, departmentId }));
}

// ── Workers (pairing their phones) ──
/**
 * A worker is within a supervisor's reach when it serves one of the supervisor's hotels
 * and, like a line, is of one of the supervisor's departments or of none (who may take
 * lines of any department); an admin reaches all. A write (a pairing code, a revoked
 * phone, a PIN, a shift, zones) follows the same rule as the read.
 */
export function canManageWorker(user: Scope, worker: { departmentId: number | null; hotelIds: readonly number[] }): boolean {
  if (user.isAdmin) return true;
  return worker.hotelIds.some((hotelId) => canSeeHotel(user, hotelId)) && holds([departmentCondition(user)], worker);
}

/** A worker serves a line only of one of its hotels (routing, Assign, Take, the phone's lists). */
export function workerServesHotel(worker: { hotelIds: readonly number[] }, hotelId: number): boolean {
  return worker.hotelIds.includes(hotelId);
}
