import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@shared';
import type { Database } from '../db/client';

const CHANNEL = 'hotel_events';

/**
 * Live events (request created, line changed, review added). Published through
 * the database (NOTIFY on PostgreSQL, in process on PGlite) so that every server
 * process hears every event and forwards it to its own subscribers.
 */
export class EventBus {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private stop?: () => Promise<void>;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(CHANNEL, (payload) => {
      try {
        this.local.emit('event', JSON.parse(payload) as LiveEvent);
      } catch {
        // A malformed payload is not ours; ignore it.
      }
    }, () => this.local.emit('resync'));
  }

  async publish(event: LiveEvent): Promise<void> {
    await this.database.notify(CHANNEL, JSON.stringify(event));
  }

  /**
   * `onResync` runs when events may have been missed (the LISTEN connection was lost
   * and is back): the subscriber's screens must re-read rather than wait for events.
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
    this.local.removeAllListeners();
    await this.stop?.();
  }
}
