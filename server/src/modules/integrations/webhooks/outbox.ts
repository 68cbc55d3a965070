import { type LineChange, type LineStatus, type RequestStatus, WEBHOOK_PAYLOAD_VERSION, type WebhookData, type WebhookEventType } from '@shared';
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

/** What a line says about itself in a line event. */
export interface LineForEvent {
  id: number;
  requestId: string;
  requestCode: string;
  hotelId: number;
  status: LineStatus;
  departmentId: number | null;
  workerId: number | null;
  acknowledgedAt: Date | null;
}

/** Which kind of change a step made, read off the line before and the patch. */
export function lineChangeOf(before: LineForEvent & { acceptedAt?: Date | null }, patch: Partial<LineForEvent> & { acceptedAt?: Date | null }): LineChange {
  if (patch.acceptedAt && !before.acceptedAt) return 'accept';
  if (('workerId' in patch && patch.workerId !== before.workerId) || ('departmentId' in patch && patch.departmentId !== before.departmentId)) return 'assignment';
  if (patch.status !== undefined && patch.status !== before.status) return 'status';
  if (patch.acknowledgedAt && !before.acknowledgedAt) return 'acknowledge';
  return 'status';
}

export function recordLineChanged(ctx: AppContext, tx: Tx, line: LineForEvent, change: LineChange, requestStatus: RequestStatus, at: Date): Promise<void> {
  return recordWebhookEvent(
    ctx,
    tx,
    'line.changed',
    line,
    {
      requestId: line.requestId,
      requestCode: line.requestCode,
      hotelId: line.hotelId,
      lineId: line.id,
      change,
      status: line.status,
      requestStatus,
      departmentId: line.departmentId,
      workerId: line.workerId,
      acknowledgedAt: line.acknowledgedAt?.toISOString() ?? null,
    },
    at,
  );
}

export function recordMessageAdded(
  ctx: AppContext,
  tx: Tx,
  line: Pick<LineForEvent, 'id' | 'requestId' | 'requestCode' | 'hotelId'>,
  message: { id: number; kind: 'reply' | 'note'; text: string },
  at: Date,
): Promise<void> {
  return recordWebhookEvent(
    ctx,
    tx,
    'message.added',
    { hotelId: line.hotelId, requestId: line.requestId, internal: message.kind === 'note' },
    { requestId: line.requestId, requestCode: line.requestCode, hotelId: line.hotelId, lineId: line.id, messageId: message.id, kind: message.kind, text: message.text },
    at,
  );
}
