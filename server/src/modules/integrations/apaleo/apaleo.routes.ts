import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../../http/route';
import * as service from './apaleo.service';

/** apaleo (PMS): its webhook (public, a hint only) and each hotel's connection settings. */
export default async function apaleoRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, endpoints.apaleoWebhook, ({ body, lang }) => service.takeApaleoWebhook(ctx, body, lang));
  route(app, endpoints.apaleoSettings, ({ user, query }) => service.apaleoSettings(ctx, user, query.hotelId));
  route(app, endpoints.saveApaleoSettings, ({ user, body, lang }) => service.saveApaleoSettings(ctx, user, body, lang));
}
