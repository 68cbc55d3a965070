import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Clock, isSteerable } from './clock';
import { limitConnections } from './http/connection-limits';
import { allowDesktopOrigin } from './http/desktop-cors';
import { listeners, modules } from './modules';
import testClockRoutes from './modules/test-clock/test-clock.routes';
import apiCaching from './plugins/api-caching';
import clients from './plugins/clients';
import compression from './plugins/compression';
import errorHandler from './plugins/error-handler';
import lifecycle from './plugins/lifecycle';
import openApi from './plugins/openapi';
import securityHeaders from './plugins/security-headers';

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

/**
 * Builds the HTTP app on a ready context (on `created`, from createHttpServer, or a new one); the caller listens and closes.
 * As fastify/demo: the app's plugins (server/src/plugins/, none encapsulated), then every module's routes, then the clients.
 * The order is the hooks' order: the list cache's onSend runs after the security headers' and before the clients'.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}, created?: FastifyInstance): Promise<FastifyInstance> {
  const app = created ?? (await createHttpServer(ctx.config, options));
  limitConnections(app.server, ctx.config.connections);
  app.decorate('ctx', ctx);
  await app.register(lifecycle);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  allowDesktopOrigin(app);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(openApi);
  await app.register(errorHandler);
  await app.register(apiCaching);
  for (const register of modules) await app.register(register);
  // What each module does with a committed change (live/announce.ts): the services announce it, the listeners act.
  for (const listener of listeners) ctx.outlet.listen(listener);
  // Browser tests of timed behaviour only: a server on the system clock has no such route (404).
  if (isSteerable(ctx.clock)) await app.register(testClockRoutes);
  await app.register(clients, { clientsDir: ctx.config.clientsDir });
  return app;
}
