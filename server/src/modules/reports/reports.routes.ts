import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { guestFeedback, roomHistory, serviceLevels } from './reports.service';
import { updateFollowUp } from './recovery.service';

export default async function reportsRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.serviceLevels, ({ user, query, lang }) => serviceLevels(app.ctx, user, query, lang));
  route(app, endpoints.roomHistory, ({ user, query, lang }) => roomHistory(app.ctx, user, query.roomId, lang));
  route(app, endpoints.guestFeedback, ({ user, query, lang }) => guestFeedback(app.ctx, user, query, lang));
  route(app, endpoints.updateFeedbackFollowUp, ({ user, body, lang }) => updateFollowUp(app.ctx, user, body, lang));
}
