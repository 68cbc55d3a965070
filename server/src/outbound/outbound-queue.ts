import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { logJobFailure } from '../background';
import { loggableError } from '../db/errors';
import { mailFailureKindOf } from '../mail/mail-failure';
import { MailNotConfiguredError, type MailMessage, messageIdHost } from '../mail/mailer';
import * as repo from './outbound.repository';

/**
 * The one queue of what the server sends on its own: e-mails and pushes. A cause writes its
 * rows in its own transaction (`enqueue`); every process runs an OutboundQueue that takes the
 * rows due under a lease, sends each, and writes it sent once the mail server (or push service)
 * accepts it. Refused, it is tried again with backoff; a process that dies mid-try leaves the
 * row to whichever process takes it once the lease runs out. Each row's id is its fixed
 * Message-ID (a push's Topic): the only copy a crash can make (between the acceptance and its
 * write) is one message to the reader.
 */

/** How long one try may take before it counts as lost (the process stopped mid-send) and is taken again. */
export const OUTBOUND_LEASE_MS = 2 * 60_000;
/** The wait before each retry of a message refused; after the last, it is kept as failed. */
export const OUTBOUND_RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;
/** Older than this, a message not sent is no longer tried: what it said is stale. */
export const OUTBOUND_GIVE_UP_MS = 24 * 60 * 60_000;
/** Rows taken per round; a round repeats while it comes back full. */
const BATCH = 20;

export type Delivery = 'sent' | 'gone';

/** One kind of message: how it is made (when written without one), sent, and what its sending records. */
export interface OutboundKind<M = unknown> {
  /**
   * Makes the message of a row written with only its input, in the transaction that stores it
   * (a reset link is made at the first try, so the call that asked answers alike for every
   * e-mail). Null: nothing to send.
   */
  prepare?(ctx: AppContext, tx: DbOrTx, input: unknown): Promise<M | null>;
  /** Sends it; `id` is the row's, fixed for every try. 'gone': the receiver is gone for good. */
  deliver(ctx: AppContext, message: M, id: number): Promise<Delivery>;
  /** After the acceptance is written (a follow-up counts the managers it reached). */
  sent?(ctx: AppContext, input: unknown): Promise<void>;
  /** Older than this (default OUTBOUND_GIVE_UP_MS) it is no longer tried: a reset link would have expired. */
  giveUpAfterMs?: number;
}

/** The same for every try at one row, whichever process sends it. */
export function outboundMessageId(publicUrl: string, id: number): string {
  return `<outbound-${id}@${messageIdHost(publicUrl)}>`;
}

/** The push service keeps one message per Topic: a second copy replaces the first. */
export function outboundTopic(id: number): string {
  return `outbound-${id}`;
}

/** An e-mail kind's delivery: the message as written, with the row's Message-ID. */
export async function deliverMail(ctx: AppContext, message: MailMessage, id: number): Promise<Delivery> {
  await ctx.mailer.send({ ...message, messageId: outboundMessageId(ctx.config.publicUrl, id) });
  return 'sent';
}

/**
 * Writes a message to send, in the caller's transaction: it goes once that commits, and is never
 * lost with the process. `message` is sealed (it may carry a secret link); `input` is for a kind
 * that makes its message at the first try. Call `ctx.outbound.nudge()` after the commit.
 */
export async function enqueue(
  ctx: Pick<AppContext, 'box' | 'clock'>,
  tx: DbOrTx,
  row: { kind: string; dedupeKey?: string; input?: unknown; message?: unknown },
): Promise<boolean> {
  return repo.insertOutbound(tx, {
    kind: row.kind,
    dedupeKey: row.dedupeKey,
    input: row.input,
    message: row.message === undefined ? undefined : ctx.box.seal(JSON.stringify(row.message)),
    at: ctx.clock.now(),
  });
}

export class OutboundQueue {
  private timer?: ReturnType<typeof setInterval>;
  private current?: Promise<number>;
  private queued?: Promise<number>;
  private queuedAt?: Date;
  private stopped = false;
  /** A stop's wait ran out: no send starts any more (the rows stay leased, for a retry). */
  private cutOff = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly kinds: Record<string, OutboundKind<never>>,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

  /** A pass at once (what a process that died left, once its lease is over), then every tickMs. */
  start(): void {
    this.nudge();
    const { tickMs } = this.ctx.config.outbound;
    if (tickMs <= 0) return;
    this.timer = setInterval(() => this.nudge(), tickMs);
    this.timer.unref();
  }

  /** Looks for rows now (a transaction has just written one). */
  nudge(): void {
    if (this.stopped) return;
    void this.runOnce().catch((error: unknown) => logJobFailure(this.log, 'outbound messages', error));
  }

  /**
   * One pass at `now` (default: the clock's time when it starts), after the one under way (which
   * may have read the rows before the latest commit); passes asked for meanwhile are one, at the
   * latest time any of them named. Returns how many messages were accepted.
   */
  runOnce(now?: Date): Promise<number> {
    if (now && (!this.queuedAt || now > this.queuedAt)) this.queuedAt = now;
    if (this.queued) return this.queued;
    const before = this.current ?? Promise.resolve(0);
    const next: Promise<number> = before
      .catch(() => 0)
      .then(() => {
        const at = this.queuedAt ?? this.ctx.clock.now();
        this.queued = undefined;
        this.queuedAt = undefined;
        this.current = next;
        // A pass asked for before a stop still runs (the stop waits for it): a graceful stop sends what its calls wrote.
        return this.cutOff ? 0 : this.pass(at);
      })
      .finally(() => {
        if (this.current === next) this.current = undefined;
      });
    this.queued = next;
    return next;
  }

  /** No pass starts any more; waits for the one under way for at most `limitMs`. Returns whether it finished. */
  async stop(limitMs: number): Promise<boolean> {
    this.stopped = true;
    clearInterval(this.timer);
    const pending = [this.current, this.queued].filter((p) => p !== undefined);
    if (!pending.length) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), limitMs)));
    const done = await Promise.race([Promise.allSettled(pending).then(() => true as const), timeout]).finally(() => clearTimeout(timer));
    if (!done) this.cutOff = true;
    return done;
  }

  private async pass(now: Date): Promise<number> {
    const db = this.ctx.database.db;
    let accepted = 0;
    for (;;) {
      if (this.cutOff) break;
      const due = await repo.takeDue(db, now, new Date(now.getTime() + OUTBOUND_LEASE_MS), BATCH);
      for (const row of due) {
        // The stop's wait is over: the rest stay leased, for a retry once the lease runs out.
        if (this.cutOff) return accepted;
        if (await this.send(row, now)) accepted++;
      }
      if (due.length < BATCH) break;
    }
    return accepted;
  }

  /** One try at one taken row; the outcome is written to it. */
  private async send(row: repo.TakenOutbound, now: Date): Promise<boolean> {
    const db = this.ctx.database.db;
    const kind = this.kinds[row.kind] as OutboundKind | undefined;
    if (!kind) {
      // Written by a newer version: left for it (a process of that version takes it once the lease is over).
      return false;
    }
    if (now.getTime() - row.createdAt.getTime() > (kind.giveUpAfterMs ?? OUTBOUND_GIVE_UP_MS)) {
      await repo.markRetry(db, row.id, null, 'expired');
      return false;
    }
    let message: unknown;
    try {
      message = await this.messageOf(row, kind);
    } catch (error) {
      // A database outage while making it: the lease runs out and the try is made again.
      logJobFailure(this.log, 'outbound message', error);
      return false;
    }
    if (message === null) return false;
    let delivery: Delivery;
    try {
      delivery = await kind.deliver(this.ctx, message, row.id);
    } catch (error) {
      await this.refused(row, error).catch((e: unknown) => logJobFailure(this.log, 'outbound message', e));
      return false;
    }
    // At once: a process killed between the acceptance and this write sends it again, with the same Message-ID.
    // A database outage here leaves the lease to run out: the copy is then folded by the Message-ID.
    try {
      if (delivery === 'gone') await repo.markDropped(db, row.id, 'gone');
      else {
        await repo.markSent(db, row.id, this.ctx.clock.now());
        await kind.sent?.(this.ctx, row.input);
      }
    } catch (error) {
      logJobFailure(this.log, 'outbound message', error);
    }
    return delivery === 'sent';
  }

  /** The row's message: the one stored, or (first try of a row written with its input) made and stored now. */
  private async messageOf(row: repo.TakenOutbound, kind: OutboundKind): Promise<unknown> {
    const db = this.ctx.database.db;
    if (row.message !== null) return this.open(row.id, row.message);
    if (!kind.prepare) {
      await repo.markDropped(db, row.id, 'no message');
      return null;
    }
    const made = await db.transaction(async (tx) => {
      const locked = await repo.lockOutbound(tx, row.id);
      // Made meanwhile by a process whose lease ran out: the same message, the same link.
      if (locked?.message) return { sealed: locked.message };
      const message = await kind.prepare!(this.ctx, tx, row.input);
      if (message === null) {
        await repo.markDropped(tx, row.id, 'nothing to send');
        return null;
      }
      const sealed = this.ctx.box.seal(JSON.stringify(message));
      await repo.storeMessage(tx, row.id, sealed);
      return { sealed };
    });
    return made === null ? null : this.open(row.id, made.sealed);
  }

  private async open(id: number, sealed: string): Promise<unknown> {
    const plain = this.ctx.box.open(sealed);
    if (plain === undefined) {
      // Sealed with another secret (HOTEL_JWT_SECRET changed): it can never be read.
      await repo.markDropped(this.ctx.database.db, id, 'unreadable');
      return null;
    }
    return JSON.parse(plain) as unknown;
  }

  private async refused(row: repo.TakenOutbound, error: unknown): Promise<void> {
    const db = this.ctx.database.db;
    const reason = mailFailureKindOf(error);
    if (error instanceof MailNotConfiguredError) {
      // No mail server is set (Home warns): what was to go now would be stale by the time one is (a reset link expires).
      await repo.markDropped(db, row.id, reason);
      return;
    }
    const wait = OUTBOUND_RETRY_AFTER_MS[row.attempts - 1];
    this.log.warn({ err: loggableError(error), kind: row.kind, id: row.id, attempt: row.attempts }, 'outbound message not accepted');
    await repo.markRetry(db, row.id, wait === undefined ? null : new Date(this.ctx.clock.now().getTime() + wait), reason);
  }
}
