import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { todayFigures } from './dashboard.service';

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.homeFigures, ({ user, query, lang }) => todayFigures(app.ctx, user, query, lang));
  route(app, endpoints.escalationMailStatus, async () => ({ ready: await app.ctx.mailer.isSetUp() }));
}
