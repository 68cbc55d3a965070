import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../../db/client';

/** The outbox's writes: the event and its deliveries, fanned out to the subscriptions that want it. */

export interface OutboxEvent {
  type: string;
  hotelId: number;
  requestId: string;
  internal: boolean;
  at: Date;
}

/**
 * Whether subscription `s` wants the event: its values, or placeholders of a statement built
 * once (requests.repository's read before a new request looks for `request.created` with it).
 */
export const wants = (e: { type: unknown; hotelId: unknown; internal: unknown }) =>
  sql`s.enabled and ${e.type}::text = any(s.event_types) and (s.hotel_id is null or s.hotel_id = ${e.hotelId}::int)
    and (not ${e.internal}::boolean or s.include_internal_notes)`;

/** Most hotels have no subscription: one cheap read, nothing written. */
export async function anySubscriber(tx: Tx, e: OutboxEvent): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one from webhook_subscriptions s where ${wants(e)} limit 1`));
  return rows.length > 0;
}

/**
 * The request's row is locked before the event takes its number, so the events of one
 * request are numbered in the order their transactions commit (the order they are delivered in).
 */
export async function insertEvent(tx: Tx, e: OutboxEvent, payload: string): Promise<void> {
  await tx.execute(sql`select 1 from requests where id = ${e.requestId}::uuid for update`);
  await tx.execute(sql`
    with event as (
      insert into webhook_events (type, hotel_id, request_id, internal, payload, created_at)
      values (${e.type}, ${e.hotelId}, ${e.requestId}::uuid, ${e.internal}, ${payload}, ${e.at.toISOString()}::timestamptz)
      returning id
    )
    insert into webhook_deliveries (message_id, subscription_id, event_id, request_id, next_attempt_at, created_at)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), s.id, event.id, ${e.requestId}::uuid, ${e.at.toISOString()}::timestamptz, ${e.at.toISOString()}::timestamptz
    from event, webhook_subscriptions s where ${wants(e)}`);
}
