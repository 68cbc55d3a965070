import type { AppContext } from '../context';
import { logJobFailure } from '../background';
import { takeLiveEvents } from './outbox.repository';

/** Outbox rows published per transaction; a pass repeats while a batch comes back full. */
const BATCH = 100;

/**
 * Publishes the outbox's rows (announce.ts's screens' listener writes them) on the event bus, oldest first, and deletes
 * them. Every process runs one: each pass takes the rows no other pass holds (FOR UPDATE
 * SKIP LOCKED) and deletes them in the transaction that publishes them, so a process that
 * dies mid-pass leaves its rows to the next pass of any process (a row is announced at least
 * once; on PGlite twice only when a process dies between a publish and its commit: PostgreSQL sends
 * the NOTIFY with the commit). A publish that fails rolls the batch back: its rows wait for the next pass.
 */
export class LiveEventRelay {
  private timer?: ReturnType<typeof setInterval>;
  private readonly waiting: (() => void)[] = [];
  private draining?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: { warn(obj: unknown, msg?: string): void },
    private readonly tickMs: number,
  ) {}

  /** A pass now (what a process that died left), then every tickMs (what another process's wake missed). */
  start(): void {
    void this.wake();
    if (this.tickMs <= 0) return;
    this.timer = setInterval(() => void this.wake(), this.tickMs);
    this.timer.unref();
  }

  /**
   * A pass that starts after this call (one under way may have read before the caller's commit);
   * resolves once it is over, whether or not it could publish. Calls made during a pass share the next.
   */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiting.push(resolve));
    // Started on a later turn, so that `draining` is set before the loop can end and clear it.
    this.draining ??= Promise.resolve().then(() => this.drain());
    return done;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length) {
        const served = this.waiting.splice(0);
        if (!this.stopped) await this.relayAll().catch((error: unknown) => logJobFailure(this.log, 'live event relay', error));
        for (const resolve of served) resolve();
      }
    } finally {
      this.draining = undefined;
    }
  }

  /** One pass: every row no other process holds. Returns how many were published. */
  async relayAll(): Promise<number> {
    let published = 0;
    for (;;) {
      const count = await this.relayBatch();
      published += count;
      if (count < BATCH || this.stopped) return published;
    }
  }

  private relayBatch(): Promise<number> {
    return this.ctx.database.db.transaction(async (tx) => {
      const events = await takeLiveEvents(tx, BATCH);
      for (const event of events) {
        // As announce() does: a new line, or one that left a worker's hands, may let routing place a waiting line now.
        if (event.type === 'request-created' || event.type === 'line-changed') this.ctx.routing.nudge();
        // Sent with the commit that deletes the row, on the same connection: a pooler's connections all
        // held by relays (each waiting for one more to publish on) would leave every process stuck.
        await this.ctx.events.publish(event, tx);
      }
      return events.length;
    });
  }

  /** No pass starts any more; rows not yet published wait for another process (or the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }
}
