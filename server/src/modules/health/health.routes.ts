import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@shared';
import { route } from '../../http/route';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async () => {
    await app.ctx.database.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
}
