import { NO_TARGETS, dueTimesOf } from '@shared';
import type { AppContext } from '../../context';
import { announcing } from '../../live/announce';
import { receivesEscalations } from '../../access/scope';
import { logJobFailure } from '../../background';
import * as repo from './escalations.repository';
import { holdForDigest } from './digests.repository';
import { dueScheduledLines, fireScheduledLine } from './scheduled-lines.repository';
import { targetsOf } from './targets.repository';
import { escalationEvent, scheduledAlertEvent } from './escalation-events';
import { MAIL_HOLD_MS, type MailWork, mailEscalation, retryEscalationMails } from './escalation-mailer';
import { retryDigests, sendDigests } from './digest-mailer';
import { MailSlots } from './mail-slots';

export { MAIL_CONCURRENCY } from './mail-slots';
export { MAIL_HOLD_MS, MAIL_RETRY_AFTER_MS } from './escalation-mailer';

/**
 * Escalation: when an open line passes a target without its action, the
 * holders of Escalations.Receive for its hotel hear it at once (a `line-escalated` live
 * event, which the admin app shows and the desktop app notifies) and get an e-mail in
 * their own language. Every process runs this; the database row claimed per line and
 * target decides which process sends (exactly once). A line that fell due while every
 * server was down is found by the first run after start. The e-mails are sent by
 * escalation-mailer.ts and digest-mailer.ts; their words are in escalation-mail.ts.
 */

/** Lines escalated per query round; a round repeats while it comes back full. */
const BATCH = 200;

export interface EscalationRun {
  /** Escalations this process sent (claimed) in the run. */
  sent: number;
  /** Scheduled lines this process fired (alerted) in the run. */
  fired: number;
}

export class EscalationScheduler {
  private timer?: ReturnType<typeof setInterval>;
  private running?: Promise<EscalationRun>;
  private retrying?: Promise<void>;
  private stopped = false;
  private readonly slots = new MailSlots();
  private readonly mail: MailWork;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {
    this.mail = { ctx, log, slots: this.slots, stopped: () => this.stopped };
  }

  /** Runs at once (catching up on what fell due while the server was down), then every tickMs. */
  start(): void {
    const { tickMs } = this.ctx.config.sla;
    if (tickMs <= 0) return;
    void this.tick(this.ctx.clock.now());
    // The interval is real time; what each tick computes is measured at the server's clock.
    this.timer = setInterval(() => void this.tick(this.ctx.clock.now()), tickMs);
    this.timer.unref();
  }

  /** One run now; a run already under way is joined rather than doubled. */
  runOnce(now = this.ctx.clock.now()): Promise<EscalationRun> {
    this.running ??= this.escalateDue(now).finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * Stops the timer (no run, retry or e-mail starts any more) and waits for the work under
   * way, for at most `limitMs`: a mail server that never answers must not hold a stop up.
   * An e-mail cut off stays held in its row and is tried again once the hold runs out.
   * Returns how many escalations' e-mails were left unfinished.
   */
  async stop(limitMs = Number.POSITIVE_INFINITY): Promise<number> {
    this.stopped = true;
    clearInterval(this.timer);
    const deadline = Date.now() + limitMs;
    for (;;) {
      const pending = [this.running, this.retrying, ...this.slots.pending()].filter((p) => p !== undefined);
      if (!pending.length) return 0;
      const settled = Promise.allSettled(pending).then(() => true as const);
      if (!Number.isFinite(limitMs)) await settled;
      else if (!(await settledWithin(settled, deadline - Date.now()))) {
        this.slots.cutOff = true;
        return this.slots.pending().length;
      }
    }
  }

  /**
   * One tick at `now`: the escalations due, then the e-mail retries whose time has come.
   * Tests call it to play a tick at a time they set.
   */
  async tick(now: Date): Promise<void> {
    // Digests first: they take what earlier ticks (of any process) held, all of it committed by
    // now. Taken after this tick's escalations, a digest could leave out a line another process
    // was holding at that moment, and send it a whole window late.
    await this.sendDigests(now).catch((error: unknown) => logJobFailure(this.log, 'escalation digest', error));
    if (this.stopped) return;
    try {
      await this.runOnce(now);
    } catch (error) {
      // A database outage: the next tick tries again; nothing was claimed without being sent.
      logJobFailure(this.log, 'escalation run', error);
    }
    if (this.stopped || this.retrying) return;
    // The same clock tries again the e-mails the mail server did not take: the escalations' and the digests'.
    const retry = (name: string, run: Promise<unknown>) => run.catch((error: unknown) => logJobFailure(this.log, name, error));
    this.retrying = Promise.all([
      retry('escalation e-mail retry', this.retryMails(now)),
      retry('escalation digest retry', this.retryDigests(now)),
    ])
      .then(() => undefined)
      .finally(() => (this.retrying = undefined));
    await this.retrying;
  }

  /** See retryEscalationMails: returns how many escalations were tried, once their e-mails have gone. */
  retryMails(now = this.ctx.clock.now()): Promise<number> {
    return retryEscalationMails(this.mail, now);
  }

  /** See digest-mailer.ts: returns how many e-mails the mail server took. */
  sendDigests(now = this.ctx.clock.now()): Promise<number> {
    return sendDigests(this.mail, now);
  }

  /** See digest-mailer.ts: returns how many e-mails the mail server took. */
  retryDigests(now = this.ctx.clock.now()): Promise<number> {
    return retryDigests(this.mail, now);
  }

  /**
   * Fires the scheduled lines whose alert moment has come: each alerts as a new line does
   * and its clock starts at that moment. The conditional update decides which process
   * alerts (exactly once); a line whose moment passed while every server was down fires
   * on the first run after start.
   */
  private async fireScheduled(now: Date): Promise<number> {
    const db = this.ctx.database.db;
    let fired = 0;
    for (;;) {
      if (this.stopped) break;
      const due = await dueScheduledLines(db, now, BATCH);
      for (const line of due) {
        const targets = (await targetsOf(db, [line.serviceId], line.hotelId)).get(line.serviceId) ?? NO_TARGETS;
        const start = line.alertAt!;
        // The line fires with its alert and its phone offers stored: a process that dies right after the commit
        // leaves them to any process's relay and outbound queue. Sent on (published, pushed) once committed.
        const fire = await announcing(this.ctx, async (tx, announce) => {
          if (!(await fireScheduledLine(tx, line.lineId, now, { clockStartedAt: start, ...dueTimesOf(start, targets, this.ctx.config.sla.minuteMs) }))) return false;
          const subject = await repo.escalationSubject(tx, line.lineId);
          if (subject) await announce({ type: 'line.fired', at: now, line: refOf(subject), live: scheduledAlertEvent(subject, now) });
          return true;
        });
        if (fire) fired++;
      }
      if (due.length < BATCH) break;
    }
    return fired;
  }

  private async escalateDue(now: Date): Promise<EscalationRun> {
    const fired = await this.fireScheduled(now);
    const db = this.ctx.database.db;
    let sent = 0;
    let receivers: repo.Receiver[] | undefined;
    for (;;) {
      if (this.stopped) break;
      const due = await repo.dueEscalations(db, now, BATCH);
      for (const item of due) {
        const claimed = await this.escalate(item, now, async () => (receivers ??= await repo.escalationReceivers(db)));
        if (claimed) sent++;
      }
      if (due.length < BATCH) break;
    }
    return { sent, fired };
  }

  /**
   * Tells the desk now about a line routing could not place (no worker accepted it): the
   * acknowledge escalation, due now, sent as one that fell due would be, once per line.
   */
  async escalateNow(lineId: number, now = this.ctx.clock.now()): Promise<boolean> {
    const db = this.ctx.database.db;
    return this.escalate({ lineId, kind: 'acknowledge', dueAt: now }, now, () => repo.escalationReceivers(db));
  }

  /** Claims one escalation (false: another process did, or the line was acted on) and sends it. */
  private async escalate(item: repo.DueEscalation, now: Date, receiversOf: () => Promise<repo.Receiver[]>): Promise<boolean> {
    const db = this.ctx.database.db;
    // The claim is announced with it (its webhook event, its live event): a line escalates, and is
    // reported overdue, once; and a process that dies right after the commit leaves them to any
    // process's relay and dispatcher rather than losing them. Published once committed, by this
    // process's relay, before the e-mails (they wait for it, as they waited for the event before).
    const claim = await announcing(this.ctx, async (tx, announce) => {
      const claimed = await repo.claimEscalation(tx, item, now, new Date(now.getTime() + MAIL_HOLD_MS));
      if (claimed === undefined) return undefined;
      const subject = await repo.escalationSubject(tx, item.lineId);
      if (subject) await announce({ type: 'line.overdue', at: now, line: refOf(subject), target: item.kind, dueAt: item.dueAt, live: escalationEvent(subject, item, now) });
      return { id: claimed, subject };
    });
    if (claim === undefined) return false;
    const { id, subject } = claim;
    if (!subject) return true;
    const to = (await receiversOf()).filter((r) => receivesEscalations(r, subject.hotelId));
    // The hotel takes its e-mails as a digest: this one goes with the next (the live event went now).
    if (subject.hotelDigestMinutes !== null) {
      await holdForDigest(db, id);
      return true;
    }
    void this.slots.send(() => mailEscalation(this.mail, id, subject, item, to, { attempts: 1 }));
    return true;
  }
}

/** Which line an announced change is about. */
const refOf = (subject: repo.EscalationSubject) => ({ id: subject.lineId, requestId: subject.requestId, requestCode: subject.requestCode, hotelId: subject.hotelId });

/** Resolves true once `settled` does, false when `ms` pass first. */
function settledWithin(settled: Promise<true>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}
