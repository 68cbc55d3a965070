import type { LineChange, LineStatus, LiveEvent, RequestStatus, TargetKind } from '@shared';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { loggableError } from '../db/errors';
import { insertLiveEvent } from './outbox.repository';

/**
 * The one outlet of a committed change. A service makes its change inside `announcing()` and
 * calls `announce(change)` there: every listener (the open screens' live event, and those the
 * modules register: webhooks, the phones' pushes, …) writes what it needs in the change's own
 * transaction, so it is stored if and only if the change is, and a process that dies right after
 * the commit leaves it to any process. Once committed, each listener's wake-up runs (the live
 * relay publishes, the webhook dispatcher and the outbound queue look now); the caller answers after.
 * A service never calls a side effect itself, and knows none of its consumers.
 */

/** A line as its change leaves it, as the change's listeners tell it. */
export interface LineForEvent {
  id: number;
  requestId: string;
  requestCode: string;
  hotelId: number;
  status: LineStatus;
  departmentId: number | null;
  workerId: number | null;
  acknowledgedAt: Date | null;
}

/** Which line changed, when a listener that needs more reads the line as the change left it. */
export type LineRef = Pick<LineForEvent, 'id' | 'requestId' | 'requestCode' | 'hotelId'>;

/** Which kind of change a step made, read off the line before and the patch. */
export function lineChangeOf(before: LineForEvent & { acceptedAt?: Date | null }, patch: Partial<LineForEvent> & { acceptedAt?: Date | null }): LineChange {
  if (patch.acceptedAt && !before.acceptedAt) return 'accept';
  if (('workerId' in patch && patch.workerId !== before.workerId) || ('departmentId' in patch && patch.departmentId !== before.departmentId)) return 'assignment';
  if (patch.status !== undefined && patch.status !== before.status) return 'status';
  if (patch.acknowledgedAt && !before.acknowledgedAt) return 'acknowledge';
  return 'status';
}

/** What changed. `live`: what open screens are told once it is committed (none: a change no screen shows). */
export type Change =
  | {
      type: 'request.created';
      at: Date;
      hotelId: number;
      requestId: string;
      live?: LiveEvent;
      /** Among its lines now open, one of a department whose workers take open lines. */
      offersOpenLines: boolean;
    }
  | {
      type: 'line.changed';
      at: Date;
      line: LineForEvent | LineRef;
      change: LineChange;
      requestStatus: RequestStatus;
      live?: LiveEvent;
      /** The worker the line was just handed to. */
      handedTo?: number;
      /** The line is now open in its department (sent there, or given back). */
      offered?: boolean;
    }
  | {
      type: 'message.added';
      at: Date;
      line: LineRef;
      message: { id: number; kind: 'reply' | 'note'; text: string };
      live?: LiveEvent;
    }
  | { type: 'review.added'; at: Date; hotelId: number; requestId: string; requestCode: string; rating: number; feedback: string; live: LiveEvent }
  /** A line passed a service-level target without its action: it escalated (claimed once per line and target). */
  | { type: 'line.overdue'; at: Date; line: LineRef; target: TargetKind; dueAt: Date; live?: LiveEvent }
  /** A scheduled line's alert moment came: it alerts as a new line does (open in its department), its clock started then. */
  | { type: 'line.fired'; at: Date; line: LineRef; live?: LiveEvent }
  /** A change only the open screens hear of. */
  | { type: 'live'; live: LiveEvent };

/** What a listener does once the change's transaction has committed (wake its sender); run once per transaction. */
export type AfterCommit = () => void | Promise<void>;

/** Writes, in the change's transaction, what this listener needs of the change; may answer what to do after the commit. */
export type Listener = (ctx: AppContext, tx: Tx, change: Change) => Promise<AfterCommit | undefined | void>;

export type Announce = (change: Change) => Promise<void>;

/** The open screens: the change's live event in the live outbox, published by the relay (any process's) once committed. */
const liveListener: Listener = async (ctx, tx, change) => {
  if (!change.live) return;
  await insertLiveEvent(tx, change.live);
  return () => ctx.liveOutbox.wake();
};

/** The listeners of this process's changes; the modules register theirs at start (modules/index.ts). */
export class Outlet {
  private readonly listeners = new Set<Listener>([liveListener]);

  listen(listener: Listener): void {
    this.listeners.add(listener);
  }

  /** Every listener of the change, in the order they registered (the screens first). */
  async record(ctx: AppContext, tx: Tx, change: Change, after: Map<Listener, AfterCommit>): Promise<void> {
    for (const listener of this.listeners) {
      const wake = await listener(ctx, tx, change);
      if (wake) after.set(listener, wake);
    }
  }
}

/**
 * Runs `work` in one transaction; what it announces is stored with it, and sent once it has
 * committed (before this resolves, so the caller answers after the screens were told).
 */
export async function announcing<T>(ctx: AppContext, work: (tx: Tx, announce: Announce) => Promise<T>): Promise<T> {
  let after = new Map<Listener, AfterCommit>();
  const result = await ctx.database.db.transaction((tx) => {
    // A transaction tried again starts with nothing announced.
    after = new Map();
    return work(tx, (change) => ctx.outlet.record(ctx, tx, change, after));
  });
  for (const wake of after.values()) {
    try {
      await wake();
    } catch (error) {
      // Stored with the change: another pass (a tick, another process) sends it.
      ctx.log.warn({ err: loggableError(error) }, 'a committed change was not sent on at once');
    }
  }
  return result;
}
