import { z } from 'zod';
import { Id, MessageResponse } from './common';

/**
 * apaleo (PMS) webhooks. apaleo's webhook is a thin notification: it names the reservation
 * that changed and is not signed, so the server only takes it as a hint and reads the
 * reservation itself from apaleo's Booking API with the hotel's own client credentials.
 */

/** apaleo property ids are short codes ("MUC", "HFTF-AADS"); capped before the pattern is tried. */
const PropertyId = z
  .string()
  .trim()
  .max(50, { abort: true })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'apaleoPropertyId');
/** An OAuth client id: printable ASCII, no spaces. */
const ClientId = z
  .string()
  .trim()
  .max(200, { abort: true })
  .regex(/^[\x21-\x7e]+$/, 'apaleoClientId');

export const ApaleoSettingsQuery = z.object({ hotelId: z.coerce.number().int().positive() });

export const ApaleoSettingsInput = z.object({
  hotelId: Id,
  enabled: z.boolean(),
  /** Empty while the integration is not set up. */
  propertyId: z.union([z.literal(''), PropertyId]),
  clientId: z.union([z.literal(''), ClientId]),
  /** Empty or absent keeps the stored secret; it is never sent back. */
  clientSecret: z.string().max(500).optional(),
});

/** The secret is never sent back: `hasClientSecret` says one is kept. */
export const ApaleoSettings = z.object({
  hotelId: z.number(),
  enabled: z.boolean(),
  propertyId: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  /** The address to give apaleo as the subscription's endpointUrl. */
  webhookUrl: z.string(),
});

/**
 * apaleo's webhook body as documented (apaleo.dev/guides/webhook/webhooks-payload):
 * { topic, type, id, accountId, propertyId, timestamp, clientId?, subjectId?, data: { entityId } };
 * the health check sent on subscribing has `propertyIds` and no data. Every string is capped
 * before any pattern; fields not named here are dropped.
 */
export const ApaleoWebhookInput = z.object({
  id: z.string().trim().min(1).max(100),
  topic: z.string().max(50),
  type: z.string().max(50),
  accountId: z.string().max(50).optional(),
  propertyId: z.string().max(50).optional(),
  timestamp: z.number().optional(),
  data: z
    .object({
      entityId: z
        .string()
        .max(100, { abort: true })
        .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'apaleoEntityId'),
    })
    .optional(),
});

export const ApaleoSettingsAnswer = MessageResponse.extend({ settings: ApaleoSettings });

export type ApaleoSettingsInput = z.infer<typeof ApaleoSettingsInput>;
export type ApaleoSettings = z.infer<typeof ApaleoSettings>;
export type ApaleoWebhookInput = z.infer<typeof ApaleoWebhookInput>;
