import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { listSecurityEvents } from './security-audit.service';

export default async function routes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.securityEvents, ({ query }) => listSecurityEvents(app.ctx, query.page, query.pageSize));
}
