import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_PREFIX } from '@shared';
import { webhookDocs } from '../modules/integrations/webhooks/openapi';

/** The API's OpenAPI document at /api/openapi.json. Not encapsulated: it reads every route registered after it. */
export default fp(
  async function openApi(app) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Hotel guest-service API', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A staff member's access token (Account/Login)." },
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: `${API_KEY_PREFIX}<key id>_<secret>`,
              description: [
                'An API key made in Administration → Integrations → API keys, sent as `Authorization: Bearer hgs_live_…`.',
                "It opens every call whose claim it holds, within its hotel (or the whole chain), like a user's scope; never the Account or Events calls.",
                'An unknown or revoked key: 401. A call outside its claims or hotel: 403 (or 404 for a record of another hotel).',
                'Each key is rate-limited (by default 20 calls a second and 1,200 a minute): every answer carries RateLimit-Policy, RateLimit-Limit,',
                'RateLimit-Remaining and RateLimit-Reset; past a limit the answer is 429 with Retry-After (seconds).',
                'Changes made with a key are recorded in the line history as "integration <key name>".',
              ].join(' '),
            },
          },
        },
        webhooks: webhookDocs(),
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
