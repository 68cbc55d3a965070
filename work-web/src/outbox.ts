import { ApiError, api } from './api';
import { type OutboxItem, store } from './store';

/**
 * The worker's taps, kept on the phone (IndexedDB) and sent in order. A tap that cannot
 * reach the server waits; one the server refuses (the line was reassigned or closed by the
 * desk, or changed since the worker saw it) is dropped with the server's words for the
 * worker, and the taps after it on the same line with it: nothing is overwritten.
 */

export interface Refusal {
  key: string;
  label: OutboxItem['label'];
  message: string;
}

export interface OutboxState {
  pending: OutboxItem[];
  refusals: Refusal[];
  /** A photo was left out because the server takes none yet. */
  photoSkipped: boolean;
}

export type NewTap = Omit<OutboxItem, 'seq' | 'key' | 'createdAt'>;

export function newKey(): string {
  return `tap-${crypto.randomUUID()}`;
}

/** A tap on a line that already has one waiting is sent as the next step, not checked against the line as first seen. */
export function chained(tap: NewTap, pending: OutboxItem[]): NewTap {
  return pending.some((p) => p.lineId === tap.lineId) ? { ...tap, version: undefined } : tap;
}

/** What this phone's last sent tap on a line left it as: the version it was sent with, and the server's answer. */
export interface OwnChange {
  sentWith?: string;
  now: string;
}

/**
 * The version a tap is checked against. A tap chained behind another (no version), or made
 * on the line as it was before this phone's own last tap changed it (the task list not read
 * again yet), follows that tap's answer; any other change (the desk's) still refuses it.
 */
export function expectedVersion(item: Pick<OutboxItem, 'version'>, own: OwnChange | undefined): string | undefined {
  return own && (item.version === undefined || item.version === own.sentWith) ? own.now : item.version;
}

export class Outbox {
  private state: OutboxState = { pending: [], refusals: [], photoSkipped: false };
  private flushing = false;
  /** A tap made while a send was under way: sent by that same run, right after. */
  private again = false;
  /** Per line, what this phone's own last accepted tap made of it. */
  private readonly own = new Map<number, OwnChange>();

  constructor(
    private readonly onChange: (state: OutboxState) => void,
    /** After something was sent: the tasks are read again. */
    private readonly onSent: () => void,
    private readonly onUnpaired: (message?: string) => void,
  ) {}

  async load(): Promise<void> {
    this.publish({ pending: await store.outbox() });
  }

  async tap(tap: NewTap): Promise<void> {
    const item: OutboxItem = { ...chained(tap, await store.outbox()), key: newKey(), createdAt: Date.now() };
    await store.enqueue(item);
    await this.load();
    await this.flush();
  }

  dismiss(key: string): void {
    this.publish({ refusals: this.state.refusals.filter((r) => r.key !== key) });
  }

  dismissPhotoNote(): void {
    this.publish({ photoSkipped: false });
  }

  /** Sends what waits, in order; stops at the first tap that cannot reach the server. */
  async flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.again = false;
        const run = () => this.sendAll();
        // One tab sends at a time: two would race the same keys.
        await (navigator.locks ? navigator.locks.request('work-outbox', run) : run());
      } while (this.again);
    } finally {
      this.flushing = false;
    }
  }

  private async sendAll(): Promise<void> {
    let sent = false;
    const dropped = new Set<number>();
    for (const item of await store.outbox()) {
      if (dropped.has(item.lineId) && item.version === undefined) {
        await store.remove(item.seq!);
        continue;
      }
      try {
        await this.sendOne(item);
        await store.remove(item.seq!);
        sent = true;
      } catch (error) {
        if (!(error instanceof ApiError) || error.kind === 'network' || error.kind === 'server') break;
        if (error.kind === 'unpaired') {
          this.onUnpaired(error.serverMessage);
          return;
        }
        await store.remove(item.seq!);
        dropped.add(item.lineId);
        this.publish({ refusals: [...this.state.refusals, { key: item.key, label: item.label, message: error.serverMessage ?? '' }] });
        sent = true;
      }
    }
    await this.load();
    if (sent) this.onSent();
  }

  private async sendOne(item: OutboxItem): Promise<void> {
    const version = expectedVersion(item, this.own.get(item.lineId));
    if (item.action === 'done' && item.photo && !item.photoId) {
      const photoId = await api.uploadPhoto(item.lineId, item.photo);
      if (photoId === undefined) this.publish({ photoSkipped: true });
      item = { ...item, photo: undefined, photoId };
      await store.update(item);
    }
    const body: Record<string, string | undefined> = { version };
    if (item.action === 'done') Object.assign(body, { note: item.note ?? '', photoId: item.photoId });
    if (item.action === 'cantDo') body.reason = item.reason;
    const answer = await api.act(item.action, item.lineId, item.key, body);
    if (answer.version) this.own.set(item.lineId, { sentWith: version, now: answer.version });
    else this.own.delete(item.lineId);
  }

  private publish(change: Partial<OutboxState>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }
}
