import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import helmet from 'helmet';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { API_KEY_PREFIX, EXPORT_MAX_ROWS_HEADER, TOTAL_COUNT_HEADER, endpoints } from '@shared';
import { type Clock, isSteerable } from './clock';
import { isDatabaseUnavailable } from './db/client';
import { databaseCode, isStorageFull, loggableError } from './db/errors';
import { pgliteUnavailableReason } from './db/pglite-worker';
import { limitConnections } from './http/connection-limits';
import { allowDesktopOrigin } from './http/desktop-cors';
import { AppError } from './http/errors';
import { RETRY_AFTER_SECONDS, logRequests, pathOnly, refuseWhileClosing } from './http/lifecycle';
import { registerListCache } from './http/list-cache';
import { validationError } from './http/validation';
import { common } from './i18n/common.messages';
import { langOf } from './i18n/localize';
import { modules } from './modules';
import testClockRoutes from './modules/test-clock/test-clock.routes';
import { webhookDocs } from './modules/integrations/webhooks/openapi';

export interface BuildOptions {
  logger?: boolean | object;
  /** Readable lines for a person at a terminal (pino-pretty) instead of JSON for a log collector. */
  prettyLogs?: boolean;
  /** The time every rule reads (default: the system clock); tests pass one they set. */
  clock?: Clock;
  /** PGlite's worker thread ended and could not be started again: main.ts exits non-zero (the log has said why). */
  onDatabaseLost?: (error: Error) => void;
}

/** pino-pretty written synchronously: a line is on the terminal before the process may exit. */
async function prettyStream() {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' });
}

/**
 * The Fastify instance with its logger and connection settings, before anything is on it:
 * made before the database is opened, so the start (an upgrade's migrations) logs as the server does.
 */
export async function createHttpServer(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const limits = config.connections;
  return Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.body.password', 'req.body.newPassword', 'req.body.refreshToken'], remove: true },
      ...(options.prettyLogs && { stream: await prettyStream() }),
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Fastify's overloads do not accept the union; each member is a valid trustProxy.
    trustProxy: config.trustProxy as boolean,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // One line per call instead (logRequests), without the query string.
    logController: new LogController({ disableRequestLogging: true }),
    // Our own 503 while stopping (refuseWhileClosing), with a message in the caller's language.
    return503OnClosing: false,
    // Every socket holds a descriptor: one that sends its headers slowly, idles between
    // requests or falls silent is closed, so a flood of them cannot use the process's up.
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past those timeouts (its default is 30 s).
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, limits.headersTimeoutMs / 4)),
    },
  });
}

/** Builds the HTTP app on a ready context (on `created`, from createHttpServer, or a new one); the caller listens and closes. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}, created?: FastifyInstance): Promise<FastifyInstance> {
  const limits = ctx.config.connections;
  const app = created ?? (await createHttpServer(ctx.config, options));
  limitConnections(app.server, limits);
  app.decorate('ctx', ctx);
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  allowDesktopOrigin(app);

  // Helmet's middleware made once: @fastify/helmet builds it again (the CSP parsed and checked) on every call.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // No upgrade-insecure-requests: a hotel LAN serves plain http.
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS (below): over plain HTTP it means nothing, and a hotel LAN is plain HTTP.
    strictTransportSecurity: false,
    // The desktop app calls the API from its own origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  // Before every route (it hooks each route as it is added); a route's own onSend runs after
  // the list cache's, which sends its answers already compressed.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) costs ~100x the CPU of 5 for a few percent smaller answers.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // request.protocol follows X-Forwarded-Proto only when a proxy is trusted.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hotel guest-service API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A staff member's access token (Account/Login)." },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}<key id>_<secret>`,
            description: [
              'An API key made in Administration → Integrations → API keys, sent as `Authorization: Bearer hgs_live_…`.',
              "It opens every call whose claim it holds, within its hotel (or the whole chain), like a user's scope; never the Account or Events calls.",
              'An unknown or revoked key: 401. A call outside its claims or hotel: 403 (or 404 for a record of another hotel).',
              'Each key is rate-limited (by default 20 calls a second and 1,200 a minute): every answer carries RateLimit-Policy, RateLimit-Limit,',
              'RateLimit-Remaining and RateLimit-Reset; past a limit the answer is 429 with Retry-After (seconds).',
              'Changes made with a key are recorded in the line history as "integration <key name>".',
            ].join(' '),
          },
        },
      },
      webhooks: webhookDocs(),
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = langOf(request);
    const appError = toAppError(error, request.method);
    // Never the error itself: a database error carries the query's parameters (a guest's personal data).
    if (appError.statusCode === 503 && isStorageFull(error)) {
      ctx.storage.writeFailedForSpace(error);
      request.log.error({ err: loggableError(error) }, 'disk full: the database cannot write');
    } else if (appError.statusCode === 503) {
      request.log.warn({ err: loggableError(error) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (appError.statusCode >= 500) request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.status(appError.statusCode).send(appError.body(lang));
  });

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
  for (const register of modules) await app.register(register);
  // Browser tests of timed behaviour only: a server on the system clock has no such route (404).
  if (isSteerable(ctx.clock)) await app.register(testClockRoutes);

  serveClients(app, ctx.config.clientsDir);
  return app;
}

/** Every error a client can cause becomes a 4xx with a message; anything else is a 500 without details. */
function toAppError(error: FastifyError | AppError, method: string): AppError {
  if (error instanceof AppError) return error;
  // PGlite's worker thread is being started again (it ended, or this call ran past the time bound).
  const pglite = pgliteUnavailableReason(error);
  if (pglite) return new AppError(503, pglite === 'timeout' ? common.databaseTooSlow : common.databaseRestarting);
  if (isDatabaseUnavailable(error)) return new AppError(503, common.databaseUnavailable);
  if (isStorageFull(error)) return new AppError(503, common.storageFull);
  const validation = (error as FastifyError & { validation?: unknown }).validation;
  if (validation && Array.isArray(validation)) {
    // fastify-type-provider-zod keeps the zod issue's fields in params, minus path and code.
    const issues = validation.map((v: { keyword?: string; message?: string; instancePath?: string; params?: Record<string, unknown> }) => ({
      ...v.params,
      code: v.keyword,
      message: v.message,
      path: (v.instancePath ?? '').split('/').filter(Boolean),
    }));
    return validationError(issues as never);
  }
  const pgCode = databaseCode(error);
  if (pgCode === '23505') return new AppError(409, common.duplicateValue);
  if (pgCode === '23503') return method === 'DELETE' ? new AppError(409, common.inUse) : new AppError(400, common.referenceMissing);
  if (pgCode === '22P02' || pgCode === '22003' || pgCode === '22021') return new AppError(400, common.validation);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, common.badJson);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, common.tooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, common.unsupportedMedia);
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return new AppError(404, common.notFound);
  if (status >= 400 && status < 500) return new AppError(status, common.validation);
  return new AppError(500, common.serverError);
}

/** Search engines may list the guest form; staff pages, the API and a guest's own request stay out. */
const ROBOTS_TXT = ['User-agent: *', 'Allow: /Request/Service', 'Disallow: /Request/Review', 'Disallow: /Admin/', 'Disallow: /Dashboard/', 'Disallow: /Work/', 'Disallow: /api/', ''].join('\n');

/**
 * Serves the built clients: the admin renderer (/Admin/…, /Dashboard/…) and the
 * guest pages (/Request/…). Unknown /api paths answer a JSON 404.
 */
function serveClients(app: FastifyInstance, clientsDir: string): void {
  const renderer = path.join(clientsDir, 'renderer');
  const guest = path.join(clientsDir, 'guest-web');
  const hasRenderer = existsSync(path.join(renderer, 'index.html'));
  const hasGuest = existsSync(path.join(guest, 'index.html'));
  const work = path.join(clientsDir, 'work-web');
  const hasWork = existsSync(path.join(work, 'index.html'));
  if (hasRenderer) app.register(fastifyStatic, { root: renderer, prefix: '/', wildcard: false, index: false, cacheControl: false });
  // The guest build ships .br/.gz beside each asset (guest-web/vite.config.ts); phones get those.
  if (hasGuest) app.register(fastifyStatic, { root: guest, prefix: '/guest/', decorateReply: !hasRenderer, cacheControl: false, preCompressed: true });
  if (hasWork) {
    // The workers' phone page: its service worker (/Work/sw.js) controls /Work/, so the page lives there.
    app.register(fastifyStatic, {
      root: work,
      prefix: '/Work/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The page, its manifest and its service worker always revalidate (assets are kept: see onSend).
      setHeaders: (res, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
      },
    });
    // The supervisor's QR reads /Work#pair=CODE: the browser keeps the fragment across the redirect to
    // /Work/, the service worker's scope. (The router takes /Work and /Work/ for one route.)
    app.get('/Work/', async (request, reply) => {
      if (!request.url.split('?')[0].endsWith('/')) return reply.redirect('/Work/');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(path.join(work, 'index.html')));
    });
  }
  app.addHook('onSend', async (request, reply, payload) => {
    // Hashed assets never change; pages always revalidate. Only a file served from an
    // assets folder (by its path, never its query) may be kept for a year.
    if (reply.statusCode === 200 && isAssetPath(request.url)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  });

  app.get('/', async (_request, reply) => reply.redirect('/Admin/Login'));
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT));
  // The guest build carries the icon (guest-web/public); every page of the server uses it.
  if (hasGuest && existsSync(path.join(guest, 'favicon.ico')))
    app.get('/favicon.ico', async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.ico', guest));
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.toLowerCase();
    const lang = langOf(request);
    if (request.method === 'GET' && !url.startsWith('/api/')) {
      if ((url === '/work' || url.startsWith('/work/')) && hasWork && !isAssetPath(url)) return reply.header('cache-control', 'no-cache').redirect('/Work/');
      if (url.startsWith('/request/') && hasGuest) return reply.header('cache-control', 'no-cache').sendFile('index.html', guest);
      if (hasRenderer && !url.startsWith('/guest/') && !isAssetPath(url))
        return reply.header('cache-control', 'no-cache').sendFile('index.html', renderer);
    }
    return reply.status(404).send(new AppError(404, common.routeNotFound).body(lang));
  });
}

/** The built clients' hashed files: /assets/… (admin), /guest/assets/… (guest pages) and /Work/assets/… (workers' phones). */
function isAssetPath(url: string): boolean {
  const pathname = url.split('?')[0].toLowerCase();
  return pathname.startsWith('/assets/') || pathname.startsWith('/guest/assets/') || pathname.startsWith('/work/assets/');
}
