import { WEBHOOK_PAYLOAD_VERSION, type WebhookData, type WebhookEventType } from '@shared';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { anySubscriber, insertEvent } from './outbox.repository';

/**
 * The outbox: a change that a webhook may report calls `recordWebhookEvent` inside its own
 * transaction, so the event is stored if and only if the change is. The event is fanned out
 * to the subscriptions that want it there and then; the dispatcher delivers them later.
 */
export interface EventScope {
  hotelId: number;
  requestId: string;
  /** An internal note: only for subscriptions that ask for notes. */
  internal?: boolean;
}

export async function recordWebhookEvent<T extends WebhookEventType>(
  ctx: AppContext,
  tx: Tx,
  type: T,
  scope: EventScope,
  /** The payload's data, or how to read it (read only when a subscription wants the event). */
  data: WebhookData<T> | (() => Promise<WebhookData<T>>),
  at: Date,
): Promise<void> {
  const event = { type, hotelId: scope.hotelId, requestId: scope.requestId, internal: scope.internal ?? false, at };
  if (!(await anySubscriber(tx, event))) return;
  const payload = JSON.stringify({ type, version: WEBHOOK_PAYLOAD_VERSION, timestamp: at.toISOString(), data: typeof data === 'function' ? await data() : data });
  await insertEvent(tx, event, payload);
  // Looked for a moment after this call, by when the caller's transaction has committed (else the next tick takes it).
  ctx.webhooks.nudge();
}
