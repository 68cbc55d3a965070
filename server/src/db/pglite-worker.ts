import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * PGlite in a worker thread. PGlite runs Postgres in WebAssembly on whatever thread
 * calls it: on the server's own thread, one long list read held every other call
 * (health, logins, guests' submits) until it ended. Here the server's thread only posts
 * messages, and the worker answers them one at a time, as PGlite itself would.
 *
 * The client implements what Drizzle's PGlite driver calls: `query(text, params,
 * options)` and `transaction(fn)`. PGlite's `worker` entry is for browsers (it needs
 * navigator.locks and BroadcastChannel), hence this small wrapper.
 *
 * The worker's code is plain JavaScript run with `eval`: the server runs both from
 * TypeScript (tsx) and from its bundle, and a file beside this one would not follow it
 * into dist-server/. It loads PGlite from node_modules, as the server does.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
const { pg_trgm } = require(workerData.pgTrgm);
const transactions = new Map();
let nextTransaction = 1;
let ready;
const fail = (error) => {
  const copy = { message: String(error && error.message ? error.message : error) };
  for (const key of Object.keys(error || {})) {
    const value = error[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) copy[key] = value;
  }
  return copy;
};
const options = (m) => {
  const parsers = {};
  for (const type of m.identityTypes || []) parsers[type] = (value) => value;
  return { rowMode: m.rowMode, parsers };
};
const run = async (m) => {
  const db = await ready;
  switch (m.op) {
    case 'query': {
      const target = m.tx ? transactions.get(m.tx).client : db;
      const { rows, fields, affectedRows } = await target.query(m.text, m.params, options(m));
      return { rows, fields, affectedRows };
    }
    case 'begin': {
      // PGlite runs the callback inside BEGIN … COMMIT: it waits here until 'end' settles it.
      const id = nextTransaction++;
      const entry = {};
      const begun = new Promise((started) => {
        entry.done = db.transaction((client) => new Promise((commit, rollback) => {
          Object.assign(entry, { client, commit, rollback });
          started();
        }));
      });
      entry.done.catch(() => undefined);
      transactions.set(id, entry);
      await Promise.race([begun, entry.done]);
      return id;
    }
    case 'end': {
      const entry = transactions.get(m.tx);
      transactions.delete(m.tx);
      if (m.commit) entry.commit();
      else entry.rollback(new Error('rolled back'));
      try {
        await entry.done;
      } catch (error) {
        if (m.commit) throw error;
      }
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
};
ready = PGlite.create(workerData.dir, { extensions: { pg_trgm }, startParams: workerData.startParams });
parentPort.on('message', (m) => {
  run(m).then(
    (result) => parentPort.postMessage({ id: m.id, ok: true, result }),
    (error) => parentPort.postMessage({ id: m.id, ok: false, error: fail(error) }),
  );
});
ready.then(
  () => parentPort.postMessage({ id: 0, ok: true, result: null }),
  (error) => parentPort.postMessage({ id: 0, ok: false, error: fail(error) }),
);
`;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's parsers leave the given types as text (dates, intervals…): the worker does the same. */
  parsers?: Record<number, unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface WorkerClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  transaction<T>(fn: (tx: WorkerClient) => Promise<T>): Promise<T>;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/**
 * A call PGlite could not answer because its worker thread is gone (it died, or it was
 * ended because a query ran past its time bound) or is being started again: the call
 * answers 503 and may be retried. The SQLSTATE is PostgreSQL's "cannot connect now"
 * (57P03, a database starting up), so whatever treats an unreachable database
 * (isDatabaseUnavailable: 503, a background job's warning) treats this the same.
 */
export class PgliteUnavailableError extends Error {
  readonly code = '57P03';
  constructor(
    message: string,
    /** `restarting`: the thread ended or is starting; `timeout`: this call ran past the time bound. */
    readonly reason: 'restarting' | 'timeout',
  ) {
    super(message);
    this.name = 'PgliteUnavailableError';
  }
}

/** Why PGlite could not answer, if that is the error (looked for through the causes: Drizzle wraps it). */
export function pgliteUnavailableReason(error: unknown): PgliteUnavailableError['reason'] | undefined {
  for (let e = error as { cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof PgliteUnavailableError) return e.reason;
  }
  return undefined;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/** One worker thread with PGlite open in it. A thread that ends is not started again here (pglite-supervisor.ts does). */
export class PgliteWorker implements WorkerClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private exitError?: Error;
  private closing = false;
  /**
   * The longest a call may wait for its answer (ms; 0: no bound). Past it the call fails with
   * PgliteUnavailableError('timeout') and the thread is ended: one stuck query would otherwise
   * hold every later call, since PGlite answers one at a time.
   */
  queryTimeoutMs = 0;
  /** Told once when the thread ends other than by close(): it died, or a call ran past the bound. */
  onEnded?: (error: Error) => void;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      clearTimeout(call.timer);
      if (reply.ok) call.resolve(reply.result);
      // The database's error as PGlite gave it (code, constraint, detail…), for the callers that read them.
      else call.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    const failAll = (error: Error) => {
      this.exitError ??= error;
      for (const call of this.pending.values()) {
        clearTimeout(call.timer);
        call.reject(this.exitError);
      }
      this.pending.clear();
    };
    // An uncaught error in the thread: 'exit' follows.
    worker.on('error', (error) => failAll(new PgliteUnavailableError(`the PGlite worker thread failed: ${error.message}`, 'restarting')));
    worker.on('exit', (code) => {
      failAll(new PgliteUnavailableError(`the PGlite worker thread ended (exit code ${code})`, 'restarting'));
      if (!this.closing) this.onEnded?.(this.exitError!);
    });
  }

  /** Opens the PGlite folder `dir` in a new worker thread; resolves once it is ready. */
  static async open(dir: string, startParams: string[]): Promise<PgliteWorker> {
    const require = createRequire(import.meta.url);
    const workerData = {
      dir,
      startParams,
      pglite: require.resolve('@electric-sql/pglite'),
      pgTrgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    };
    const client = new PgliteWorker(new Worker(WORKER_SOURCE, { eval: true, workerData }));
    try {
      await client.call(0, undefined);
    } catch (error) {
      await client.worker.terminate();
      throw error;
    }
    return client;
  }

  /** Waits for the reply `id` (0: the worker's start), after posting `message` if given. */
  private call(id: number, message: Record<string, unknown> | undefined): Promise<unknown> {
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => {
      const call: Pending = { resolve, reject };
      // The start (id 0) is not bounded: a large folder's recovery may take a while.
      if (id !== 0 && this.queryTimeoutMs > 0) call.timer = setTimeout(() => this.timedOut(id), this.queryTimeoutMs).unref();
      this.pending.set(id, call);
      if (message) this.worker.postMessage({ ...message, id });
    });
  }

  /** A call ran past the bound: it fails, and so does the thread (every other call in it fails as unavailable). */
  private timedOut(id: number): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    call.reject(new PgliteUnavailableError(`a PGlite query took longer than ${this.queryTimeoutMs} ms: the worker thread is ended and started again`, 'timeout'));
    this.exitError ??= new PgliteUnavailableError(`the PGlite worker thread was ended: a query took longer than ${this.queryTimeoutMs} ms`, 'restarting');
    void this.worker.terminate();
  }

  /** Ends the thread as a crash would (the supervisor then starts another): for the tests only. */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  private send(message: Record<string, unknown>): Promise<unknown> {
    return this.call(this.nextId++, message);
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<QueryResult> {
    const identityTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.send({ op: 'query', text, params, rowMode: options.rowMode, identityTypes, tx }) as Promise<QueryResult>;
  }

  async transaction<T>(fn: (tx: WorkerClient) => Promise<T>): Promise<T> {
    const id = (await this.send({ op: 'begin' })) as number;
    const tx: WorkerClient = {
      query: (text, params, options) => this.query(text, params, options, id),
      // Drizzle makes nested transactions savepoints on the same client; PGlite does the same.
      transaction: (inner) => inner(tx),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.send({ op: 'end', tx: id, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (!this.exitError) await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
