import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
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

/** null hotelIds: every subscription (an admin); else those of the hotels listed (never the chain's). */
export async function listSubscriptions(db: DbOrTx, hotelIds: readonly number[] | null) {
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
    .where(hotelIds === null ? undefined : inArray(webhookSubscriptions.hotelId, hotelIds.length ? [...hotelIds] : [-1]))
    .orderBy(desc(webhookSubscriptions.id));
}

export async function subscriptionById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return row;
}

/** Switched on, the subscription starts afresh: its failing time is forgotten. */
export async function setEnabled(db: DbOrTx, id: number, enabled: boolean, at: Date): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set(enabled ? { enabled, disabledAt: null, failingSince: null, updatedAt: at } : { enabled, disabledAt: at, updatedAt: at })
    .where(eq(webhookSubscriptions.id, id));
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
    .set({ state: 'pending', nextAttemptAt: at, createdAt: at })
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
 * Takes up to `limit` deliveries that are due, for this process alone: each is leased
 * (its next try moved to `leaseUntil`) in the claim's own short transaction, so the call
 * to the receiver holds no lock, and a process that dies mid-call leaves it to be tried
 * again when the lease runs out. A delivery waits while an earlier event of the same
 * request is still pending for the same subscription (being tried counts as pending):
 * a request's events reach a receiver in order.
 */
export async function claimDue(db: DbOrTx, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return rowsOf<ClaimedDelivery>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id
        where d.state = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz and s.enabled
          and not exists (
            select 1 from webhook_deliveries e
            where e.subscription_id = d.subscription_id and e.request_id = d.request_id and e.event_id < d.event_id and e.state = 'pending')
        order by d.event_id
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, last_attempt_at = ${now.toISOString()}::timestamptz
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

export async function recordDelivered(db: DbOrTx, claim: Claim, outcome: Outcome, at: Date): Promise<void> {
  const { subscriptionId } = claim;
  await db
    .update(webhookDeliveries)
    .set({ state: 'delivered', deliveredAt: at, lastStatus: outcome.status, lastLatencyMs: outcome.latencyMs, lastResponse: outcome.response })
    .where(ofClaim(claim));
  await db
    .update(webhookSubscriptions)
    .set({ failingSince: null })
    .where(and(eq(webhookSubscriptions.id, subscriptionId), sql`${webhookSubscriptions.failingSince} is not null`));
}

/** A failed try: tried again at `retryAt`, or given up (null). Returns since when the subscription has been failing. */
export async function recordFailed(db: DbOrTx, claim: Claim, outcome: Outcome, at: Date, retryAt: Date | null): Promise<Date> {
  const { subscriptionId } = claim;
  await db
    .update(webhookDeliveries)
    .set({
      ...(retryAt ? { nextAttemptAt: retryAt } : { state: 'failed' as const }),
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
