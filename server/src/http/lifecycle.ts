import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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
  const { lingering, closeGently } = closeIdleGently(app.server);
  app.addHook('preClose', async () => {
    closing = true;
    // Before the server closes its idle connections: a call already on its way over a
    // kept-alive connection (sent, not yet read) would meet a reset. For a moment each is
    // still read and answered, 503 with Connection: close, so its client goes elsewhere.
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    graceOver = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    // A call that crossed the server's FIN: its connection can no longer carry an answer.
    if (lingering.has(request.raw.socket)) {
      reply.hijack();
      return;
    }
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(new AppError(503, common.unavailable).body(langOf(request)));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!closing) return payload;
    reply.header('connection', 'close');
    // Once this answer is sent, Node ends the connection (destroySoon): in stages too, so a call
    // the client sent before it read the answer is read, not met by a reset.
    const socket = request.raw.socket as Socket | null;
    if (socket) socket.destroySoon = () => closeGently(socket);
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

/** How long a connection closed while idle keeps being read after its FIN, for the client's own FIN. */
const LINGER_MS = 1_000;

/**
 * Node closes an idle kept-alive connection (server.close(), closeIdleConnections()) by
 * destroying its socket: a call the client sent just before it saw the close then reaches a
 * closed socket, and the client meets a reset (RST) instead of a clean end. Here an idle
 * connection is closed in stages instead (RFC 9112 §9.6): its write side first (FIN), then
 * its data is still read, and dropped, until the client closes its side (or LINGER_MS),
 * so the client sees a clean close whenever its last call left. Returns the sockets so
 * closed: a call read on one is never answered.
 */
function closeIdleGently(server: Server): { lingering: WeakSet<Socket>; closeGently(socket: Socket): void } {
  const open = new Set<Socket>();
  const lingering = new WeakSet<Socket>();
  const closeGently = (socket: Socket) => {
    if (lingering.has(socket) || socket.destroyed) return;
    lingering.add(socket);
    // The other side's FIN then ends the socket (Node destroys a socket both of whose sides are done).
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.closeIdleConnections = () => {
    for (const socket of open) {
      // An answer still being written on it: not idle (Node's own test).
      const answer = (socket as Socket & { _httpMessage?: { finished?: boolean } | null })._httpMessage;
      if (!answer || answer.finished) closeGently(socket);
    }
  };
  return { lingering, closeGently };
}
