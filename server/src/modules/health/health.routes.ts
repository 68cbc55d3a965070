import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { endpoints } from '@shared';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async ({ reply, lang }) => {
    await app.ctx.database.db.execute(sql`select 1`);
    // Readable is not enough: a server whose writes fail for lack of space is not healthy.
    if (app.ctx.storage.unwritable) return reply.status(503).send({ status: 'unavailable', storage: 'unwritable', message: localize(common.storageFull, lang) });
    return { status: 'ok' as const };
  });
}
