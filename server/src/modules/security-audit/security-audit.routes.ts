import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { listSecurityEvents } from './security-audit.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.securityEvents, ({ user, query }) => listSecurityEvents(app.ctx, user, query.page, query.pageSize));
}
