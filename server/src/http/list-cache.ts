import { createHash, randomUUID } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

/**
 * A cache of the answers of master-data reads (GetAll…, Generate…, GetFacilities):
 * read all day by every desk and guest phone, written a few times a week. Each
 * answer is kept as the JSON text it was sent as, with an ETag and its Brotli and
 * gzip forms made once, keyed by its URL (lang and list query included) and the
 * caller's hotels (lists are scoped to them). An unchanged list answers 304 to a
 * client that has it; a changed one is compressed once, not on every read. Any
 * successful write to basic data or an upload empties the cache of every process on
 * the database (NOTIFY); a short lifetime bounds staleness from anything else (an
 * edit made straight in the database). A process ignores the echo of its own NOTIFY:
 * it cleared at the write, and a late echo would only throw away the fresh reads
 * made since. Listening that resumes after a lost connection clears too, since
 * messages sent meanwhile were missed. The route's claim is checked on onRequest,
 * before the cache is consulted.
 */
const CHANNEL = 'hotel_cache_invalidate';
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
/** Answers smaller than this are sent as they are (as @fastify/compress does). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A client may keep a list for itself (never a shared cache: lists follow the caller's
 * hotels) but must ask each time; an unchanged list then costs a 304. Every other API
 * answer is no-store (app.ts).
 */
const REVALIDATE = 'private, no-cache';

type Encoding = 'br' | 'gzip';

interface Entry {
  /** The JSON as UTF-8, encoded once: 1,000 hotels are a quarter of a megabyte to re-encode per read. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  encoded: Partial<Record<Encoding, Buffer>>;
  at: number;
}

const isCachedRead = (request: FastifyRequest) =>
  request.method === 'GET' && /^\/api\/basicdata\/(getall|generate|getfacilities)/i.test(request.url) && !/bookingroom/i.test(request.url);
const isWrite = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && /^\/api\/(basicdata|administration\/upload)/i.test(request.url);

/** The same URL answers differently to callers of different hotels (scoped lists). */
function keyOf(request: FastifyRequest): string {
  const user = request.principal;
  const scope = !user ? 'public' : user.isAdmin ? 'all' : [...user.hotelIds].sort((a, b) => a - b).join(',');
  return `${request.url.toLowerCase()}|${scope}`;
}

/** The encoding the client prefers among those kept; q-values of 0 refuse one. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').slice(0, 200).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : undefined;
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

const matchesEtag = (request: FastifyRequest, etag: string) =>
  String(request.headers['if-none-match'] ?? '')
    .split(',')
    .some((tag) => tag.trim() === etag || tag.trim() === '*');

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.headers(entry.headers).header('etag', entry.etag).header('vary', 'accept-encoding').header('cache-control', REVALIDATE).header('x-cache', 'hit');
  if (matchesEtag(request, entry.etag)) return reply.code(304).send();
  const encoding = entry.body.length >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(entry.body);
  const bytes = (entry.encoded[encoding] ??= encode(entry.body, encoding));
  return reply.header('content-encoding', encoding).send(bytes);
}

export async function registerListCache(app: FastifyInstance, database: Database): Promise<void> {
  const entries = new Map<string, Entry>();
  // A read that began before a write must not store what it read after the write cleared the cache.
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  const startedAt = new WeakMap<FastifyRequest, number>();
  const self = randomUUID();
  const stopListening = await database.listen(
    CHANNEL,
    (sender) => {
      if (sender !== self) clear();
    },
    clear,
  );
  app.addHook('onClose', async () => {
    await stopListening();
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isCachedRead(request)) return;
    startedAt.set(request, generation);
    const key = keyOf(request);
    const hit = entries.get(key);
    if (!hit) return;
    if (Date.now() - hit.at > TTL_MS) {
      entries.delete(key);
      return;
    }
    return sendEntry(request, reply, hit);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isWrite(request) && reply.statusCode < 300) {
      // Before the answer leaves: a client that reloads its list right after must see its change.
      clear();
      await database.notify(CHANNEL, self).catch(() => undefined);
      return payload;
    }
    if (reply.statusCode !== 200 || !isCachedRead(request) || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    const etag = `"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('vary', 'accept-encoding').header('cache-control', REVALIDATE);
    if (startedAt.get(request) === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const headers: Record<string, string> = { 'content-type': String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') };
      const total = reply.getHeader('x-total-count');
      if (total !== undefined) headers['x-total-count'] = String(total);
      entries.set(keyOf(request), { body: Buffer.from(payload), etag, headers, encoded: {}, at: Date.now() });
    }
    if (matchesEtag(request, etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
