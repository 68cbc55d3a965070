import { EventEmitter } from 'node:events';
import { type LiveEvent, StreamSignal } from '@shared';
import type { Database, Tx } from '../db/client';

const CHANNEL = 'hotel_events';
/** Sent on the channel when an event of a committed change could not be: every process's screens re-read. */
const RESYNC = JSON.stringify({ type: StreamSignal.resync });
/** The first wait before the resync is sent again, and the longest (ms): as the LISTEN connection's back-off. */
const RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

/**
 * Live events (request created, line changed, review added). Published through
 * the database (NOTIFY on PostgreSQL, in process on PGlite) so that every server
 * process hears every event and forwards it to its own subscribers.
 *
 * An event can be missed two ways, and each is followed by a resync: this process's
 * LISTEN connection was lost (the database's `listen` says when it is back), or a
 * NOTIFY failed after its change was committed (the pool down, or out of connections),
 * so no process heard it. Then this bus sends a resync on the channel, again with
 * back-off until one goes through, and every process that hears it (or that was not
 * listening meanwhile, and resumes) tells its subscribers.
 */
export class EventBus {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private stop?: () => Promise<void>;
  private closed = false;
  /** Events that could not be published; the resync sent must follow the last of them. */
  private lost = 0;
  private resyncing = false;
  private retry?: NodeJS.Timeout;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      CHANNEL,
      (payload) => {
        let message: { type?: unknown };
        try {
          message = JSON.parse(payload) as { type?: unknown };
        } catch {
          return; // A malformed payload is not ours; ignore it.
        }
        if (message.type === StreamSignal.resync) this.local.emit('resync');
        else this.local.emit('event', message as LiveEvent);
      },
      () => this.local.emit('resync'),
    );
  }

  /**
   * Throws when the event could not be sent; every process's subscribers then get a resync once the database takes one.
   * Given a transaction, the event goes out when it commits (PostgreSQL), on its connection.
   */
  async publish(event: LiveEvent, tx?: Tx): Promise<void> {
    try {
      await this.database.notify(CHANNEL, JSON.stringify(event), tx);
    } catch (error) {
      this.lost++;
      this.sendResync();
      throw error;
    }
  }

  /** Sends the resync once the database takes it, and again if another event was lost meanwhile. */
  private sendResync(): void {
    if (this.resyncing || this.closed) return;
    this.resyncing = true;
    let waitMs = RETRY_MS;
    const attempt = async () => {
      const lost = this.lost;
      const sent = await this.database.notify(CHANNEL, RESYNC).then(
        () => true,
        () => false,
      );
      if (this.closed || (sent && lost === this.lost)) {
        this.resyncing = false;
        return;
      }
      if (!sent) waitMs = Math.min(waitMs * 2, MAX_RETRY_MS);
      this.retry = setTimeout(() => void attempt(), sent ? 0 : waitMs).unref();
    };
    this.retry = setTimeout(() => void attempt(), waitMs).unref();
  }

  /**
   * `onResync` runs when events may have been missed (the LISTEN connection was lost
   * and is back, or a process could not publish one): the subscriber's screens must
   * re-read rather than wait for events.
   */
  subscribe(onEvent: (event: LiveEvent) => void, onResync: () => void): () => void {
    this.local.on('event', onEvent);
    this.local.on('resync', onResync);
    return () => {
      this.local.off('event', onEvent);
      this.local.off('resync', onResync);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.local.removeAllListeners();
    await this.stop?.();
  }
}
