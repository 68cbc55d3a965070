import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../../http/route';
import * as service from './api-keys.service';

/** Administration → Integrations → API keys: list, create (the key is shown once), revoke. */
export default async function apiKeysRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, endpoints.apiKeys, ({ user, lang }) => service.listKeys(ctx, user, lang));
  route(app, endpoints.createApiKey, ({ user, body, lang }) => service.createKey(ctx, user, body, lang));
  route(app, endpoints.revokeApiKey, ({ user, params, lang }) => service.revokeKey(ctx, user, params.id, lang));
}
