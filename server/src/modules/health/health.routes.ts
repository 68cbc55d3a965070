import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { ping } from '../../db/client';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async ({ reply, lang }) => {
    await ping(app.ctx.database.db);
    // Readable is not enough: a server whose writes fail for lack of space is not healthy.
    if (app.ctx.storage.unwritable) return reply.status(503).send({ status: 'unavailable', storage: 'unwritable', message: localize(common.storageFull, lang) });
    return { status: 'ok' as const };
  });
}
