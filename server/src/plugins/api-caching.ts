import fp from 'fastify-plugin';
import { EXPORT_MAX_ROWS_HEADER, TOTAL_COUNT_HEADER } from '@shared';
import { registerListCache } from '../http/list-cache';

/** Who may keep an API answer: the list cache, no-store by default, and an export's row bound. Not encapsulated: every route's answers. */
export default fp(
  async function apiCaching(app) {
    const ctx = app.ctx;
    await registerListCache(app, ctx.database);
    // API answers carry guests' and staff's personal data (a request's e-mail and phone, users):
    // no browser or proxy keeps them unless a route says otherwise (the master-data lists
    // revalidate by ETag, a booking-room image is kept for good).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
    // Every paged list (fresh or from the list cache) tells the admin app how far an export of it may read.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.hasHeader(TOTAL_COUNT_HEADER)) reply.header(EXPORT_MAX_ROWS_HEADER, String(ctx.config.exportMaxRows));
      return payload;
    });
  },
  { name: 'api-caching' },
);
