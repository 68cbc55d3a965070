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

export class PgliteWorker implements WorkerClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private exitError?: Error;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.result);
      // The database's error as PGlite gave it (code, constraint, detail…), for the callers that read them.
      else call.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    const failAll = (error: Error) => {
      this.exitError = error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the PGlite worker ended (exit code ${code})`)));
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
      this.pending.set(id, { resolve, reject });
      if (message) this.worker.postMessage({ ...message, id });
    });
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
    if (!this.exitError) await this.send({ op: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
