import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { loggableError } from './errors';
import type { MigrationLog } from './migrate';
import { PgliteUnavailableError, PgliteWorker, type QueryResult, type WorkerClient } from './pglite-worker';

/** Where the supervisor says what happened to the thread: the server's logger (pino), or nothing. */
export interface PgliteLog extends MigrationLog {
  error(fields: Record<string, unknown>, msg: string): void;
}

export interface PgliteSupervisorOptions {
  log?: PgliteLog;
  /**
   * The thread could not be started again (every attempt failed): the database is gone for
   * this process. main.ts exits non-zero, so the service manager starts a new server.
   */
  onLost?: (error: Error) => void;
  /** Tries before the database counts as lost, and the pauses between them (ms). */
  restartPausesMs?: readonly number[];
}

/** Three tries in about 1.5 s: a thread that cannot start three times will not start in this process. */
const RESTART_PAUSES_MS = [250, 1_000] as const;

export type PgliteState = 'up' | 'restarting' | 'lost' | 'closed';

/**
 * The PGlite worker thread, started again when it ends. A thread can die (out of memory, a
 * crash in PGlite) or be ended because a query ran past `queryTimeoutMs`; before this, every
 * later call failed for the rest of the process's life. Now the calls under way and those
 * made while a new thread starts answer 503 (PgliteUnavailableError, with Retry-After), and
 * the new thread opens the same folder. The data folder's lock (data-lock.ts) belongs to the
 * process, not the thread: it is held the whole time, so no second server gets in meanwhile.
 * A transaction begun in the old thread fails as a whole (PGlite rolls it back at recovery).
 */
export class PgliteSupervisor implements WorkerClient {
  private worker: PgliteWorker | undefined;
  private stateNow: PgliteState = 'up';
  private restarting: Promise<void> | undefined;
  private waiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private bound = 0;

  private constructor(
    private readonly dir: string,
    private readonly startParams: string[],
    private readonly options: PgliteSupervisorOptions,
    first: PgliteWorker,
  ) {
    this.attach(first);
  }

  /** Opens the PGlite folder `dir` in a worker thread; resolves once it is ready. */
  static async open(dir: string, startParams: string[], options: PgliteSupervisorOptions = {}): Promise<PgliteSupervisor> {
    return new PgliteSupervisor(dir, startParams, options, await PgliteWorker.open(dir, startParams));
  }

  get state(): PgliteState {
    return this.stateNow;
  }

  /** The longest a call may wait for PGlite's answer (ms; 0: no bound), past which the thread is recycled. */
  get queryTimeoutMs(): number {
    return this.bound;
  }

  set queryTimeoutMs(ms: number) {
    this.bound = ms;
    if (this.worker) this.worker.queryTimeoutMs = ms;
  }

  /** Resolves once the thread is up (at once if it is); rejects if it is lost or closed. */
  whenUp(): Promise<void> {
    if (this.stateNow === 'up') return Promise.resolve();
    if (this.stateNow !== 'restarting') return Promise.reject(new Error(`the PGlite worker thread is ${this.stateNow}`));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Ends the thread as a crash would; a new one is started. For the tests (and main.ts's test-only signal). */
  async killWorker(): Promise<void> {
    await this.worker?.kill();
  }

  query(text: string, params?: unknown[], options?: Parameters<WorkerClient['query']>[2]): Promise<QueryResult> {
    const worker = this.worker;
    return worker ? worker.query(text, params, options) : Promise.reject(this.unavailable());
  }

  transaction<T>(fn: (tx: WorkerClient) => Promise<T>): Promise<T> {
    // Bound to this thread: if it ends, the transaction's later queries fail instead of reaching the next one.
    const worker = this.worker;
    return worker ? worker.transaction(fn) : Promise.reject(this.unavailable());
  }

  async close(): Promise<void> {
    this.stateNow = 'closed';
    this.settle(new Error('the database is closed'));
    await this.restarting;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close();
  }

  private unavailable(): PgliteUnavailableError {
    return new PgliteUnavailableError(`the PGlite worker thread is ${this.stateNow === 'restarting' ? 'being started again' : this.stateNow}`, 'restarting');
  }

  private attach(worker: PgliteWorker): void {
    worker.queryTimeoutMs = this.bound;
    worker.onEnded = (error) => {
      if (this.worker !== worker || this.stateNow !== 'up') return;
      this.worker = undefined;
      this.stateNow = 'restarting';
      this.options.log?.error({ err: loggableError(error) }, 'the PGlite worker thread ended: starting it again (calls answer 503 meanwhile)');
      this.restarting = this.restart().finally(() => (this.restarting = undefined));
    };
    this.worker = worker;
  }

  private async restart(): Promise<void> {
    const started = performance.now();
    const pauses = this.options.restartPausesMs ?? RESTART_PAUSES_MS;
    let lastError: Error = new Error('not tried');
    for (let attempt = 1; attempt <= pauses.length + 1; attempt++) {
      if (this.closed()) return;
      try {
        // PGlite makes a new, empty database in a folder without one: never serve that in place of the hotel's.
        if (!existsSync(path.join(this.dir, 'PG_VERSION'))) throw new Error(`the PGlite folder ${this.dir} has no database any more (no PG_VERSION): it is not made again empty`);
        const worker = await PgliteWorker.open(this.dir, this.startParams);
        if (this.closed()) {
          await worker.close();
          return;
        }
        this.attach(worker);
        this.stateNow = 'up';
        this.options.log?.info({ attempt, ms: Math.round(performance.now() - started) }, 'the PGlite worker thread is back: serving again');
        this.settle();
        return;
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        this.options.log?.warn({ attempt, err: loggableError(error) }, 'the PGlite worker thread could not be started again');
      }
      if (attempt <= pauses.length) await pause(pauses[attempt - 1]);
    }
    if (this.closed()) return;
    this.stateNow = 'lost';
    this.settle(lastError);
    this.options.log?.error({ err: loggableError(lastError), attempts: pauses.length + 1 }, 'the PGlite worker thread cannot be started again: the database is lost to this process');
    this.options.onLost?.(lastError);
  }

  /** close() may have run during any await of restart(). */
  private closed(): boolean {
    return this.stateNow === 'closed';
  }

  /** Tells whoever waits in whenUp(): up (no error) or not coming back. */
  private settle(error?: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      if (error) w.reject(error);
      else w.resolve();
    }
  }
}
