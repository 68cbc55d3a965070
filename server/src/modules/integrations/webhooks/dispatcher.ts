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
const BATCH = 50;
/** Batches per run: a run that keeps finding work yields to the next tick instead of running forever. */
const ROUNDS_MAX = 40;
/** After a change is recorded, how long to wait for its transaction to commit before looking. */
const NUDGE_DELAY_MS = 20;

export function retryDelayMs(attempts: number): number {
  return RETRY_AFTER_MS[attempts - 1] ?? RETRY_EVERY_MS;
}

/**
 * Delivers the outbox. Every process runs one; a delivery is claimed by one process at a
 * time (FOR UPDATE SKIP LOCKED, then a lease), so two processes never send it together.
 */
export class WebhookDispatcher {
  private timer?: ReturnType<typeof setInterval>;
  private nudgeTimer?: ReturnType<typeof setTimeout>;
  private running?: Promise<number>;
  private again = false;
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

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((error: unknown) => {
        logJobFailure(this.log, 'webhook delivery run', error);
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers what is due at `now` (tests pass their clock's time); returns how many tries were made. */
  async runOnce(now = this.ctx.clock.now()): Promise<number> {
    let tried = 0;
    for (let round = 0; round < ROUNDS_MAX && !this.stopped; round++) {
      const claimed = await repo.claimDue(this.ctx.database.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
      if (!claimed.length) break;
      await Promise.all(claimed.map((delivery) => this.tryOne(delivery, now)));
      tried += claimed.length;
    }
    return tried;
  }

  private async tryOne(delivery: repo.ClaimedDelivery, now: Date): Promise<void> {
    const db = this.ctx.database.db;
    const secret = this.ctx.box.open(delivery.secret_enc);
    const attempt: Attempt = secret
      ? await deliver({ url: delivery.url, messageId: delivery.message_id, secret, payload: delivery.payload }, this.ctx.config.webhooks)
      : { status: null, ok: false, latencyMs: 0, response: 'the signing secret was sealed with another server secret (HOTEL_JWT_SECRET changed)' };
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
    await this.running;
  }
}
