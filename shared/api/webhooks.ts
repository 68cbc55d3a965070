import { z } from 'zod';
import { LINE_STATUSES, REQUEST_STATUSES } from '../statuses';
import { Id, Timestamp } from './common';

/**
 * Outgoing webhooks: the subscriptions an integrator manages, the delivery log, and the
 * payloads the receiver gets. Every payload is `{ type, version, timestamp, data }`,
 * signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature).
 */
export const WEBHOOK_EVENT_TYPES = ['request.created', 'line.changed', 'line.overdue', 'message.added', 'review.added'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The payload version; a change that breaks a receiver bumps it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;
export const WEBHOOK_URL_MAX = 2000;

export const WebhookSubscriptionInput = z.object({
  url: z.string().trim().min(1).max(WEBHOOK_URL_MAX, { abort: true }),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
  /** null: every hotel of the chain. */
  hotelId: Id.nullable(),
  /** Staff notes on a line are sent only to a subscription that asks for them. */
  includeInternalNotes: z.boolean().default(false),
});
export type WebhookSubscriptionInput = z.infer<typeof WebhookSubscriptionInput>;

export const WebhookEnabledInput = z.object({ enabled: z.boolean() });

export const WebhookSubscription = z.object({
  id: z.number(),
  url: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  hotelId: z.number().nullable(),
  hotelName: z.string().nullable(),
  includeInternalNotes: z.boolean(),
  enabled: z.boolean(),
  failingSince: Timestamp.nullable(),
  disabledAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** The answer to a create: the only time the signing secret is shown. */
export const WebhookCreated = z.object({ message: z.string(), id: z.number(), secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const WebhookDelivery = z.object({
  id: z.number(),
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  createdAt: Timestamp,
  lastAttemptAt: Timestamp.nullable(),
  nextAttemptAt: Timestamp.nullable(),
  deliveredAt: Timestamp.nullable(),
  responseStatus: z.number().nullable(),
  latencyMs: z.number().nullable(),
  /** The first 1 KB of the receiver's answer, or why there was none. */
  response: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveriesPage = z.object({ items: z.array(WebhookDelivery), total: z.number() });
export type WebhookDeliveriesPage = z.infer<typeof WebhookDeliveriesPage>;
export const WebhookDeliveryParams = z.object({ id: Id, deliveryId: Id });

// ── Payloads ──
const RequestRef = z.object({ requestId: z.string(), requestCode: z.string(), hotelId: z.number() });
const LineRef = RequestRef.extend({ lineId: z.number() });

export const LINE_CHANGES = ['status', 'assignment', 'acknowledge', 'accept'] as const;
export type LineChange = (typeof LINE_CHANGES)[number];

export const RequestCreatedData = RequestRef.extend({
  roomId: z.number(),
  roomNumber: z.string().nullable(),
  channel: z.string(),
  status: z.enum(REQUEST_STATUSES),
  lines: z.array(z.object({ lineId: z.number(), serviceId: z.number(), departmentId: z.number().nullable(), status: z.enum(LINE_STATUSES), scheduledFor: Timestamp.nullable() })),
});
export const LineChangedData = LineRef.extend({
  change: z.enum(LINE_CHANGES),
  status: z.enum(LINE_STATUSES),
  requestStatus: z.enum(REQUEST_STATUSES),
  departmentId: z.number().nullable(),
  workerId: z.number().nullable(),
  acknowledgedAt: Timestamp.nullable(),
});
export const LineOverdueData = LineRef.extend({ target: z.enum(['acknowledge', 'complete']), dueAt: Timestamp });
export const MessageAddedData = LineRef.extend({ messageId: z.number(), kind: z.enum(['reply', 'note']), text: z.string() });
export const ReviewAddedData = RequestRef.extend({ rating: z.number(), feedback: z.string() });

const envelope = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), version: z.literal(WEBHOOK_PAYLOAD_VERSION), timestamp: Timestamp, data });

/** What a receiver gets for each event type (documented under `webhooks` in the OpenAPI document). */
export const WEBHOOK_PAYLOADS = {
  'request.created': envelope('request.created', RequestCreatedData),
  'line.changed': envelope('line.changed', LineChangedData),
  'line.overdue': envelope('line.overdue', LineOverdueData),
  'message.added': envelope('message.added', MessageAddedData),
  'review.added': envelope('review.added', ReviewAddedData),
} as const satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookData<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOADS)[T]>['data'];
export type WebhookPayload = z.infer<(typeof WEBHOOK_PAYLOADS)[WebhookEventType]>;
