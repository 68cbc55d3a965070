import type { FastifyInstance } from 'fastify';
import { common } from '../i18n/common.messages';
import { langOf } from '../i18n/localize';
import { AppError } from './errors';

/** What a 503 asks clients to wait before trying again (a restart takes a few seconds). */
export const RETRY_AFTER_SECONDS = 2;

/** The path of a URL without its query string: queries may carry tokens, and logs must not. */
export const pathOnly = (url: string): string => url.split('?', 1)[0];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The path as it is logged: a guest request's UUID is the guest's only credential
 * (GetUserRequestDetails/<id>, Events/<id>), so it is cut to its first four characters:
 * enough to tell calls apart in a log, far too little to open the request.
 */
export const loggedPath = (url: string): string => pathOnly(url).replace(UUID, (id) => `${id.slice(0, 4)}…`);

/**
 * One log line per call, written when the answer is finished (or the connection
 * closes, for event streams): method, path without query, status and time. It
 * replaces Fastify's two lines per call, which printed full URLs.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      request.log.info(
        {
          method: request.method,
          path: loggedPath(request.url),
          status: reply.raw.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          // The client went away before the answer was complete.
          ...(reply.raw.writableFinished ? {} : { aborted: true }),
        },
        'request',
      );
    });
  });
}

/**
 * While the server stops, calls that still arrive on open connections answer 503 in
 * the caller's language, with Retry-After: the client (or a load balancer) tries
 * again, on this process after a restart or on another. Calls already being handled
 * finish as usual, and every answer closes its connection, so no kept-alive
 * connection holds the stop up. `graceMs` (HOTEL_CLOSE_GRACE_MS): how long a stop keeps reading calls on
 * kept-alive connections before it closes them.
 */
export function refuseWhileClosing(app: FastifyInstance, graceMs: number): void {
  let closing = false;
  let graceOver = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Before the server closes its idle connections: a call already on its way over a
    // kept-alive connection (sent, not yet read) would meet a reset. For a moment each is
    // still read and answered, 503 with Connection: close, so its client goes elsewhere.
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    graceOver = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(new AppError(503, common.unavailable).body(langOf(request)));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // Answers that began before the stop (headers already sent, event streams) and end after
  // the grace leave a kept-alive connection open: close it as soon as it is idle.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.once('finish', () => {
      if (graceOver) setImmediate(() => app.server.closeIdleConnections());
    });
  });
}
