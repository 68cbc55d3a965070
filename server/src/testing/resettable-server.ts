import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SteerableClock, testClockFromEnv } from '../clock';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { BuildOptions } from '../app';
import { type RunningServer, startServer } from '../server';
import { OVERRIDABLE } from './overridable';

/**
 * Browser tests only (NODE_ENV=test and HOTEL_TEST_RESET=1): one server process a Playwright worker keeps for
 * the whole run, put back between spec files to the data it started with, instead of a process, a data folder
 * and a seed per spec (≈ 2 CPU-seconds each on a 2-core machine).
 *
 * A reset (POST /reset on the control port, loopback only) stops the app instance that served the last spec,
 * puts every table back as it was when this process first became ready (a copy kept in the schema
 * `hotel_test_snapshot`), and starts a new app instance on the same port with the database still open: every
 * per-process cache, clock, rate limit and stream belongs to an instance (its AppContext), so nothing of the
 * last spec is left. A spec may ask for a few settings of its own (OVERRIDABLE); any other is refused (400).
 */

const SNAPSHOT = 'hotel_test_snapshot';
/** The longest a reset's body may be: a handful of settings. */
const MAX_BODY = 4_096;

/** A database an app instance uses but does not own: its close ends the instance's listening, not the database. */
function borrowed(database: Database): Database {
  const listening = new Set<() => Promise<void>>();
  return {
    ...database,
    async listen(channel, onMessage, onResume) {
      const stop = await database.listen(channel, onMessage, onResume);
      const once = async () => {
        listening.delete(once);
        await stop();
      };
      listening.add(once);
      return once;
    },
    async close() {
      await Promise.all([...listening].map((stop) => stop()));
    },
  };
}

/** Quotes an identifier that came from the catalog (table, column and sequence names are the schema's own). */
const id = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface Catalog {
  tables: { name: string; columns: string[] }[];
  sequences: { name: string; value: string | null }[];
}

async function readCatalog(database: Database): Promise<Catalog> {
  const client = database.pglite!;
  const columns = await client.query(
    `select c.table_name, string_agg(c.column_name, ',' order by c.ordinal_position) as columns
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`,
  );
  const sequences = await client.query(`select sequencename, last_value::text as value from pg_sequences where schemaname = 'public'`);
  return {
    tables: (columns.rows as { table_name: string; columns: string }[]).map((r) => ({ name: r.table_name, columns: r.columns.split(',') })),
    sequences: (sequences.rows as { sequencename: string; value: string | null }[]).map((r) => ({ name: r.sequencename, value: r.value })),
  };
}

/** Keeps a copy of every table and the sequences' values; answers the one statement that puts them back. */
async function takeSnapshot(database: Database): Promise<string> {
  const catalog = await readCatalog(database);
  const copies = catalog.tables.map((t) => `create table ${SNAPSHOT}.${id(t.name)} as table public.${id(t.name)};`).join('\n');
  await database.pglite!.query(`do $snapshot$ begin
    drop schema if exists ${SNAPSHOT} cascade;
    create schema ${SNAPSHOT};
    ${copies}
  end $snapshot$`);
  const all = catalog.tables.map((t) => `public.${id(t.name)}`).join(', ');
  const refills = catalog.tables.map((t) => {
    const cols = t.columns.map(id).join(', ');
    return `insert into public.${id(t.name)} (${cols}) overriding system value select ${cols} from ${SNAPSHOT}.${id(t.name)};`;
  });
  const counters = catalog.sequences.map((s) =>
    s.value === null ? `perform setval('public.${id(s.name)}', 1, false);` : `perform setval('public.${id(s.name)}', ${Number(s.value)}, true);`,
  );
  // Triggers off for the refill (session_replication_role): the rows are put back, not written anew.
  return `do $reset$ begin
    perform set_config('session_replication_role', 'replica', true);
    truncate ${all};
    ${refills.join('\n')}
    ${counters.join('\n')}
  end $reset$`;
}

/** The settings of the next instance: the process's own, with the spec's allowed ones on top. */
export function settingsFor(base: NodeJS.ProcessEnv, overrides: unknown): NodeJS.ProcessEnv | string {
  if (overrides === null || typeof overrides !== 'object' || Array.isArray(overrides)) return 'env must be an object of settings';
  const entries = Object.entries(overrides as Record<string, unknown>);
  const refused = entries.filter(([key, value]) => !OVERRIDABLE.has(key) || typeof value !== 'string').map(([key]) => key);
  if (refused.length) return `not a setting a reset may change: ${refused.join(', ')} (a spec that needs it starts a server of its own)`;
  return { ...base, ...(overrides as Record<string, string>) };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

/**
 * Starts the first instance as `startServer` would (migrations, first admin, demo seed), then the control port.
 * Answers what main.ts uses of a RunningServer; `app` and `url` are the current instance's.
 */
export async function startResettableServer(env: NodeJS.ProcessEnv, config: Config, options: BuildOptions): Promise<RunningServer> {
  if (env.NODE_ENV !== 'test' || config.databaseUrl) throw new Error('HOTEL_TEST_RESET is for browser tests only: NODE_ENV=test on PGlite');
  const database = await openDatabase({ ...config, onDatabaseLost: options.onDatabaseLost });
  let current = await startServer(config, { ...options, database: borrowed(database) });
  // The port every later instance listens on: a spec's pages keep the address they were given.
  const port = Number(new URL(current.url).port);
  const restore = await takeSnapshot(database);

  const reset = async (overrides: unknown): Promise<{ status: number; body: object }> => {
    const settings = settingsFor(env, overrides);
    if (typeof settings === 'string') return { status: 400, body: { message: settings } };
    const started = Date.now();
    await current.close();
    const closed = Date.now();
    await database.pglite!.query(restore);
    const restored = Date.now();
    const next = loadConfig({ ...settings, PORT: String(port) });
    const clock: SteerableClock | undefined = testClockFromEnv(settings);
    current = await startServer(next, { ...options, clock, database: borrowed(database) });
    // Where a reset's time went, for a run's report (tests/e2e/support/server.ts prints a slow one).
    const ms = { close: closed - started, restore: restored - closed, start: Date.now() - restored };
    return { status: 200, body: { url: current.url, ms } };
  };

  let queue: Promise<unknown> = Promise.resolve();
  const control = createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/reset') return void answer(404, { message: 'POST /reset only' });
    // One reset at a time: a second waits for the first (a worker runs one spec at a time anyway).
    queue = queue.then(async () => {
      try {
        const body = await readBody(request);
        let parsed: { env?: unknown } = {};
        if (body) parsed = JSON.parse(body) as { env?: unknown };
        const { status, body: out } = await reset(parsed.env ?? {});
        answer(status, out);
      } catch (error) {
        if (error instanceof SyntaxError) return answer(400, { message: 'the body is not JSON' });
        current.app.log.error({ err: error }, 'test reset failed');
        answer(500, { message: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => control.listen(Number(env.HOTEL_TEST_CONTROL_PORT ?? 0), '127.0.0.1', resolve));
  // The Playwright worker that started this process stops it as it exits; one killed outright cannot, and
  // its server must not outlive the run: it ends when its parent is gone (re-parented, ppid changes).
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && process.kill(process.pid, 'SIGTERM'), 1_000).unref();
  current.app.log.warn(`test control at http://127.0.0.1:${(control.address() as AddressInfo).port} (POST /reset puts the data back and starts a new app instance)`);

  return {
    get app() {
      return current.app;
    },
    get url() {
      return current.url;
    },
    generatedPassword: current.generatedPassword,
    adminNeverSignedIn: current.adminNeverSignedIn,
    get escalations() {
      return current.escalations;
    },
    get routing() {
      return current.routing;
    },
    get webhooks() {
      return current.webhooks;
    },
    get liveOutbox() {
      return current.liveOutbox;
    },
    get outbound() {
      return current.outbound;
    },
    async close() {
      control.close();
      await queue.catch(() => undefined);
      await current.close();
      await database.close();
    },
  };
}
