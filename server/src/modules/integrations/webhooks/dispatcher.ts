import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context';
import { loggableError } from '../../../db/errors';
import { logJobFailure } from '../../../background';
import { localize, parseLang } from '../../../i18n/localize';
import { type Attempt, deliver } from './delivery';
import * as repo from './webhooks.repository';
import { webhookMail } from './webhooks.messages';

/** The waits after the 1st, 2nd, … failed try; after the last, every 6 hours until three days have passed. */
export const RETRY_AFTER_MS = [5_000, 60_000, 300_000, 1_800_000, 7_200_000];
export const RETRY_EVERY_MS = 6 * 3_600_000;
/** A delivery, and a subscription, that has failed this long is given up. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** Longer than a try can take: a delivery claimed by a process that died is tried again after it. */
const LEASE_MS = 60_000;
/** Tries under way at once in one process, over all receivers (each receiver has one at a time). */
export const TRIES_AT_ONCE = 16;
/** Tries per run: a run that keeps finding work yields to the next tick instead of running forever. */
const TRIES_PER_RUN = 2_000;
/** After a change is recorded, how long to wait for its transaction to commit before looking. */
const NUDGE_DELAY_MS = 20;

export function retryDelayMs(attempts: number): number {
  return RETRY_AFTER_MS[attempts - 1] ?? RETRY_EVERY_MS;
}

/**
 * Delivers the outbox. Every process runs one; a delivery is claimed by one process at a
 * time (FOR UPDATE SKIP LOCKED, then a lease), so two processes never send it together.
 * Each receiver (subscription) has its own lane: one try of this process at a time, beside
 * the others' (up to TRIES_AT_ONCE in all). When a try ends, or a change is recorded, the
 * run looks again at once, so a receiver that hangs (10 s at most) or fails holds up only
 * its own deliveries.
 */
export class WebhookDispatcher {
  private timer?: ReturnType<typeof setInterval>;
  private nudgeTimer?: ReturnType<typeof setTimeout>;
  private running?: Promise<number>;
  /** The subscriptions with a try of this process under way, and those tries. */
  private readonly busy = new Set<number>();
  private readonly tries = new Set<Promise<void>>();
  /** Something may have become due since the last look (a try ended, a change was recorded). */
  private again = false;
  private wake?: () => void;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    const { tickMs } = this.ctx.config.webhooks;
    if (tickMs <= 0) return;
    this.timer = setInterval(() => this.kick(), tickMs);
    this.timer.unref();
  }

  /** A change was just recorded: look soon, not at the next tick. */
  nudge(): void {
    if (this.ctx.config.webhooks.tickMs <= 0 || this.stopped || this.nudgeTimer) return;
    this.nudgeTimer = setTimeout(() => {
      this.nudgeTimer = undefined;
      this.kick();
    }, NUDGE_DELAY_MS);
  }

  /** Starts a run, or has the run under way look again. */
  private kick(): void {
    if (this.running) {
      this.poke();
      return;
    }
    this.running = this.run()
      .catch((error: unknown) => {
        logJobFailure(this.log, 'webhook delivery run', error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) this.kick();
      });
  }

  private poke(): void {
    this.again = true;
    this.wake?.();
  }

  /**
   * Delivers what is due (at the clock's time) and waits until this process has nothing more
   * to try: tests call it instead of waiting for a tick. Returns how many tries were made.
   */
  async runOnce(): Promise<number> {
    this.kick();
    let tried = 0;
    for (let run = this.running; run; run = this.running) tried += await run;
    return tried;
  }

  /** Claims for the free lanes whenever something may have become due, until nothing is due or under way. */
  private async run(): Promise<number> {
    let tried = 0;
    while (!this.stopped) {
      this.again = false;
      const free = Math.min(TRIES_AT_ONCE - this.tries.size, TRIES_PER_RUN - tried);
      if (free > 0) {
        const now = this.ctx.clock.now();
        const claimed = await repo.claimDue(this.ctx.database.db, now, new Date(now.getTime() + LEASE_MS), free, [...this.busy]);
        for (const delivery of claimed) this.begin(delivery);
        tried += claimed.length;
      }
      if (this.again) continue;
      if (!this.tries.size) break;
      // Until a try ends (its lane is free, and a success may have brought its backlog forward) or a change is recorded.
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    await Promise.all(this.tries);
    return tried;
  }

  private begin(delivery: repo.ClaimedDelivery): void {
    this.busy.add(delivery.subscription_id);
    const attempt: Promise<void> = this.tryOne(delivery)
      .catch((error: unknown) => logJobFailure(this.log, 'webhook delivery', error))
      .finally(() => {
        this.tries.delete(attempt);
        this.busy.delete(delivery.subscription_id);
        this.poke();
      });
    this.tries.add(attempt);
  }

  private async tryOne(delivery: repo.ClaimedDelivery): Promise<void> {
    const db = this.ctx.database.db;
    const secret = this.ctx.box.open(delivery.secret_enc);
    const attempt: Attempt = secret
      ? await deliver({ url: delivery.url, messageId: delivery.message_id, secret, payload: delivery.payload }, this.ctx.config.webhooks)
      : { status: null, ok: false, latencyMs: 0, response: 'the signing secret was sealed with another server secret (HOTEL_JWT_SECRET changed)' };
    // When the answer came (or the try ended without one), not when the run started.
    const now = this.ctx.clock.now();
    const outcome = { status: attempt.status, latencyMs: attempt.latencyMs, response: attempt.response };
    const claim = { id: delivery.id, subscriptionId: delivery.subscription_id, attempts: delivery.attempts };
    if (attempt.ok) {
      await repo.recordDelivered(db, claim, outcome, now);
      return;
    }
    // The last try comes when the three days are up, not at the next 6-hour mark after them.
    const lastTryAt = new Date(delivery.created_at).getTime() + GIVE_UP_AFTER_MS;
    const giveUp = now.getTime() >= lastTryAt;
    const retryAt = new Date(Math.min(now.getTime() + retryDelayMs(delivery.attempts), lastTryAt));
    const failingSince = await repo.recordFailed(db, claim, outcome, now, giveUp ? null : retryAt);
    if (giveUp || now.getTime() - failingSince.getTime() >= GIVE_UP_AFTER_MS) await this.switchOff(delivery.subscription_id, now);
  }

  private async switchOff(subscriptionId: number, now: Date): Promise<void> {
    const off = await repo.switchOff(this.ctx.database.db, subscriptionId, now);
    if (!off) return;
    this.log.warn({ subscriptionId }, 'webhook switched off after failing for three days');
    const owner = off.owner;
    if (!owner) return;
    const lang = parseLang(owner.language);
    const params = { name: owner.firstName, url: off.url };
    this.ctx.background.run(
      () => this.ctx.mailer.send({ to: owner.email, subject: localize(webhookMail.subject, lang), text: localize(webhookMail.body, lang, params) }),
      (error) => this.log.warn({ err: loggableError(error), subscriptionId }, 'webhook switch-off e-mail not sent'),
    );
  }

  /** No run starts any more; the one under way is waited for. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.nudgeTimer);
    this.wake?.();
    await this.running;
  }
}
