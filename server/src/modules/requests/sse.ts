import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a reconnecting EventSource waits, and how often a comment keeps proxies from closing an idle stream. */
const RETRY_MS = 3000;
const HEARTBEAT_MS = 20_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Called once when the stream ends, whoever ended it. */
  onEnd(cleanup: () => void): void;
  /** Ends the stream at this time (ms since the epoch). */
  endAt(time: number): void;
}

/**
 * Opens server-sent events on a hijacked reply. Every open stream is tracked so the
 * app's preClose hook can end them: an open stream would otherwise hold shutdown up.
 */
export function sseStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  return function openStream(reply: FastifyReply): EventStream {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const cleanups: (() => void)[] = [];
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      open.delete(end);
      for (const cleanup of cleanups) cleanup();
      if (!raw.writableEnded) raw.end();
    };
    open.add(end);
    raw.on('close', end);
    raw.on('error', end);
    return {
      send(event, data) {
        if (!ended) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      onEnd(cleanup) {
        cleanups.push(cleanup);
      },
      endAt(time) {
        const timer = setTimeout(end, Math.max(0, time - Date.now()));
        cleanups.push(() => clearTimeout(timer));
      },
    };
  };
}
