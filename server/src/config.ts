import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@shared';
import { isCommonPassword } from './security/password-policy';

// Defined by scripts/build-server.mjs: the bundle runs from dist-server/ (one folder below
// the root), the sources from server/src/ (two).
declare const __SERVER_BUNDLE__: boolean | undefined;
const SERVER_BUNDLE = typeof __SERVER_BUNDLE__ !== 'undefined' && __SERVER_BUNDLE__;

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
  HOTEL_ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(900),
  /** 'off' turns every rate limit off (benchmarks, load tests); never in production. */
  HOTEL_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  HOTEL_REQUEST_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(30),
  HOTEL_ROOM_REQUEST_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /** 'flag': a request without a valid room-link signature is taken and marked "unverified room"; 'require': refused. */
  HOTEL_ROOM_LINKS: z.enum(['flag', 'require']).default('flag'),
  /** 'verified': a guest is e-mailed only for a request sent from the room's signed QR code; 'all': for any request. */
  HOTEL_GUEST_EMAIL: z.enum(['verified', 'all']).default('all'),
  /** Behind a reverse proxy: 'true', a hop count or a list of proxy addresses, so request.ip is the client's. */
  HOTEL_TRUST_PROXY: z.string().default('false'),
  /** Open event streams: per client address, per guest request, per staff user, and in all (one process). */
  HOTEL_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  HOTEL_STREAMS_PER_REQUEST: z.coerce.number().int().min(1).max(1000).default(5),
  HOTEL_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  HOTEL_STREAMS_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /** A stream that carried no event this long ends; the client reconnects. */
  HOTEL_STREAM_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How long a stream ticket (got with the Authorization header) may wait to be used. */
  HOTEL_STREAM_TICKET_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  /** How often each process looks for lines that passed a service-level target (ms); 0: never (issue 14). */
  HOTEL_SLA_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /**
   * The length of one target minute in real ms: 60000 in production; a test or the
   * bench's simulated shift shortens it so a 10-minute target passes in a second.
   */
  HOTEL_SLA_MINUTE_MS: z.coerce.number().int().min(1).max(60_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminEmail: string;
  adminPassword?: string;
  /** Where guests and e-mailed links reach the server, without a trailing slash. */
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else publicUrl is this machine's localhost). */
  publicUrlFromEnv: boolean;
  jwtSecret: string;
  demo: boolean;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Lifetime of an access token (default 15 minutes). */
  accessTokenTtlSeconds: number;
  rateLimitsEnabled: boolean;
  /** Fastify's trustProxy: off unless a reverse proxy is in front (else X-Forwarded-For could be forged). */
  trustProxy: boolean | number | string;
  /** Guest requests (AddRequest) per IP per 10 minutes; 0 turns the limit off. */
  requestRateLimit: number;
  /** Guest requests per room per 10 minutes, whatever the address; 0 turns the limit off. */
  roomRequestRateLimit: number;
  /** Whether AddRequest refuses a request without a valid room-link signature (else it flags it). */
  requireSignedRoomLinks: boolean;
  /**
   * Whether the finished-request e-mail goes only to guests whose request came from the
   * room's signed QR code: anybody can type any address into an unsigned request, and the
   * hotel's own mail server would then write to it.
   */
  guestEmailVerifiedOnly: boolean;
  /** Caps on open event streams (sse.ts): beyond them a stream is refused with 429 or, for `total`, 503. */
  streams: { perAddress: number; perRequest: number; perUser: number; total: number; idleMs: number; ticketTtlMs: number };
  /** Service levels (issue 14): the escalation scheduler's interval (0: off) and the length of a target minute. */
  sla: { tickMs: number; minuteMs: number };
  /** Folder of built clients to serve (renderer at /Admin, guest-web at /Request). */
  clientsDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.HOTEL_DATA_DIR);
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    adminEmail: e.HOTEL_ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.HOTEL_ADMIN_PASSWORD,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    publicUrlFromEnv: e.PUBLIC_URL !== undefined,
    jwtSecret: e.HOTEL_JWT_SECRET ?? readOrCreateSecret(dataDir),
    demo: argv.includes('--demo') || e.HOTEL_DEMO === '1' || e.HOTEL_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.HOTEL_ACCESS_TOKEN_TTL,
    requestRateLimit: e.HOTEL_REQUEST_RATE_LIMIT,
    roomRequestRateLimit: e.HOTEL_ROOM_REQUEST_RATE_LIMIT,
    requireSignedRoomLinks: e.HOTEL_ROOM_LINKS === 'require',
    guestEmailVerifiedOnly: e.HOTEL_GUEST_EMAIL === 'verified',
    rateLimitsEnabled: e.HOTEL_RATE_LIMITS === 'on',
    trustProxy: parseTrustProxy(e.HOTEL_TRUST_PROXY),
    streams: {
      perAddress: e.HOTEL_STREAMS_PER_ADDRESS,
      perRequest: e.HOTEL_STREAMS_PER_REQUEST,
      perUser: e.HOTEL_STREAMS_PER_USER,
      total: e.HOTEL_STREAMS_TOTAL,
      idleMs: e.HOTEL_STREAM_IDLE_SECONDS * 1000,
      ticketTtlMs: e.HOTEL_STREAM_TICKET_SECONDS * 1000,
    },
    sla: { tickMs: e.HOTEL_SLA_TICK_MS, minuteMs: e.HOTEL_SLA_MINUTE_MS },
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
