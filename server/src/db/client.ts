import { execFile } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabasePoolConfig } from '../config';
import { lockDataDir } from './data-lock';
import { type MigrationLog, runMigrations } from './migrate';
import { type PgliteLog, PgliteSupervisor } from './pglite-supervisor';
import { applyRoutines } from './routines';
import * as schema from './schema';
import { statementLog } from './statement-log';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Whether a named prepared statement may be kept on a connection for later calls.
   * Not behind a transaction pooler: the next transaction may run on another connection.
   */
  namedStatements: boolean;
  /**
   * Publish a message to every server process on this database (NOTIFY, or in process on PGlite).
   * Given a transaction, PostgreSQL sends it when that transaction commits, and on its connection:
   * no second connection is needed while the transaction holds one (a pooler's few may all be held).
   */
  notify(channel: string, payload: string, tx?: Tx): Promise<void>;
  /**
   * Receive the messages of a channel; returns the function that stops listening.
   * `onResume` runs each time listening resumes after the connection was lost:
   * messages sent meanwhile were missed, so whoever relies on them must re-read.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: its worker thread, started again when it ends (pglite-supervisor.ts). */
  pglite?: PgliteSupervisor;
  close(): Promise<void>;
}

/** The rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }` through Drizzle. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** One round trip to the database: it answers, or this throws (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** SQLSTATEs of a database that is down, restarting or out of connections: the call may succeed later. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
/** Socket errors on the way to the database. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres (and pg-pool) errors without a code. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection timeout)/i;

/**
 * Whether an error means the database cannot be reached now (restart, outage, no free
 * connection) rather than that the call was wrong: such a call answers 503 and can be
 * retried. Looks through the causes (Drizzle wraps the driver's error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_SOCKET.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    // A refused connection to a host with several addresses is an AggregateError.
    e = (Array.isArray(e.errors) ? e.errors[0] : e.cause) as typeof e;
  }
  return false;
}

const MIGRATIONS = path.resolve(import.meta.dirname, 'migrations');

/** The extensions the migrations create (list search uses pg_trgm); every PGlite open must load them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * How every PGlite open runs Postgres. PGlite's defaults size it like a shared server
 * (shared_buffers 128 MB), and WebAssembly memory, once touched, stays with the
 * process for good. One hotel's data needs far less cache: pages beyond it are read
 * from the operating system's file cache. Measured in bench/memory.ts (docs/benchmarks.md).
 */
export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/** How often the LISTEN connection is proved alive, and how long it may take to answer (ms). */
const DEFAULT_LISTEN_CHECK_MS = 5_000;

/**
 * Ends a client's connection at once, answered or not: `end()` waits for the other side,
 * which a dead connection never does. Its 'end' event follows.
 */
function cut(client: pg.Client): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

/** The pool's settings when none are given (config.ts's defaults). */
const DEFAULT_POOL: DatabasePoolConfig = { size: 10, idleMs: 10_000, waitMs: 5_000, transactionPooler: false };

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  databasePool?: DatabasePoolConfig;
  /** PGlite: the longest a query may take once the server runs (ms; 0 or none: no bound); past it the call answers 503 and the worker thread is started again. */
  pgliteQueryTimeoutMs?: number;
  /** PGlite: its worker thread ended and could not be started again (main.ts exits non-zero). */
  onDatabaseLost?: (error: Error) => void;
}

/**
 * Opens the database and migrates it; `log` hears of an upgrade and each migration (db/migrate.ts)
 * and, on PGlite, of its worker thread ending and starting again.
 */
export async function openDatabase(options: OpenOptions, log?: PgliteLog): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.databasePool ?? DEFAULT_POOL, log) : openPglite(options, log);
}

async function openPglite(options: OpenOptions, log?: PgliteLog): Promise<Database> {
  const { dataDir } = options;
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Held by this process until close, whatever happens to the worker thread meanwhile.
  const unlock = await lockDataDir(dataDir);
  let client: PgliteSupervisor;
  try {
    await createPgliteCluster(dir);
    // Off the server's thread: a long query must not hold every other call (pglite-worker.ts).
    client = await PgliteSupervisor.open(dir, PGLITE_OPTIONS.startParams, { log, onLost: options.onDatabaseLost });
  } catch (error) {
    unlock();
    throw error;
  }
  // The worker's client answers the two calls Drizzle's PGlite driver makes (query, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  try {
    await runMigrations(client, (work) => client.transaction(work), MIGRATIONS, log);
    await applyRoutines(client);
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  // Only now: an upgrade's migrations may take minutes, and nothing else waits for them.
  client.queryTimeoutMs = options.pgliteQueryTimeoutMs ?? 0;
  // One process owns a PGlite folder, so an in-process bus is the whole fan-out.
  const bus = new EventEmitter().setMaxListeners(0);
  return {
    db,
    kind: 'pglite',
    namedStatements: true,
    pglite: client,
    async notify(channel, payload) {
      bus.emit(channel, payload);
    },
    async listen(channel, onMessage) {
      bus.on(channel, onMessage);
      return async () => void bus.off(channel, onMessage);
    },
    async close() {
      bus.removeAllListeners();
      await client.close();
      unlock();
    },
  };
}

/**
 * Makes the Postgres cluster of an empty PGlite folder (initdb) in a child process.
 * PGlite's initdb runs a second Postgres beside the first; in this process its
 * memory (~200 MB, measured in bench/memory.ts) would stay for the process's whole
 * life, even in a worker thread. A child process gives all of it back when it ends.
 */
async function createPgliteCluster(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const script = 'require(process.argv[1]).PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }).then((db) => db.close())';
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  try {
    await promisify(execFile)(process.execPath, ['-e', script, pglite, dir, JSON.stringify(PGLITE_OPTIONS.startParams)]);
  } catch (error) {
    throw new Error(`PGlite could not create its database in ${dir}: ${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
  }
}

/**
 * The list search's trigram index takes words by the database's character type: under
 * C or POSIX an Arabic word has no trigrams, and a search for it reads every row. The
 * server still runs; the log says how to make the database (README, "A chain on PostgreSQL").
 */
async function warnOfCharacterType(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ ctype: string }>('select datctype as ctype from pg_database where datname = current_database()');
  const ctype = rows[0]?.ctype ?? '';
  if (ctype === 'C' || ctype === 'POSIX') {
    process.emitWarning(`the database's character type is ${ctype}: Arabic words get no search index, so Arabic searches read every row. Create the database with a UTF-8 character type (LC_CTYPE 'C.UTF-8').`, { code: 'HOTEL_DB_CTYPE' });
  }
}

/** PostgreSQL refused a new connection because it has max_connections already. */
function isTooManyClients(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === '53300';
}

/**
 * A pool whose callers wait for a connection rather than fail when PostgreSQL is out of
 * them ("too many clients", 53300): several processes of a chain share max_connections,
 * and another process's idle connections close within its idle time. The wait is bounded
 * by the same limit as a wait in this pool's own queue; past it the call answers 503.
 */
class WaitingPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly waitMs: number,
  ) {
    super(config);
  }

  // pg-pool's query() takes a connection through the callback form: both forms wait.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const connected = this.connectWaiting();
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async connectWaiting(): Promise<pg.PoolClient> {
    const deadline = performance.now() + this.waitMs;
    for (let delayMs = 20; ; delayMs = Math.min(delayMs * 2, 500)) {
      try {
        return await super.connect();
      } catch (error) {
        // Jittered, so the waiting calls of several processes do not all retry together.
        const pause = delayMs * (0.5 + Math.random());
        if (!isTooManyClients(error) || this.ending || performance.now() + pause > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}

async function openPostgres(url: string, settings: DatabasePoolConfig, log?: MigrationLog): Promise<Database> {
  // A call waits at most waitMs for a connection, then answers 503 (see isDatabaseUnavailable).
  const pool = new WaitingPool({ connectionString: url, max: settings.size, idleTimeoutMillis: settings.idleMs, connectionTimeoutMillis: settings.waitMs }, settings.waitMs);
  // LISTEN and session advisory locks need one session for their whole life: behind a
  // transaction pooler they go to PostgreSQL itself.
  const directUrl = settings.directUrl ?? url;
  // No lost connection may crash the process. The pool listens on idle clients only;
  // a client checked out (inside a transaction, between two queries) that receives
  // "terminating connection" (57P01, a PostgreSQL restart) emits 'error' with no
  // listener. Each client gets its own listener for its whole life: the query in
  // flight still fails (and the call answers 503), and the pool drops the broken
  // client on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema, logger: statementLog() }) as unknown as Db;
  await migrateWithLock(directUrl, log);
  await warnOfCharacterType(pool);

  // One dedicated connection holds every LISTEN of this process. If it drops (a
  // PostgreSQL restart, a network blip, or silence: see checkListener), it is made
  // again with back-off and every channel is listened to again, so live events resume
  // by themselves; the resume handlers then learn that what was sent meanwhile is lost.
  // They run only once every LISTEN is issued again: a message sent before that reached
  // nobody here, one sent after it arrives. The back-off stops at 2 s: screens should
  // not stay stale long after the database is back.
  let listener: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resumeHandlers = new Set<() => void>();
  const reconnect = () =>
    connectListener().then(
      (c) => {
        if (closed) return void c.end().catch(() => undefined);
        listener = c;
        retryMs = 250;
        resumeHandlers.forEach((h) => h());
      },
      () => {
        retryMs = Math.min(retryMs * 2, 2000);
        if (!closed) setTimeout(reconnect, retryMs).unref();
      },
    );
  // A connection can also die without a word (a firewall dropping it, a frozen host):
  // no 'end' comes, and no notification either. So the connect and every query on it
  // are bounded by listenCheckMs, and one round trip each listenCheckMs proves it alive
  // (re-issuing a LISTEN changes nothing). One unanswered is cut, and its 'end' makes it
  // again: the resume handlers then run as after any loss.
  const checkMs = settings.listenCheckMs ?? DEFAULT_LISTEN_CHECK_MS;
  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: directUrl, connectionTimeoutMillis: checkMs, query_timeout: checkMs });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (closed || listener !== client) return;
      listener = undefined;
      setTimeout(reconnect, retryMs).unref();
    });
    client.on('notification', (msg) => {
      if (msg.payload !== undefined) handlers.get(msg.channel)?.forEach((h) => h(msg.payload as string));
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // Not kept half made (PostgreSQL stopping again, a LISTEN unanswered).
      cut(client);
      throw error;
    }
    return client;
  };
  let checking = false;
  const checkListener = async () => {
    const client = listener;
    const channel = handlers.keys().next().value;
    if (!client || channel === undefined || checking) return;
    checking = true;
    try {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      if (listener === client) cut(client);
    } finally {
      checking = false;
    }
  };
  const checks = setInterval(() => void checkListener(), checkMs).unref();

  return {
    db,
    kind: 'postgres',
    namedStatements: !settings.transactionPooler,
    async notify(channel, payload, tx) {
      if (tx) {
        await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
        return;
      }
      // Straight to the pool: Drizzle's building adds nothing here.
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage, onResume) {
      listener ??= await connectListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onMessage);
      if (onResume) resumeHandlers.add(onResume);
      return async () => {
        set.delete(onMessage);
        if (onResume) resumeHandlers.delete(onResume);
      };
    },
    async close() {
      closed = true;
      clearInterval(checks);
      handlers.clear();
      resumeHandlers.clear();
      // A dead connection never answers end(): then it is cut.
      const last = listener;
      if (last) {
        const cutting = setTimeout(() => cut(last), checkMs);
        await last.end().catch(() => undefined);
        clearTimeout(cutting);
      }
      await pool.end();
    },
  };
}

/**
 * Several processes may start at once on one PostgreSQL: one migrates, the others wait.
 * The lock belongs to a session, so this runs on its own direct connection (a transaction
 * pooler could hand the unlock to another session, leaving the lock held for good).
 */
async function migrateWithLock(directUrl: string, log?: MigrationLog): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await runMigrations(
      client,
      async (work) => {
        await client.query('begin');
        try {
          await work(client);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      },
      MIGRATIONS,
      log,
    );
    await applyRoutines(client);
  } finally {
    // Ending the session releases its lock as well.
    await client.end().catch(() => undefined);
  }
}
