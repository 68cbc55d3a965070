import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EXPORT_MAX_ROWS, DEFAULT_LIST_COUNT_MAX, EMAIL_PATTERN } from '@shared';
import { defaultMaxConnections } from './http/connection-limits';
import { isCommonPassword, isEmailPassword } from './security/password-policy';

// Defined by scripts/build-server.mjs: the bundle runs from dist-server/ (one folder below
// the root), the sources from server/src/ (two).
declare const __SERVER_BUNDLE__: boolean | undefined;
const SERVER_BUNDLE = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

/** The hotel's apaleo client secret and tokens travel to these: https, or plain http on loopback only (a fake apaleo in tests). */
const apaleoUrl = z.url({ protocol: /^https?$/ }).refine((url) => url.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url), {
  message: 'must be an https:// address (plain http only on loopback)',
});

/**
 * Configuration, read and validated once at start (STYLE §7). A bad value stops
 * the server with one line naming the variable.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** PostgreSQL itself, not through a transaction pooler: LISTEN and the migrations' advisory lock need one session. */
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections each process may hold in its pool (README, "A chain on PostgreSQL", for sizing). */
  HOTEL_DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long an unused pooled connection stays open (ms). */
  HOTEL_DB_POOL_IDLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How long a call waits for a connection (a full pool, or PostgreSQL out of connections) before answering 503 (ms). */
  HOTEL_DB_POOL_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** 'transaction': DATABASE_URL goes through a transaction pooler (PgBouncer), so no statement is kept per connection. */
  HOTEL_DB_POOLER: z.enum(['none', 'transaction']).default('none'),
  /** How often the LISTEN connection is proved alive; one silent for as long is made again, and open streams get `resync` (ms). */
  HOTEL_DB_LISTEN_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PGlite: the longest one query may take (ms; 0: no bound); past it the call answers 503 and the worker thread is started again. */
  HOTEL_PGLITE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  HOTEL_DATA_DIR: z.string().min(1).default('./data'),
  HOTEL_ADMIN_EMAIL: z.string().max(254, { abort: true }).regex(EMAIL_PATTERN, 'must be an e-mail address').default('admin@hotel.local'),
  HOTEL_ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(256, { abort: true })
    .refine((p) => !isCommonPassword(p), 'is one of the most common passwords (found in leaked-password lists): choose a less predictable one')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  HOTEL_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  HOTEL_DEMO: z.enum(['0', '1', 'true', 'false', '']).optional(),
  /** With the demo: whether it also gets thirty days of requests (on unless 0 or false). */
  HOTEL_DEMO_HISTORY: z.enum(['0', '1', 'true', 'false', '']).optional(),
  HOTEL_ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(900),
  /** The most calls a second / a minute any API key may be given (its creator chooses below it, never above). */
  HOTEL_API_KEY_MAX_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(100),
  HOTEL_API_KEY_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(60_000).default(6000),
  /**
   * How long a used refresh token (or phone credential) may come back and still get a
   * successor, while the one it got was never used: its answer was lost (a reload, bad Wi-Fi).
   */
  HOTEL_REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** 'off' turns every rate limit off (benchmarks, load tests); never in production. */
  HOTEL_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * The longest gap between two checks of one e-mail's password once it is under attack
   * (8 s); a test shortens it so a burst of guesses queues in a second.
   */
  HOTEL_LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(32).max(60_000).default(8000),
  HOTEL_REQUEST_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(30),
  HOTEL_ROOM_REQUEST_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /** Messages a guest may send on one request, and from one address, per 10 minutes. */
  HOTEL_GUEST_MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  HOTEL_GUEST_MESSAGE_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Pairing tries (POST /api/Work/Pair) one address may make per 10 minutes. */
  HOTEL_PAIR_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Tests only: lets a phone subscribe with a push service at http://127.0.0.1 (a real push service is https). */
  HOTEL_PUSH_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /**
   * Push services besides the browsers' own (FCM, Mozilla, Apple, Windows) a phone may
   * subscribe with: host names or *.suffix, comma-separated. Each is still resolved and
   * refused when it points inside the network.
   */
  HOTEL_PUSH_ALLOWED_HOSTS: z
    .string()
    .max(2000)
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .refine((hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(h)), {
      message: 'must be host names or *.domain, comma-separated',
    }),
  /** Tests only: lets the single sign-on provider be http://127.0.0.1 (a real provider is https). */
  HOTEL_SSO_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /**
   * Outgoing webhooks to addresses inside the hotel's network (loopback, private, link-local)
   * and to plain http: refused unless the operator allows them (an in-house receiver, tests).
   */
  /**
   * apaleo's identity server (OAuth token) and API, without a trailing slash: the real ones
   * unless a test points them at a fake apaleo on loopback.
   */
  HOTEL_APALEO_IDENTITY_URL: apaleoUrl.default('https://identity.apaleo.com'),
  HOTEL_APALEO_API_URL: apaleoUrl.default('https://api.apaleo.com'),
  /** Reservation reads per hotel per minute that apaleo notifications may cause (anyone can post one); past it 429, apaleo retries. */
  HOTEL_APALEO_READS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  HOTEL_WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  HOTEL_WEBHOOK_ALLOW_HTTP: z.enum(['0', '1']).default('0'),
  /** How often each process looks for webhook deliveries due (ms); 0: never (tests run them). */
  HOTEL_WEBHOOK_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** How often each process publishes the live events another process committed and could not (it died first) (ms); 0: only at start. */
  HOTEL_EVENT_RELAY_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** How often each process looks for e-mails and pushes due (retries, and what a process that died left) (ms); 0: only when one is written. */
  HOTEL_OUTBOUND_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** 'flag': a request without a valid room-link signature is taken and marked "unverified room"; 'require': refused. */
  HOTEL_ROOM_LINKS: z.enum(['flag', 'require']).default('flag'),
  /** 'verified': a guest is e-mailed only for a request sent from the room's signed QR code; 'all': for any request. */
  HOTEL_GUEST_EMAIL: z.enum(['verified', 'all']).default('all'),
  /** Behind a reverse proxy: 'true', a hop count or a list of proxy addresses, so request.ip is the client's. */
  HOTEL_TRUST_PROXY: z.string().default('false'),
  /**
   * Open client connections in all (default: below the process's descriptor limit, with
   * room for the database and SMTP) and per client address (IPv6: per /64).
   */
  HOTEL_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  HOTEL_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** How long a client may take to send a request's headers before its connection is closed. */
  HOTEL_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** The most rows an export of a paged list reads (the admin app learns it from each list's answer). */
  HOTEL_EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_EXPORT_MAX_ROWS),
  /**
   * Where the staff lists stop counting (X-Total-Count-Capped past it): counting a year of
   * history reads every row of it, on every page view after a change.
   */
  HOTEL_LIST_COUNT_MAX: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_LIST_COUNT_MAX),
  /** Open event streams: per client address, per guest request, per staff user, and in all (one process). */
  HOTEL_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  HOTEL_STREAMS_PER_REQUEST: z.coerce.number().int().min(1).max(1000).default(5),
  HOTEL_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  HOTEL_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** The share (%) of HOTEL_STREAMS_TOTAL guests may hold; the rest stays for staff, whose alerts ride on them. */
  HOTEL_STREAMS_GUEST_SHARE: z.coerce.number().int().min(1).max(100).default(75),
  /** How long after a request was finished (its last change) its guest page still gets a live stream. */
  HOTEL_STREAMS_FINISHED_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** A stream that carried no event this long ends; the client reconnects. */
  HOTEL_STREAM_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How long a stream ticket (got with the Authorization header) may wait to be used. */
  HOTEL_STREAM_TICKET_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** How often each process looks for lines that passed a service-level target (ms); 0: never. */
  HOTEL_SLA_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /**
   * The length of one target minute in real ms: 60000 in production; a test or the
   * bench's simulated shift shortens it so a 10-minute target passes in a second.
   */
  HOTEL_SLA_MINUTE_MS: z.coerce.number().int().min(1).max(60_000).default(60_000),
  /**
   * How long a stop keeps answering calls that arrive on kept-alive connections (503, Connection: close)
   * before it closes them. Tests that start and stop hundreds of servers set 0.
   */
  HOTEL_CLOSE_GRACE_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /**
   * The hotels' time zone (IANA name) where a hotel has none of its own: e-mails give times
   * as the hotel's clocks show them, whatever zone the server runs in.
   */
  HOTEL_TIME_ZONE: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), { message: 'must be an IANA time zone name such as Asia/Riyadh' })
    .default('Asia/Riyadh'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /** PostgreSQL's connections (ignored on PGlite). */
  databasePool: DatabasePoolConfig;
  /** PGlite: the time bound of one query once the server runs (ms; 0: none); past it the call answers 503 and the worker thread is recycled. */
  pgliteQueryTimeoutMs: number;
  dataDir: string;
  adminEmail: string;
  adminPassword?: string;
  /** Where guests and e-mailed links reach the server, without a trailing slash. */
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else publicUrl is this machine's localhost). */
  publicUrlFromEnv: boolean;
  jwtSecret: string;
  demo: boolean;
  /** The demo's thirty days of requests (seeded only into a database without requests). */
  demoHistory: boolean;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Lifetime of an access token (default 15 minutes). */
  accessTokenTtlSeconds: number;
  /** A used refresh token or phone credential presented again within this many seconds, its successor unused: a lost answer, not theft. */
  refreshReuseGraceSeconds: number;
  rateLimitsEnabled: boolean;
  /** The server's ceiling on every API key's rate, whatever the key was created with. */
  apiKeyRateCeiling: { perSecond: number; perMinute: number };
  /** Pairing tries one address may make per 10 minutes. */
  pairRateLimit: number;
  /** Guest messages per request, and per address, per 10 minutes. */
  guestMessageRequestLimit: number;
  guestMessageAddressLimit: number;
  /** Tests only: push endpoints at http://127.0.0.1 are accepted. */
  pushLoopback: boolean;
  /** Push services a phone may subscribe with besides the browsers' own (host or *.suffix). */
  pushAllowedHosts: string[];
  /** Tests only: an http:// loopback identity provider is accepted. */
  ssoLoopback: boolean;
  /** apaleo (PMS): where its token endpoint and Booking API are. */
  apaleo: { identityUrl: string; apiUrl: string; readsPerMinute: number };
  /** Outgoing webhooks: which targets are allowed, how often deliveries are looked for. */
  webhooks: { allowPrivate: boolean; allowHttp: boolean; tickMs: number };
  /** The live-event outbox's relay: how often each process looks for rows left unpublished. */
  eventRelay: { tickMs: number };
  /** The outbound queue (e-mails and pushes): how often each process looks for rows due. */
  outbound: { tickMs: number };
  /** The longest gap between two password checks of one e-mail (see sign-in.rules loginDelayMs). */
  loginSlowdownMs: number;
  /** Fastify's trustProxy: off unless a reverse proxy is in front (else X-Forwarded-For could be forged). */
  trustProxy: boolean | number | string;
  /** Guest requests (AddRequest) per IP per 10 minutes; 0 turns the limit off. */
  requestRateLimit: number;
  /** Guest requests per room per 10 minutes, whatever the address; 0 turns the limit off. */
  roomRequestRateLimit: number;
  /** Whether AddRequest refuses a request without a valid room-link signature (else it flags it). */
  requireSignedRoomLinks: boolean;
  /** Caps and timeouts of client connections (http/connection-limits.ts, app.ts). */
  connections: {
    total: number;
    perAddress: number;
    /** Headers not all in by then: the connection is closed (Node's headersTimeout). */
    headersTimeoutMs: number;
    /** The whole request (headers and body) must be in by then (Node's requestTimeout). */
    requestTimeoutMs: number;
    /** An idle kept-alive connection between requests is closed after this. */
    keepAliveTimeoutMs: number;
    /** A connection on which no byte moved either way for this long is closed. */
    idleTimeoutMs: number;
  };
  /**
   * Whether the finished-request e-mail goes only to guests whose request came from the
   * room's signed QR code: anybody can type any address into an unsigned request, and the
   * hotel's own mail server would then write to it.
   */
  guestEmailVerifiedOnly: boolean;
  /** The most rows an export of a paged list reads; sent with every list as X-Export-Max-Rows. */
  exportMaxRows: number;
  /** The staff lists count matching rows up to this many, then say "more than" (X-Total-Count-Capped). */
  listCountMax: number;
  /** Caps on open event streams (sse.ts): beyond them a stream is refused with 429 or, for `total`, 503. */
  streams: {
    perAddress: number;
    perRequest: number;
    perUser: number;
    total: number;
    /** Guests' streams stop at this share (%) of `total`: the staff's reserve. */
    guestSharePercent: number;
    /** A finished request's page gets a stream for this long after its last change. */
    finishedRequestMs: number;
    idleMs: number;
    ticketTtlMs: number;
  };
  /** Service levels: the escalation scheduler's interval (0: off) and the length of a target minute. */
  sla: { tickMs: number; minuteMs: number };
  closeGraceMs: number;
  /** IANA time zone of the hotels that have none of their own. */
  hotelTimeZone: string;
  /** Folder of built clients to serve (renderer at /Admin, guest-web at /Request). */
  clientsDir: string;
}

export interface DatabasePoolConfig {
  /** Where LISTEN and the migrations connect: PostgreSQL itself (defaults to DATABASE_URL). */
  directUrl?: string;
  size: number;
  idleMs: number;
  waitMs: number;
  /** DATABASE_URL is a transaction pooler: a connection may change between two transactions. */
  transactionPooler: boolean;
  /** How often the LISTEN connection is proved alive, and how long it may take to answer before it is made again (ms). */
  listenCheckMs?: number;
}

export class ConfigError extends Error {}

/**
 * A hotel behind one NAT address still has room: a guest page holds one event stream
 * and a few kept-alive connections, and streams per address are capped at 50.
 */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 256;
/** Long enough for an upload over a slow phone connection. */
const REQUEST_TIMEOUT_MS = 120_000;
/** Above a browser's own keep-alive reuse window, below what holds descriptors for long. */
const KEEP_ALIVE_TIMEOUT_MS = 20_000;
/** Event streams send a heartbeat every 20 s, so only a dead connection stays silent this long. */
const IDLE_TIMEOUT_MS = 300_000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.HOTEL_ADMIN_PASSWORD && isEmailPassword(e.HOTEL_ADMIN_PASSWORD, e.HOTEL_ADMIN_EMAIL)) {
    throw new ConfigError('Invalid HOTEL_ADMIN_PASSWORD: may not be HOTEL_ADMIN_EMAIL or its part before the @');
  }
  const dataDir = path.resolve(e.HOTEL_DATA_DIR);
  const port = e.PORT;
  const trustProxy = parseTrustProxy(e.HOTEL_TRUST_PROXY);
  const maxConnections = e.HOTEL_MAX_CONNECTIONS ?? defaultMaxConnections();
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      directUrl: e.DATABASE_DIRECT_URL ?? e.DATABASE_URL,
      size: e.HOTEL_DB_POOL_SIZE,
      idleMs: e.HOTEL_DB_POOL_IDLE_MS,
      waitMs: e.HOTEL_DB_POOL_WAIT_MS,
      transactionPooler: e.HOTEL_DB_POOLER === 'transaction',
      listenCheckMs: e.HOTEL_DB_LISTEN_CHECK_MS,
    },
    pgliteQueryTimeoutMs: e.HOTEL_PGLITE_QUERY_TIMEOUT_MS,
    dataDir,
    adminEmail: e.HOTEL_ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.HOTEL_ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlFromEnv: e.PUBLIC_URL !== undefined,
    jwtSecret: e.HOTEL_JWT_SECRET ?? readOrCreateSecret(dataDir),
    demo: argv.includes('--demo') || e.HOTEL_DEMO === '1' || e.HOTEL_DEMO === 'true',
    demoHistory: e.HOTEL_DEMO_HISTORY !== '0' && e.HOTEL_DEMO_HISTORY !== 'false',
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.HOTEL_ACCESS_TOKEN_TTL,
    refreshReuseGraceSeconds: e.HOTEL_REFRESH_REUSE_GRACE_SECONDS,
    requestRateLimit: e.HOTEL_REQUEST_RATE_LIMIT,
    roomRequestRateLimit: e.HOTEL_ROOM_REQUEST_RATE_LIMIT,
    pairRateLimit: e.HOTEL_PAIR_RATE_LIMIT,
    guestMessageRequestLimit: e.HOTEL_GUEST_MESSAGE_RATE_LIMIT,
    guestMessageAddressLimit: e.HOTEL_GUEST_MESSAGE_ADDRESS_RATE_LIMIT,
    pushLoopback: e.HOTEL_PUSH_LOOPBACK === 'on',
    pushAllowedHosts: e.HOTEL_PUSH_ALLOWED_HOSTS,
    ssoLoopback: e.HOTEL_SSO_LOOPBACK === 'on',
    apaleo: { identityUrl: e.HOTEL_APALEO_IDENTITY_URL.replace(/\/+$/, ''), apiUrl: e.HOTEL_APALEO_API_URL.replace(/\/+$/, ''), readsPerMinute: e.HOTEL_APALEO_READS_PER_MINUTE },
    webhooks: { allowPrivate: e.HOTEL_WEBHOOK_ALLOW_PRIVATE === '1', allowHttp: e.HOTEL_WEBHOOK_ALLOW_HTTP === '1', tickMs: e.HOTEL_WEBHOOK_TICK_MS },
    eventRelay: { tickMs: e.HOTEL_EVENT_RELAY_TICK_MS },
    outbound: { tickMs: e.HOTEL_OUTBOUND_TICK_MS },
    requireSignedRoomLinks: e.HOTEL_ROOM_LINKS === 'require',
    guestEmailVerifiedOnly: e.HOTEL_GUEST_EMAIL === 'verified',
    rateLimitsEnabled: e.HOTEL_RATE_LIMITS === 'on',
    apiKeyRateCeiling: { perSecond: e.HOTEL_API_KEY_MAX_PER_SECOND, perMinute: e.HOTEL_API_KEY_MAX_PER_MINUTE },
    loginSlowdownMs: e.HOTEL_LOGIN_SLOWDOWN_MS,
    trustProxy,
    connections: {
      total: maxConnections,
      // Behind a proxy every connection comes from the proxy: its own limits apply there.
      perAddress: e.HOTEL_MAX_CONNECTIONS_PER_ADDRESS ?? (trustProxy ? maxConnections : Math.min(DEFAULT_CONNECTIONS_PER_ADDRESS, maxConnections)),
      headersTimeoutMs: e.HOTEL_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
    },
    exportMaxRows: e.HOTEL_EXPORT_MAX_ROWS,
    listCountMax: e.HOTEL_LIST_COUNT_MAX,
    streams: {
      perAddress: e.HOTEL_STREAMS_PER_ADDRESS,
      perRequest: e.HOTEL_STREAMS_PER_REQUEST,
      perUser: e.HOTEL_STREAMS_PER_USER,
      total: e.HOTEL_STREAMS_TOTAL,
      guestSharePercent: e.HOTEL_STREAMS_GUEST_SHARE,
      finishedRequestMs: e.HOTEL_STREAMS_FINISHED_HOURS * 3_600_000,
      idleMs: e.HOTEL_STREAM_IDLE_SECONDS * 1000,
      ticketTtlMs: e.HOTEL_STREAM_TICKET_SECONDS * 1000,
    },
    sla: { tickMs: e.HOTEL_SLA_TICK_MS, minuteMs: e.HOTEL_SLA_MINUTE_MS },
    closeGraceMs: e.HOTEL_CLOSE_GRACE_MS,
    hotelTimeZone: e.HOTEL_TIME_ZONE,
    clientsDir: path.resolve(import.meta.dirname, SERVER_BUNDLE ? '../dist' : '../../dist'),
  };
}

/** A secret generated on first start and kept in the data folder (mode 600). */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Whether Intl knows `zone` as a time zone (an IANA name such as Asia/Riyadh). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
