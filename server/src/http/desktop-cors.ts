import type { FastifyInstance } from 'fastify';

/**
 * The desktop app's pages come from its own origin (electron/app-url.ts: app://desk)
 * and call this server across origins, so the browser asks first (CORS). Only that
 * origin is allowed: the web admin and the guest pages are served from here and
 * never need it. No cookies are involved (bearer tokens), so no credentials mode.
 */
export const DESKTOP_ORIGIN = 'app://desk';

export function allowDesktopOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin !== DESKTOP_ORIGIN) return;
    reply.header('access-control-allow-origin', DESKTOP_ORIGIN);
    reply.header('vary', 'Origin');
    // File downloads name themselves in Content-Disposition; a cross-origin page sees it only when exposed.
    reply.header('access-control-expose-headers', 'Content-Disposition, X-Request-Id, X-Total-Count, X-Total-Count-Capped, X-Export-Max-Rows');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', 'Authorization, Content-Type, Accept-Language, X-Request-Id, Last-Event-ID');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
