import { type SQL, and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { type HotelScope, hotelScopeSql } from '../../../access/scope';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { hotels, users, webhookDeliveries, webhookEvents, webhookSubscriptions } from '../../../db/schema';

/** Subscriptions, their deliveries, and the dispatcher's claims. */

export async function insertSubscription(
  db: DbOrTx,
  row: { url: string; eventTypes: string[]; hotelId: number | null; includeInternalNotes: boolean; secretEnc: string; createdBy: number; at: Date },
): Promise<number> {
  const { at, ...values } = row;
  const [created] = await db
    .insert(webhookSubscriptions)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning({ id: webhookSubscriptions.id });
  return created.id;
}

/** The subscriptions of the hotels the reader sees (an admin: every one, the chain's too). */
export async function listSubscriptions(db: DbOrTx, reader: HotelScope) {
  return db
    .select({
      id: webhookSubscriptions.id,
      url: webhookSubscriptions.url,
      eventTypes: webhookSubscriptions.eventTypes,
      hotelId: webhookSubscriptions.hotelId,
      hotelName: hotels.name,
      hotelNameAr: hotels.nameAr,
      includeInternalNotes: webhookSubscriptions.includeInternalNotes,
      enabled: webhookSubscriptions.enabled,
      failingSince: webhookSubscriptions.failingSince,
      disabledAt: webhookSubscriptions.disabledAt,
      createdAt: webhookSubscriptions.createdAt,
    })
    .from(webhookSubscriptions)
    .leftJoin(hotels, eq(hotels.id, webhookSubscriptions.hotelId))
    .where(hotelScopeSql(reader, webhookSubscriptions.hotelId))
    .orderBy(desc(webhookSubscriptions.id));
}

export async function subscriptionById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

/** Switched on, the subscription starts afresh: its failing time is forgotten, its waiting deliveries are due at once. */
export async function setEnabled(db: DbOrTx, id: number, enabled: boolean, at: Date): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set(enabled ? { enabled, disabledAt: null, failingSince: null, updatedAt: at } : { enabled, disabledAt: at, updatedAt: at })
    .where(eq(webhookSubscriptions.id, id));
  if (enabled) await bringForward(db, id, at, or(isNull(webhookDeliveries.waitingFor), ne(webhookDeliveries.waitingFor, 'lease')));
}

/** Makes the subscription's pending deliveries that `which` picks due at `at` (the order per request stays: claimDue keeps it). */
async function bringForward(db: DbOrTx, subscriptionId: number, at: Date, which: SQL | undefined): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: at })
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.state, 'pending'), gt(webhookDeliveries.nextAttemptAt, at), which));
}

export async function deleteSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
}

export async function deliveriesOf(db: DbOrTx, subscriptionId: number, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: webhookDeliveries.id,
        messageId: webhookDeliveries.messageId,
        eventType: webhookEvents.type,
        state: webhookDeliveries.state,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        lastAttemptAt: webhookDeliveries.lastAttemptAt,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        deliveredAt: webhookDeliveries.deliveredAt,
        responseStatus: webhookDeliveries.lastStatus,
        latencyMs: webhookDeliveries.lastLatencyMs,
        response: webhookDeliveries.lastResponse,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId)),
  ]);
  return { items, total: total.n };
}

/**
 * Sends a delivered or given-up event again (same webhook-id) as soon as the request's
 * earlier events are through; its three days start again. A pending one is already being
 * tried (perhaps right now, by another process): 'pending', nothing changed.
 */
export async function resendDelivery(db: DbOrTx, subscriptionId: number, deliveryId: number, at: Date): Promise<'resent' | 'pending' | 'missing'> {
  const where = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId));
  const rows = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', waitingFor: null, nextAttemptAt: at, createdAt: at })
    .where(and(where, sql`${webhookDeliveries.state} <> 'pending'`))
    .returning({ id: webhookDeliveries.id });
  if (rows.length) return 'resent';
  const [pending] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(where);
  return pending ? 'pending' : 'missing';
}

export interface ClaimedDelivery {
  id: number;
  message_id: string;
  subscription_id: number;
  attempts: number;
  created_at: Date | string;
  url: string;
  secret_enc: string;
  payload: string;
}

/**
 * Takes up to `limit` deliveries that are due, for this process alone, at most one per
 * subscription and none for the subscriptions in `busy` (this process is trying one of theirs):
 * a receiver has one try of this process at a time, and a slow one holds up only itself. Each
 * is leased (its next try moved to `leaseUntil`) in the claim's own short transaction, so the
 * call to the receiver holds no lock, and a process that dies mid-call leaves it to be tried
 * again when the lease runs out. A delivery waits while an earlier event of the same request
 * is still pending for the same subscription (being tried counts as pending): a request's
 * events reach a receiver in order.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number, busy: readonly number[] = []): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const notBusy = busy.length ? sql`and s.id not in (${sql.join(busy.map((id) => sql`${id}::int`), sql`, `)})` : sql``;
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      with next as (
        select n.id from webhook_subscriptions s
        cross join lateral (
          select d.id, d.event_id from webhook_deliveries d
          where d.subscription_id = s.id and d.state = 'pending' and d.next_attempt_at <= ${at}::timestamptz
            and not exists (
              select 1 from webhook_deliveries e
              where e.subscription_id = d.subscription_id and e.request_id = d.request_id and e.event_id < d.event_id and e.state = 'pending')
          order by d.event_id
          limit 1
        ) n
        where s.enabled ${notBusy}
        order by n.event_id
        limit ${limit}
      ), due as (
        select d.id from webhook_deliveries d
        where d.id in (select id from next) and d.state = 'pending' and d.next_attempt_at <= ${at}::timestamptz
        for update of d skip locked
      )
      update webhook_deliveries d
      set attempts = d.attempts + 1, waiting_for = 'lease', next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, last_attempt_at = ${at}::timestamptz
      from due, webhook_subscriptions s, webhook_events ev
      where d.id = due.id and s.id = d.subscription_id and ev.id = d.event_id
      returning d.id, d.message_id, d.subscription_id, d.attempts, d.created_at, s.url, s.secret_enc, ev.payload`),
  );
}

export interface Outcome {
  status: number | null;
  latencyMs: number;
  response: string;
}

/** The try's own claim: a try that outlived its lease (another process took the delivery since) writes nothing. */
export interface Claim {
  id: number;
  subscriptionId: number;
  attempts: number;
}
const ofClaim = (c: Claim) => and(eq(webhookDeliveries.id, c.id), eq(webhookDeliveries.attempts, c.attempts), eq(webhookDeliveries.state, 'pending'));

/**
 * The receiver took it at `at` (when its answer came). A receiver that was failing every try
 * is back: its deliveries waiting for it are due at once (each request's still in order).
 */
export async function recordDelivered(db: DbOrTx, claim: Claim, outcome: Outcome, at: Date): Promise<void> {
  const { subscriptionId } = claim;
  await db
    .update(webhookDeliveries)
    .set({ state: 'delivered', waitingFor: null, deliveredAt: at, lastStatus: outcome.status, lastLatencyMs: outcome.latencyMs, lastResponse: outcome.response })
    .where(ofClaim(claim));
  const back = await db
    .update(webhookSubscriptions)
    .set({ failingSince: null })
    .where(and(eq(webhookSubscriptions.id, subscriptionId), sql`${webhookSubscriptions.failingSince} is not null`))
    .returning({ id: webhookSubscriptions.id });
  if (back.length) await bringForward(db, subscriptionId, at, eq(webhookDeliveries.waitingFor, 'receiver'));
}

/**
 * A failed try: tried again at `retryAt`, or given up (null). It waits for its receiver when
 * the receiver was already failing (brought forward once the receiver takes a delivery), else
 * for its own backoff (the receiver takes others: a delivery it refuses is not retried after
 * each of them). Returns since when the subscription has been failing.
 */
export async function recordFailed(db: DbOrTx, claim: Claim, outcome: Outcome, at: Date, retryAt: Date | null): Promise<Date> {
  const { subscriptionId } = claim;
  const [before] = await db.select({ failingSince: webhookSubscriptions.failingSince }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId));
  const waitingFor = before?.failingSince ? ('receiver' as const) : ('backoff' as const);
  await db
    .update(webhookDeliveries)
    .set({
      ...(retryAt ? { nextAttemptAt: retryAt, waitingFor } : { state: 'failed' as const, waitingFor: null }),
      lastStatus: outcome.status,
      lastLatencyMs: outcome.latencyMs,
      lastResponse: outcome.response,
    })
    .where(ofClaim(claim));
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${at.toISOString()}::timestamptz)` })
    .where(eq(webhookSubscriptions.id, subscriptionId))
    .returning({ failingSince: webhookSubscriptions.failingSince });
  return row?.failingSince ?? at;
}

/** Switches the subscription off once (false: already off); returns whom to tell. */
export async function switchOff(db: DbOrTx, subscriptionId: number, at: Date) {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledAt: at, updatedAt: at })
    .where(and(eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.enabled, true)))
    .returning({ url: webhookSubscriptions.url, createdBy: webhookSubscriptions.createdBy });
  if (!row) return undefined;
  if (row.createdBy === null) return { url: row.url, owner: undefined };
  const [owner] = await db.select({ firstName: users.firstName, email: users.email, language: users.language }).from(users).where(eq(users.id, row.createdBy));
  return { url: row.url, owner };
}

export async function hotelExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: hotels.id }).from(hotels).where(eq(hotels.id, id));
  return row !== undefined;
}
