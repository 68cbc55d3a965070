import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, createHttpServer } from './app';
import type { Config } from './config';
import { createContext } from './context';
import { type Database, openDatabase } from './db/client';
import { EscalationScheduler } from './modules/service-levels/escalation-scheduler';
import { endStreamsDue } from './live/stream-hub';
import { RoutingScheduler } from './modules/routing/routing.scheduler';
import { WebhookDispatcher } from './modules/integrations/webhooks/dispatcher';
import { LiveEventRelay } from './live/outbox-relay';
import { OutboundQueue } from './outbound/outbound-queue';
import { outboundKinds } from './outbound/kinds';
import { secureDataDir } from './db/data-folder';
import { ensureAdmin } from './seed/admin';
import { workersToReviewLine } from './modules/basic-data/workers-review';
import { seedDemo } from './seed/demo';
import { type DemoHistoryResult, seedDemoHistory } from './seed/demo-history';

/** How long a stop waits for e-mails under way (the whole stop must fit in main.ts's 10 s). */
const BACKGROUND_LIMIT_MS = 5_000;
/**
 * How long a stop lets calls in flight finish before it closes every connection: a
 * half-sent request (a slow or hostile client) would otherwise hold the stop until its
 * header timeout, past main.ts's limit.
 */
const CALLS_LIMIT_MS = 2_500;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  generatedPassword?: string;
  /** The first admin exists but has never signed in: its printed password may have been lost. */
  adminNeverSignedIn: boolean;
  /** Service-level escalations of this process; tests call runOnce() instead of waiting for a tick. */
  escalations: EscalationScheduler;
  /** Routing of this process; tests call runOnce() with their clock's time instead of waiting for a tick. */
  routing: RoutingScheduler;
  /** Outgoing webhooks of this process; tests call runOnce() instead of waiting for a tick. */
  webhooks: WebhookDispatcher;
  /** The live-event outbox's relay of this process. */
  liveOutbox: LiveEventRelay;
  /** The outbound queue (e-mails and pushes) of this process; tests call runOnce() instead of waiting for a tick. */
  outbound: OutboundQueue;
  close(): Promise<void>;
}

export interface StartOptions extends BuildOptions {
  /**
   * A database already open, which this server uses and whose `close` it calls at its own close (browser
   * tests' resettable server, testing/resettable-server.ts, lends one that stays open); by default its own.
   */
  database?: Database;
}

/** Opens the database (migrating it), seeds, builds the app and listens. Used by main.ts and the tests. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  secureDataDir(config.dataDir);
  // The logger first: an upgrade's migrations are logged as they run, long before the server listens.
  const http = await createHttpServer(config, options);
  const database = options.database ?? (await openDatabase({ ...config, onDatabaseLost: options.onDatabaseLost }, http.log));
  const ctx = await createContext(config, database, http.log, options.clock);
  const app = await buildApp(ctx, options, http);
  const address = await app.listen({ port: config.port, host: config.host });
  // Only now that the port is ours: a first start that cannot listen creates no admin whose
  // password nobody saw.
  const { generatedPassword, adminNeverSignedIn = false } = await ensureAdmin(database.db, config.adminEmail, config.adminPassword);
  if (config.demo) {
    await seedDemo(database.db);
    if (config.demoHistory) logDemoHistory(app.log, await seedDemoHistory(database.db, { minuteMs: config.sla.minuteMs }));
  }
  // Again, for what the first open of the database has just made.
  secureDataDir(config.dataDir);
  // Once per start, while the upgrade left workers serving every hotel that nobody has looked at since.
  const review = await workersToReviewLine(database.db);
  if (review) app.log.warn(review);
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  // First: its pass at start publishes what a process that died left unpublished.
  const liveOutbox = new LiveEventRelay(ctx, app.log, config.eventRelay.tickMs);
  ctx.liveOutbox.wake = () => liveOutbox.wake();
  liveOutbox.start();
  // Its pass at start sends what a process that died left (once that process's lease is over).
  const outbound = new OutboundQueue(ctx, outboundKinds, app.log);
  ctx.outbound.nudge = () => outbound.nudge();
  outbound.start();
  const escalations = new EscalationScheduler(ctx, app.log);
  escalations.start();
  const routing = new RoutingScheduler(ctx, app.log, (lineId, now) => escalations.escalateNow(lineId, now));
  ctx.routing.nudge = () => routing.nudge();
  routing.start();
  const webhooks = new WebhookDispatcher(ctx, app.log);
  ctx.webhooks.nudge = () => webhooks.nudge();
  webhooks.start();
  ctx.timedWork.runDue = async (now) => {
    // The live streams of tokens expired by now end (their clients come back with a renewed token).
    endStreamsDue(app, now);
    // A tick under way may have read the time before it moved: the first tick waits for it
    // (a run under way is joined), the second runs at the new time.
    await escalations.tick(now);
    await escalations.tick(now);
    await routing.runOnce(now);
    // Webhooks read the clock themselves (already moved) and wait for every try under way.
    await webhooks.runOnce();
    // The e-mails and pushes due by now (retries, what a dead process left), and what that work wrote.
    await outbound.runOnce(now);
    // The live alerts that work wrote (the outbox) are published before the answer.
    await liveOutbox.wake();
  };
  // Every call can be served from here on: health answers 200.
  ctx.ready = true;
  let closing: Promise<void> | undefined;
  return {
    app,
    url,
    generatedPassword,
    adminNeverSignedIn,
    escalations,
    routing,
    webhooks,
    liveOutbox,
    outbound,
    close: () =>
      (closing ??= (async () => {
        await routing.stop();
        await webhooks.stop();
        // No escalation run starts any more; those under way get the same bounded wait as other e-mails.
        const escalationsStopped = escalations.stop(BACKGROUND_LIMIT_MS);
        // Stop taking requests first and finish the ones in flight; then wait, a bounded time, for the
        // e-mails under way: one a hung mail server cut off stays held in its row and is sent by a retry.
        const cutOff = setTimeout(() => app.server.closeAllConnections(), CALLS_LIMIT_MS);
        await app.close().finally(() => clearTimeout(cutOff));
        // The calls are over: nothing more is written to the queue by this process. A message cut off stays
        // leased in its row and is sent by another process, or by this one's next start, once the lease runs out.
        const [unsentEscalations, unsent, outboundDone] = await Promise.all([
          escalationsStopped,
          ctx.background.drain(BACKGROUND_LIMIT_MS),
          outbound.stop(BACKGROUND_LIMIT_MS),
        ]);
        if (unsent + unsentEscalations) app.log.warn(`stopped with ${unsent + unsentEscalations} e-mail(s) still being sent`);
        if (!outboundDone) app.log.warn('stopped while e-mails or pushes were being sent: they are sent again after their lease');
        // Rows it has not published wait for another process, or for this one's next start.
        await liveOutbox.stop();
        await ctx.events.close();
        await database.close();
      })()),
  };
}

function logDemoHistory(log: { info(msg: string): void }, result: DemoHistoryResult): void {
  if (!result.seeded) log.info(`Demo history not seeded: ${result.reason === 'requests exist' ? 'the database already has requests' : 'the demo data is incomplete'}`);
  else log.info(`Demo history seeded: ${result.requests} requests, ${result.lines} lines, ${result.reviews} reviews, ${result.escalations} escalations in ${result.ms} ms`);
}
