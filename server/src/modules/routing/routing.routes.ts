import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { addToLineHistory } from '../requests/line-history';
import * as routing from './routing.service';

/** Routing rules, shifts, rosters and zones (the phone's "On shift" switch is with the phone's routes). */
export default async function routingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  addToLineHistory('routing', routing.historyOf);
  route(app, endpoints.routingRules, ({ user, query, lang }) => routing.rules(ctx, user, query.hotelId, lang));
  route(app, endpoints.saveRoutingRule, ({ user, body, lang }) => routing.saveRule(ctx, user, body, lang));
  route(app, endpoints.removeRoutingRule, ({ user, params, lang }) => routing.removeRule(ctx, user, params.id, lang));
  route(app, endpoints.routingPreview, ({ user, query, lang }) => routing.preview(ctx, user, query, lang));
  route(app, endpoints.routingRoster, ({ user, query, lang }) => routing.roster(ctx, user, query, lang));
  route(app, endpoints.saveRoutingRoster, ({ user, body, lang }) => routing.saveRoster(ctx, user, body, lang));
  route(app, endpoints.routingWorkers, ({ user, query, lang }) => routing.workers(ctx, user, query, lang));
  route(app, endpoints.setWorkerShift, ({ user, params, body, lang }) => routing.setWorkerShift(ctx, user, params.id, body.shift, lang));
  route(app, endpoints.setWorkerZones, ({ user, params, body, lang }) => routing.setZones(ctx, user, params.id, body.zones, lang));
  route(app, endpoints.heldOffShift, ({ user, lang }) => routing.heldOffShift(ctx, user, lang));
}
