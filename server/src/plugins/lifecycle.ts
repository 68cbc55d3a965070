import fp from 'fastify-plugin';
import { endpoints } from '@shared';
import { AppError } from '../http/errors';
import { RETRY_AFTER_SECONDS, logRequests, pathOnly, refuseWhileClosing } from '../http/lifecycle';
import { common } from '../i18n/common.messages';
import { langOf } from '../i18n/localize';

/**
 * A call's life around its route: one log line, the disk's state after a write, a 503 while
 * stopping and while starting. Not encapsulated: the hooks hold for every route.
 */
export default fp(
  async function lifecycle(app) {
    const ctx = app.ctx;
    ctx.storage.onWritable = (how) => app.log.info({ how }, 'disk full no more: writes succeed again');
    app.addHook('onResponse', async (request, reply) => {
      // A call that changes data and succeeded has written: the disk has room again.
      if (ctx.storage.unwritable && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) ctx.storage.wrote();
    });
    logRequests(app);
    refuseWhileClosing(app, ctx.config.closeGraceMs);
    // Between listening and the end of the start (first admin, seeds) a call could meet a half-made
    // server (a sign-in answering 401): it answers 503 with Retry-After, and so does health.
    app.addHook('onRequest', async (request, reply) => {
      if (ctx.ready || !request.url.toLowerCase().startsWith('/api/') || pathOnly(request.url).toLowerCase().replace(/\/+$/, '') === endpoints.health.path) return;
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(new AppError(503, common.unavailable).body(langOf(request)));
    });
  },
  { name: 'lifecycle' },
);
