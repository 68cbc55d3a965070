import { missedTargets } from '@shared';
import type { AppContext } from '../../context';
import { MailNotConfiguredError } from '../../mail/mailer';
import { receivesEscalations } from '../../access/scope';
import { loggableError } from '../../db/errors';
import * as repo from './escalations.repository';
import { escalationMail, escalationMessageId } from './escalation-mail';
import type { MailSlots } from './mail-slots';

/** How long one try at e-mailing may take before it counts as lost (the process stopped mid-send) and is tried again. */
export const MAIL_HOLD_MS = 5 * 60_000;
/**
 * The wait before each retry of an escalation e-mail that did not reach everyone; after the
 * last, no more. Short: a supervisor told of a late job an hour on is told too late.
 */
export const MAIL_RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000] as const;
/** Escalations whose e-mail is retried per run. */
export const RETRY_BATCH = 50;

/** What the e-mail side of one scheduler works with. */
export interface MailWork {
  ctx: AppContext;
  log: { warn(obj: unknown, msg?: string): void };
  slots: MailSlots;
  /** The scheduler was stopped: no new round starts. */
  stopped(): boolean;
}

/**
 * E-mails again, to the receivers it did not reach, each escalation whose retry time has
 * come (or whose try was cut off), unless the line was acted on since. Every process may
 * run it; a row is taken by one. Returns how many escalations were tried, once their
 * e-mails have gone.
 */
export async function retryEscalationMails(work: MailWork, now: Date): Promise<number> {
  const db = work.ctx.database.db;
  if (await work.ctx.mailer.isSetUp()) await repo.releaseAwaitingMail(db, now);
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
    sending.push(work.slots.send(() => mailEscalation(work, item.id, subject, item, to, item)));
  }
  await Promise.allSettled(sending);
  return due.length;
}

/**
 * One e-mail per receiver, in their language. Each receiver the mail server took is
 * written to the row at once, so a process killed mid-loop never mails them again; at
 * the end the row says, if the mail server did not take one, when to try again for the
 * rest (until the tries run out). Each e-mail has a fixed Message-ID per escalation and
 * receiver: a copy sent again all the same (killed between the mail server's answer and
 * the write) is one message to the receiver's mail client.
 */
export async function mailEscalation(
  work: MailWork,
  id: number,
  subject: repo.EscalationSubject,
  due: repo.DueEscalation,
  to: repo.Receiver[],
  before: { attempts: number },
): Promise<void> {
  const { ctx } = work;
  const db = ctx.database.db;
  let missed = 0;
  for (const receiver of to) {
    // The stop's wait is over: the rest stay held in the row, for a retry once the hold runs out.
    if (work.slots.cutOff) return;
    try {
      await ctx.mailer.send({ ...escalationMail(ctx.config.publicUrl, subject, due, receiver, ctx.config.hotelTimeZone), messageId: escalationMessageId(ctx.config.publicUrl, id, receiver.userId) });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) {
        // No mail server is set: the e-mail waits for one (Home warns meanwhile).
        await repo.awaitMailSetup(db, id).catch(() => undefined);
        return;
      }
      missed++;
      work.log.warn({ err: loggableError(error), lineId: due.lineId, attempt: before.attempts }, 'escalation e-mail not sent');
      continue;
    }
    // A database outage here leaves the hold to run out: the try is then made again, and the Message-ID folds the copy.
    await repo.recordMailed(db, id, receiver.userId).catch(() => undefined);
  }
  const wait = missed > 0 ? MAIL_RETRY_AFTER_MS[before.attempts - 1] : undefined;
  await repo.recordMailing(db, id, wait === undefined ? null : new Date(ctx.clock.now().getTime() + wait)).catch(() => undefined);
}
