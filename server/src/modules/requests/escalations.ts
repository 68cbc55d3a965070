import { type Escalation, type Language, NO_TARGETS, type TargetKind, displayName, dueTimesOf, ltrIn, missedTargets } from '@shared';
import { clientRoutes } from '@shared/routes';
import type { AppContext } from '../../context';
import { defineMessages, localize } from '../../i18n/localize';
import { MailNotConfiguredError, messageIdHost } from '../../mail/mailer';
import * as repo from './escalations.repository';
import { retryGuestNotices } from './guest-mail';
import { retryStayReviewMails } from '../integrations/stays/stay-mail';
import { iso } from './requests.mappers';
import { recordLiveEvent } from '../../events/outbox-relay';
import { recordWebhookEvent } from '../integrations/webhooks/outbox';
import { lineRef } from '../integrations/webhooks/event-data.repository';
import { receivesEscalations } from '../../access/scope';
import { loggableError } from '../../db/errors';
import { logJobFailure } from '../../background';
import { targetsOf } from './service-levels.repository';
import { pushOffered } from '../work/push.service';
import { inLanguage } from '../../access/names';

/**
 * Escalation: when an open line passes a target without its action, the
 * holders of Escalations.Receive for its hotel hear it at once (a `line-escalated` live
 * event, which the admin app shows and the desktop app notifies) and get an e-mail in
 * their own language. Every process runs this; the database row claimed per line and
 * target decides which process sends (exactly once). A line that fell due while every
 * server was down is found by the first run after start.
 */

const mail = defineMessages({
  // The hotel is in the subject: a chain's hotels have rooms of the same numbers.
  acknowledgeSubject: { en: 'Late: {service}, room {room}, {hotel}: not acknowledged', ar: 'متأخر: {service}، الغرفة {room}، {hotel}: لم يُستلم' },
  completeSubject: { en: 'Late: {service}, room {room}, {hotel}: not completed', ar: 'متأخر: {service}، الغرفة {room}، {hotel}: لم يكتمل' },
  acknowledgeBody: {
    en: 'Hello {name},\n\nRequest {code} at {hotel}, room {room}: "{service}" ({department}) was to be acknowledged by {due}, and nobody has taken it yet.',
    ar: 'مرحبًا {name}،\n\nالطلب {code} في {hotel}، الغرفة {room}: «{service}» ({department}) كان يجب استلامه بحلول {due}، ولم يستلمه أحد بعد.',
  },
  completeBody: {
    en: 'Hello {name},\n\nRequest {code} at {hotel}, room {room}: "{service}" ({department}) was to be completed by {due}, and it is still open.',
    ar: 'مرحبًا {name}،\n\nالطلب {code} في {hotel}، الغرفة {room}: «{service}» ({department}) كان يجب إكماله بحلول {due}، وما زال مفتوحًا.',
  },
  noDepartment: { en: 'no department yet', ar: 'بلا قسم بعد' },
  open: { en: 'Open it: {link}', ar: 'افتحه: {link}' },
  digestSubject: { en: 'Late: {count} requests at {hotel}', ar: 'متأخر: {count} من الطلبات في {hotel}' },
  digestBody: {
    en: 'Hello {name},\n\nThese requests at {hotel} are late:',
    ar: 'مرحبًا {name}،\n\nهذه الطلبات في {hotel} متأخرة:',
  },
  digestLineAcknowledge: {
    en: '- {code}, room {room}: "{service}" ({department}): not acknowledged, due {due}\n  {link}',
    ar: '- {code}، الغرفة {room}: «{service}» ({department}): لم يُستلم، وكان موعده {due}\n  {link}',
  },
  digestLineComplete: {
    en: '- {code}, room {room}: "{service}" ({department}): not completed, due {due}\n  {link}',
    ar: '- {code}، الغرفة {room}: «{service}» ({department}): لم يكتمل، وكان موعده {due}\n  {link}',
  },
});

/** Lines escalated per query round; a round repeats while it comes back full. */
const BATCH = 200;
/**
 * Escalations whose e-mails go out at once, per process. A burst (the catch-up after a
 * restart, a busy evening) must not open one SMTP connection per escalation: mail
 * servers refuse connections above a few (421), and a refused e-mail is lost. The live
 * event does not wait for this: it goes out when the escalation is claimed.
 */
export const MAIL_CONCURRENCY = 4;
/** How long one try at e-mailing may take before it counts as lost (the process stopped mid-send) and is tried again. */
export const MAIL_HOLD_MS = 5 * 60_000;
/**
 * The wait before each retry of an escalation e-mail that did not reach everyone; after the
 * last, no more. Short: a supervisor told of a late job an hour on is told too late.
 */
export const MAIL_RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
/** Escalations whose e-mail is retried per run. */
const RETRY_BATCH = 50;

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
  private readonly mails = new Set<Promise<void>>();
  private stopped = false;
  /** A stop's wait ran out: no e-mail starts any more. */
  private cutOff = false;
  private freeSlots = MAIL_CONCURRENCY;
  private readonly waitingForSlot: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly log: { warn(obj: unknown, msg?: string): void },
  ) {}

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
      const pending = [this.running, this.retrying, ...this.mails].filter((p) => p !== undefined);
      if (!pending.length) return 0;
      const settled = Promise.allSettled(pending).then(() => true as const);
      if (!Number.isFinite(limitMs)) await settled;
      else if (!(await settledWithin(settled, deadline - Date.now()))) {
        this.cutOff = true;
        return this.mails.size;
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
    // The same clock tries again the e-mails the mail server did not take: the guests' and the escalations'.
    this.retrying = Promise.all([
      retryGuestNotices(this.ctx, now).catch((error: unknown) => logJobFailure(this.log, 'guest e-mail retry', error)),
      retryStayReviewMails(this.ctx, now).catch((error: unknown) => logJobFailure(this.log, 'stay review e-mail retry', error)),
      this.retryMails(now).catch((error: unknown) => logJobFailure(this.log, 'escalation e-mail retry', error)),
      this.retryDigests(now).catch((error: unknown) => logJobFailure(this.log, 'escalation digest retry', error)),
    ])
      .then(() => undefined)
      .finally(() => (this.retrying = undefined));
    await this.retrying;
  }

  /**
   * E-mails again, to the receivers it did not reach, each escalation whose retry time has
   * come (or whose try was cut off), unless the line was acted on since. Every process may
   * run it; a row is taken by one. Returns how many escalations were tried, once their
   * e-mails have gone.
   */
  async retryMails(now = this.ctx.clock.now()): Promise<number> {
    const db = this.ctx.database.db;
    if (await this.ctx.mailer.isSetUp()) await repo.releaseAwaitingMail(db, now);
    const due = await repo.takeMailRetries(db, now, MAIL_RETRY_AFTER_MS.length, new Date(now.getTime() + MAIL_HOLD_MS), RETRY_BATCH);
    if (!due.length) return 0;
    const receivers = await repo.escalationReceivers(db);
    const sending: Promise<void>[] = [];
    for (const item of due) {
      const subject = await repo.escalationSubject(db, item.lineId);
      // Acted on since (acknowledged, or finished): the escalation has nothing left to say.
      if (!subject || !missedTargets(subject, now).includes(item.kind)) {
        await repo.endMailing(db, item.id);
        continue;
      }
      const to = receivers.filter((r) => receivesEscalations(r, subject.hotelId) && !item.mailedUserIds.includes(r.userId));
      const mailing = this.inSlot(() => this.mailAll(item.id, subject, item, to, item));
      this.track(mailing);
      sending.push(mailing);
    }
    await Promise.allSettled(sending);
    return due.length;
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
      const due = await repo.dueScheduledLines(db, now, BATCH);
      for (const line of due) {
        const targets = (await targetsOf(db, [line.serviceId], line.hotelId)).get(line.serviceId) ?? NO_TARGETS;
        const start = line.alertAt!;
        // The line fires with its alert stored: a process that dies right after the commit leaves the alert to any process's relay.
        const fire = await db.transaction(async (tx) => {
          if (!(await repo.fireScheduledLine(tx, line.lineId, now, { clockStartedAt: start, ...dueTimesOf(start, targets, this.ctx.config.sla.minuteMs) }))) return undefined;
          const subject = await repo.escalationSubject(tx, line.lineId);
          if (subject) await recordLiveEvent(tx, scheduledAlertEvent(subject, now));
          return { subject };
        });
        if (!fire) continue;
        fired++;
        await this.ctx.liveOutbox.wake();
        if (!fire.subject) continue;
        await pushOffered(this.ctx, { lineId: line.lineId });
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
   * The hotels that take escalation e-mails as a digest: once a hotel's window is over,
   * one process takes its waiting escalations (each once) onto a digest and sends each
   * receiver one e-mail listing the lines still late. The first escalation after a quiet
   * window goes at once; those that follow within the window wait for its end. The digest
   * is held while it is sent and each receiver the mail server takes is written at once,
   * so a refused receiver, or a process stopped mid-send, leaves the rest to `retryDigests`.
   * Returns how many e-mails the mail server took.
   */
  async sendDigests(now = this.ctx.clock.now()): Promise<number> {
    const db = this.ctx.database.db;
    const holdUntil = new Date(now.getTime() + MAIL_HOLD_MS);
    const sending: Promise<number>[] = [];
    for (const hotel of await repo.hotelsWithDigestPending(db)) {
      if (this.stopped) break;
      const windowMs = (hotel.minutes ?? 0) * this.ctx.config.sla.minuteMs;
      // The window, the digest and its escalations are taken together: a process stopped right
      // after the commit leaves a held digest (sent once the hold runs out), never a lost one.
      const digest = await db.transaction(async (tx) => {
        if (!(await repo.claimDigestWindow(tx, hotel.hotelId, now, new Date(now.getTime() - windowMs)))) return undefined;
        return repo.openDigest(tx, hotel.hotelId, now, holdUntil);
      });
      if (digest) sending.push(this.mailDigestInSlot(digest, now));
    }
    return (await Promise.all(sending)).reduce((a, b) => a + b, 0);
  }

  /**
   * Sends again, to the receivers it did not reach, each digest whose retry time has come (a
   * receiver the mail server refused) or whose try was cut off (its hold ran out). Every process
   * may run it; a digest is taken by one. Returns how many e-mails the mail server took.
   */
  async retryDigests(now = this.ctx.clock.now()): Promise<number> {
    const due = await repo.takeDigestRetries(this.ctx.database.db, now, MAIL_RETRY_AFTER_MS.length, new Date(now.getTime() + MAIL_HOLD_MS), RETRY_BATCH);
    const sent = await Promise.all(due.map((digest) => this.mailDigestInSlot(digest, now)));
    return sent.reduce((a, b) => a + b, 0);
  }

  private mailDigestInSlot(digest: repo.Digest, now: Date): Promise<number> {
    let sent = 0;
    const mailing = this.inSlot(async () => {
      try {
        sent = await this.mailDigest(digest, now);
      } catch (error) {
        // A database outage mid-try: the digest stays held, and is tried again once the hold runs out.
        logJobFailure(this.log, 'escalation digest', error);
      }
    });
    this.track(mailing);
    return mailing.then(() => sent);
  }

  /**
   * One try at a digest: each receiver not yet mailed gets the lines still late, in their
   * language, with a Message-ID fixed per window and receiver (a copy sent again after a stop
   * between the mail server's answer and its write is one message to the reader). Each one
   * taken is written at once; at the end the digest says when to try again for the rest
   * (until the tries run out), or that nothing is left.
   */
  private async mailDigest(digest: repo.Digest, now: Date): Promise<number> {
    const db = this.ctx.database.db;
    const items: { subject: repo.EscalationSubject; due: repo.DueEscalation }[] = [];
    for (const due of await repo.digestEscalations(db, digest.id)) {
      const subject = await repo.escalationSubject(db, due.lineId);
      // Acted on since it escalated: nothing left to say about it.
      if (subject && missedTargets(subject, now).includes(due.kind)) items.push({ subject, due });
    }
    const to = items.length
      ? (await repo.escalationReceivers(db)).filter((r) => receivesEscalations(r, digest.hotelId) && !digest.mailedUserIds.includes(r.userId))
      : [];
    let sent = 0;
    let missed = 0;
    for (const receiver of to) {
      // The stop's wait is over: the rest stay held in the digest, for a retry once the hold runs out.
      if (this.cutOff) return sent;
      try {
        await this.ctx.mailer.send({
          ...digestMail(this.ctx.config.publicUrl, items, receiver, this.ctx.config.hotelTimeZone),
          messageId: digestMessageId(this.ctx.config.publicUrl, digest.hotelId, digest.windowAt, receiver.userId),
        });
      } catch (error) {
        if (error instanceof MailNotConfiguredError) {
          // No mail server is set: the escalations wait for the hotel's next window (Home warns meanwhile).
          await repo.returnToDigest(db, digest.id).catch(() => undefined);
          return sent;
        }
        missed++;
        this.log.warn({ err: loggableError(error), hotelId: digest.hotelId, attempt: digest.attempts }, 'escalation digest e-mail not sent');
        continue;
      }
      sent++;
      // A database outage here leaves the hold to run out: the try is then made again, and the Message-ID folds the copy.
      await repo.recordDigestMailed(db, digest.id, receiver.userId).catch(() => undefined);
    }
    const wait = missed > 0 ? MAIL_RETRY_AFTER_MS[digest.attempts - 1] : undefined;
    await repo.recordDigestMailing(db, digest.id, wait === undefined ? null : new Date(this.ctx.clock.now().getTime() + wait)).catch(() => undefined);
    return sent;
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
    // The claim, its webhook event and its live event are stored together: a line escalates, and is
    // reported overdue, once; and a process that dies right after the commit leaves the live event
    // to any process's relay rather than losing it.
    const claim = await db.transaction(async (tx) => {
      const claimed = await repo.claimEscalation(tx, item, now, new Date(now.getTime() + MAIL_HOLD_MS));
      if (claimed === undefined) return undefined;
      const ref = await lineRef(tx, item.lineId);
      if (ref)
        await recordWebhookEvent(this.ctx, tx, 'line.overdue', ref, { ...ref, lineId: item.lineId, target: item.kind, dueAt: item.dueAt.toISOString() }, now);
      const subject = await repo.escalationSubject(tx, item.lineId);
      if (subject) await recordLiveEvent(tx, escalationEvent(subject, item, now));
      return { id: claimed, subject };
    });
    if (claim === undefined) return false;
    const { id, subject } = claim;
    // Published now, by this process's relay (the e-mails wait for it, as they waited for the event before).
    await this.ctx.liveOutbox.wake();
    if (!subject) return true;
    const to = (await receiversOf()).filter((r) => receivesEscalations(r, subject.hotelId));
    // The hotel takes its e-mails as a digest: this one goes with the next (the live event went now).
    if (subject.hotelDigestMinutes !== null) {
      await repo.holdForDigest(db, id);
      return true;
    }
    this.track(this.inSlot(() => this.mailAll(id, subject, item, to, { attempts: 1 })));
    return true;
  }

  /** Runs `work` when one of the MAIL_CONCURRENCY slots is free, in the order asked. */
  private async inSlot(work: () => Promise<void>): Promise<void> {
    if (this.freeSlots > 0) this.freeSlots--;
    else await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
    try {
      // The stop's wait is over: what has not begun stays held in its row, for a retry once the hold runs out.
      if (!this.cutOff) await work();
    } finally {
      const next = this.waitingForSlot.shift();
      if (next) next();
      else this.freeSlots++;
    }
  }

  private track(sending: Promise<void>): void {
    this.mails.add(sending);
    void sending.finally(() => this.mails.delete(sending));
  }

  /**
   * One e-mail per receiver, in their language. Each receiver the mail server took is
   * written to the row at once, so a process killed mid-loop never mails them again; at
   * the end the row says, if the mail server did not take one, when to try again for the
   * rest (until the tries run out). Each e-mail has a fixed Message-ID per escalation and
   * receiver: a copy sent again all the same (killed between the mail server's answer and
   * the write) is one message to the receiver's mail client.
   */
  private async mailAll(
    id: number,
    subject: repo.EscalationSubject,
    due: repo.DueEscalation,
    to: repo.Receiver[],
    before: { attempts: number },
  ): Promise<void> {
    const db = this.ctx.database.db;
    let missed = 0;
    for (const receiver of to) {
      // The stop's wait is over: the rest stay held in the row, for a retry once the hold runs out.
      if (this.cutOff) return;
      try {
        await this.ctx.mailer.send({ ...escalationMail(this.ctx.config.publicUrl, subject, due, receiver, this.ctx.config.hotelTimeZone), messageId: escalationMessageId(this.ctx.config.publicUrl, id, receiver.userId) });
      } catch (error) {
        if (error instanceof MailNotConfiguredError) {
          // No mail server is set: the e-mail waits for one (Home warns meanwhile).
          await repo.awaitMailSetup(db, id).catch(() => undefined);
          return;
        }
        missed++;
        this.log.warn({ err: loggableError(error), lineId: due.lineId, attempt: before.attempts }, 'escalation e-mail not sent');
        continue;
      }
      // A database outage here leaves the hold to run out: the try is then made again, and the Message-ID folds the copy.
      await repo.recordMailed(db, id, receiver.userId).catch(() => undefined);
    }
    const wait = missed > 0 ? MAIL_RETRY_AFTER_MS[before.attempts - 1] : undefined;
    await repo.recordMailing(db, id, wait === undefined ? null : new Date(this.ctx.clock.now().getTime() + wait)).catch(() => undefined);
  }
}

/** Resolves true once `settled` does, false when `ms` pass first. */
function settledWithin(settled: Promise<true>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, ms))));
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

/** The same for every try at one escalation's e-mail to one receiver, whichever process sends it. */
export function escalationMessageId(publicUrl: string, escalationId: number, userId: number): string {
  return `<escalation-${escalationId}-${userId}@${messageIdHost(publicUrl)}>`;
}

/** The same for every try at one digest window's e-mail to one receiver, whichever process sends it. */
export function digestMessageId(publicUrl: string, hotelId: number, windowAt: Date, userId: number): string {
  return `<escalation-digest-${hotelId}-${windowAt.getTime()}-${userId}@${messageIdHost(publicUrl)}>`;
}

function escalationEvent(subject: repo.EscalationSubject, due: repo.DueEscalation, now: Date) {
  const escalation: Escalation = {
    kind: due.kind,
    dueAt: iso(due.dueAt),
    serviceNameEn: subject.serviceNameEn,
    serviceNameAr: subject.serviceNameAr,
    hotelNameEn: subject.hotelNameEn,
    hotelNameAr: subject.hotelNameAr,
    roomNumber: subject.roomNumber,
    departmentName: subject.departmentName,
    departmentNameAr: subject.departmentNameAr,
  };
  return {
    type: 'line-escalated' as const,
    requestId: subject.requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [subject.departmentId],
    lineId: subject.lineId,
    statusName: subject.status,
    at: iso(now),
    escalation,
  };
}

/** A scheduled line's alert: the same event, toast and bell as a new request's, naming that line. */
function scheduledAlertEvent(subject: repo.EscalationSubject, now: Date) {
  return {
    type: 'request-created' as const,
    requestId: subject.requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [subject.departmentId],
    lineId: subject.lineId,
    statusName: 'Open' as const,
    at: iso(now),
    summary: {
      roomNumber: subject.roomNumber,
      hotelNameEn: subject.hotelNameEn,
      hotelNameAr: subject.hotelNameAr,
      services: [{ nameEn: subject.serviceNameEn, nameAr: subject.serviceNameAr }],
      serviceCount: 1,
      notePreview: '',
    },
  };
}

/** The due time as the hotel's clocks show it, whatever zone the server runs in. */
function timeOf(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(inLanguage(lang, { en: 'en-GB', ar: 'ar-SA-u-nu-latn' }), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
}

/** One receiver's digest: every line still late, in their language and the hotel's time. */
export function digestMail(
  publicUrl: string,
  items: { subject: repo.EscalationSubject; due: repo.DueEscalation }[],
  receiver: repo.Receiver,
  defaultTimeZone: string,
) {
  const lang = receiver.language;
  const first = items[0].subject;
  const hotel = inLanguage(lang, { en: first.hotelNameEn, ar: first.hotelNameAr });
  const lines = items.map(({ subject, due }) =>
    localize(due.kind === 'acknowledge' ? mail.digestLineAcknowledge : mail.digestLineComplete, lang, {
      code: ltrIn(lang, subject.requestCode),
      room: ltrIn(lang, subject.roomNumber),
      service: inLanguage(lang, { en: subject.serviceNameEn, ar: subject.serviceNameAr }),
      department:
        subject.departmentName === null
          ? localize(mail.noDepartment, lang)
          : displayName(lang, { name: subject.departmentName, nameAr: subject.departmentNameAr }),
      due: timeOf(due.dueAt, lang, subject.hotelTimeZone ?? defaultTimeZone),
      link: `${publicUrl}${clientRoutes.serviceDetails(due.lineId)}`,
    }),
  );
  return {
    to: receiver.email,
    subject: localize(mail.digestSubject, lang, { count: items.length, hotel }),
    text: `${localize(mail.digestBody, lang, { name: receiver.firstName, hotel })}\n\n${lines.join('\n')}`,
  };
}

export function escalationMail(
  publicUrl: string,
  subject: repo.EscalationSubject,
  due: { kind: TargetKind; dueAt: Date; lineId: number },
  receiver: repo.Receiver,
  defaultTimeZone: string,
) {
  const lang = receiver.language;
  const params = {
    name: receiver.firstName,
    code: ltrIn(lang, subject.requestCode),
    hotel: inLanguage(lang, { en: subject.hotelNameEn, ar: subject.hotelNameAr }),
    room: ltrIn(lang, subject.roomNumber),
    service: inLanguage(lang, { en: subject.serviceNameEn, ar: subject.serviceNameAr }),
    department:
      subject.departmentName === null
        ? localize(mail.noDepartment, lang)
        : displayName(lang, { name: subject.departmentName, nameAr: subject.departmentNameAr }),
    due: timeOf(due.dueAt, lang, subject.hotelTimeZone ?? defaultTimeZone),
  };
  const link = `${publicUrl}${clientRoutes.serviceDetails(due.lineId)}`;
  const [subjectText, body] = due.kind === 'acknowledge' ? [mail.acknowledgeSubject, mail.acknowledgeBody] : [mail.completeSubject, mail.completeBody];
  return {
    to: receiver.email,
    subject: localize(subjectText, lang, params),
    text: `${localize(body, lang, params)}\n\n${localize(mail.open, lang, { link })}`,
  };
}
