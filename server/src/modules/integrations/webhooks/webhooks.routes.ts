import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../../http/route';
import * as service from './webhooks.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.webhooks, ({ user, lang }) => service.listWebhooks(app.ctx, user, lang));
  route(app, endpoints.addWebhook, ({ user, body, lang }) => service.addWebhook(app.ctx, user, body, lang));
  route(app, endpoints.setWebhookEnabled, ({ user, params, body, lang }) => service.setWebhookEnabled(app.ctx, user, params.id, body.enabled, lang));
  route(app, endpoints.removeWebhook, ({ user, params, lang }) => service.removeWebhook(app.ctx, user, params.id, lang));
  route(app, endpoints.webhookDeliveries, ({ user, params, query }) => service.webhookDeliveries(app.ctx, user, params.id, query.page, query.pageSize));
  route(app, endpoints.resendWebhookDelivery, ({ user, params, lang }) => service.resendDelivery(app.ctx, user, params.id, params.deliveryId, lang));
}
