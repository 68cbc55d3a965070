import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { WEBHOOK_PAYLOADS, WEBHOOK_PAYLOAD_VERSION } from '@shared';

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The event delivery id (msg_…): the same however often it is tried; receivers drop copies by it.' },
  { name: 'webhook-timestamp', description: 'Seconds since 1970 when this try was sent.' },
  { name: 'webhook-signature', description: 'v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> with the subscription secret (Standard Webhooks).' },
].map((h) => ({ ...h, in: 'header', required: true, schema: { type: 'string' } }));

/**
 * The OpenAPI document's `webhooks`: each event type a subscription can ask for, with its
 * payload schema (from the shared contract) and the Standard Webhooks signature headers.
 */
export function webhookDocs(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    Object.entries(WEBHOOK_PAYLOADS).map(([type, schema]) => [
      type,
      {
        post: {
          summary: `${type} (payload version ${WEBHOOK_PAYLOAD_VERSION})`,
          description:
            'Sent in order per request, retried with backoff (5 s, 1 min, 5 min, 30 min, 2 h, then every 6 h) for three days until the receiver answers 2xx. Redirects are not followed; the receiver has 10 s.',
          parameters: SIGNATURE_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) } } },
          responses: { '2XX': { description: 'Taken: not sent again.' } },
        },
      } as OpenAPIV3_1.PathItemObject,
    ]),
  );
}
