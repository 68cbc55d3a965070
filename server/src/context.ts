import type { FastifyBaseLogger } from 'fastify';
import { BackgroundWork } from './background';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { StorageState } from './db/storage-state';
import { RateLimiter } from './http/rate-limit';
import { Mailer } from './mail/mailer';
import { SessionGuard } from './security/session-guard';
import { DeviceTokenService } from './security/device-tokens';
import { SecretBox, TokenService } from './security/tokens';
import { EventBus } from './live/event-bus';
import { Outlet } from './live/announce';
import { ApiKeyAuthenticator } from './modules/integrations/api-keys/api-key-auth';

/** What every module's services are built from; decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  /** The server's logger (pino): what background work has to say goes here, never to the console. */
  log: FastifyBaseLogger;
  /** What every rule and query that reads the time asks (tests set it). */
  clock: Clock;
  tokens: TokenService;
  /** Access tokens of workers' phones (/api/Work/*). */
  deviceTokens: DeviceTokenService;
  /** Whether an access token's session still stands; ends sessions in every process. */
  sessions: SessionGuard;
  /** Other systems' API keys (`Authorization: Bearer hgs_live_…`). */
  apiKeys: ApiKeyAuthenticator;
  box: SecretBox;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  events: EventBus;
  /** The listeners of every committed change (live/announce.ts): the screens', and those the modules register at start. */
  outlet: Outlet;
  /** E-mails sent after a call's answer; a stop waits for them before closing the database. */
  background: BackgroundWork;
  /** Whether writes fail for lack of disk space (health reports it). */
  storage: StorageState;
  /**
   * Whether every call can be served: false from the moment the server listens until the first
   * admin and the seeds are made (server.ts); meanwhile calls and health answer 503.
   */
  ready: boolean;
  /** Routing of this process: `nudge` routes now (a worker came on shift); set once the scheduler runs. */
  routing: { nudge(): void };
  /** The outbound queue of this process (outbound/): `nudge` sends, now, the e-mails and pushes a transaction just committed. */
  outbound: { nudge(): void };
  /** Outgoing webhooks of this process: `nudge` looks for deliveries now (an event was just recorded). */
  webhooks: { nudge(): void };
  /**
   * The live-event outbox's relay of this process (live/outbox-relay.ts): `wake` publishes, now,
   * the rows a transaction just committed (live/announce.ts); resolves once that pass is over.
   */
  liveOutbox: { wake(): Promise<void> };
  /**
   * The timed work of this process (escalations and scheduled lines, routing, webhook retries, the
   * live streams that end with their token),
   * run now at `now` and awaited; set once the schedulers run. The test-only clock route calls it
   * after moving the clock, so a test waits for the work, not for a tick.
   */
  timedWork: { runDue(now: Date): Promise<void> };
}

export async function createContext(config: Config, database: Database, log: FastifyBaseLogger, clock: Clock = systemClock): Promise<AppContext> {
  const box = new SecretBox(config.jwtSecret);
  const events = new EventBus(database);
  await events.start();
  const sessions = new SessionGuard(database);
  await sessions.start();
  return {
    config,
    database,
    log,
    clock,
    tokens: new TokenService(config.jwtSecret, config.accessTokenTtlSeconds, clock),
    deviceTokens: new DeviceTokenService(config.jwtSecret, config.accessTokenTtlSeconds, clock),
    sessions,
    apiKeys: new ApiKeyAuthenticator(database, clock, config.apiKeyRateCeiling),
    box,
    mailer: new Mailer(database.db, box),
    rateLimiter: new RateLimiter(database.db, config.rateLimitsEnabled),
    events,
    outlet: new Outlet(),
    background: new BackgroundWork(),
    storage: new StorageState({ db: database.db, dataDir: config.dataDir, clock }),
    ready: false,
    routing: { nudge: () => undefined },
    webhooks: { nudge: () => undefined },
    outbound: { nudge: () => undefined },
    liveOutbox: { wake: async () => undefined },
    timedWork: { runDue: async () => undefined },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
