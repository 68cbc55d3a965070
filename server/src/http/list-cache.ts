import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

/**
 * A cache of the answers of master-data reads (GetAll…, Generate…, GetFacilities):
 * read all day by every desk and guest phone, written a few times a week. Each
 * answer is kept as the JSON text it was sent as, keyed by its URL (lang and list
 * query included). Any successful write to basic data or an upload empties the
 * cache of every process on the database (NOTIFY); a short lifetime bounds
 * staleness from anything else (an edit made straight in the database).
 * Only GET routes that are the same for every caller who may read them are cached:
 * the route's claim is checked on onRequest, before the cache is consulted.
 */
const CHANNEL = 'hotel_cache_invalidate';
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

interface Entry {
  body: string;
  headers: Record<string, string>;
  at: number;
}

const isCachedRead = (request: FastifyRequest) =>
  request.method === 'GET' && /^\/api\/basicdata\/(getall|generate|getfacilities)/i.test(request.url) && !/bookingroom/i.test(request.url);
const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && /^\/api\/(basicdata|administration\/upload)/i.test(request.url);

export async function registerListCache(app: FastifyInstance, database: Database): Promise<void> {
  const entries = new Map<string, Entry>();
  // A read that began before a write must not store what it read after the write cleared the cache.
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  const startedAt = new WeakMap<FastifyRequest, number>();
  const stopListening = await database.listen(CHANNEL, clear);
  app.addHook('onClose', async () => {
    await stopListening();
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCachedRead(request)) return;
    startedAt.set(request, generation);
    const hit = entries.get(request.url.toLowerCase());
    if (!hit) return;
    if (Date.now() - hit.at > TTL_MS) {
      entries.delete(request.url.toLowerCase());
      return;
    }
    reply.headers(hit.headers).header('x-cache', 'hit');
    return reply.send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request) && reply.statusCode < 300) {
      // Before the answer leaves: a client that reloads its list right after must see its change.
      clear();
      await database.notify(CHANNEL, '1').catch(() => undefined);
      return payload;
    }
    const fresh = startedAt.get(request) === generation;
    if (fresh && reply.statusCode === 200 && isCachedRead(request) && typeof payload === 'string' && !reply.getHeader('x-cache')) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const headers: Record<string, string> = { 'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') };
      const total = reply.getHeader('x-total-count');
      if (total !== undefined) headers['x-total-count'] = String(total);
      entries.set(request.url.toLowerCase(), { body: payload, headers, at: Date.now() });
    }
    return payload;
  });
}
