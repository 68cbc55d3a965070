import type { FastifyInstance } from 'fastify';
import { endpoints } from '@shared';
import { ping } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../http/lifecycle';
import { route } from '../../http/route';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';

/** 200 only when every call can be served: started (first admin, seeds), the database answering, writes possible. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.health, async ({ reply, lang }) => {
    // Listening is not enough: until the first admin exists a sign-in would answer 401.
    if (!app.ctx.ready)
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', starting: true, message: localize(common.unavailable, lang) });
    await ping(app.ctx.database.db);
    // Readable is not enough: a server whose writes fail for lack of space is not healthy. While
    // it is so, health tries a small write itself, so the node comes back once there is room.
    if (app.ctx.storage.unwritable && !(await app.ctx.storage.probe()))
      return reply.status(503).send({ status: 'unavailable', storage: 'unwritable', message: localize(common.storageFull, lang) });
    return { status: 'ok' as const };
  });
}
