import { missedTargets } from '@shared';
import { MailNotConfiguredError } from '../../mail/mailer';
import { receivesEscalations } from '../../access/scope';
import { loggableError } from '../../db/errors';
import { logJobFailure } from '../../background';
import * as repo from './escalations.repository';
import * as digests from './digests.repository';
import { digestMail, digestMessageId } from './escalation-mail';
import { MAIL_HOLD_MS, MAIL_RETRY_AFTER_MS, type MailWork, RETRY_BATCH } from './escalation-mailer';

/**
 * The hotels that take escalation e-mails as a digest: once a hotel's window is over,
 * one process takes its waiting escalations (each once) onto a digest and sends each
 * receiver one e-mail listing the lines still late. The first escalation after a quiet
 * window goes at once; those that follow within the window wait for its end. The digest
 * is held while it is sent and each receiver the mail server takes is written at once,
 * so a refused receiver, or a process stopped mid-send, leaves the rest to `retryDigests`.
 * Returns how many e-mails the mail server took.
 */
export async function sendDigests(work: MailWork, now: Date): Promise<number> {
  const db = work.ctx.database.db;
  const holdUntil = new Date(now.getTime() + MAIL_HOLD_MS);
  const sending: Promise<number>[] = [];
  for (const hotel of await digests.hotelsWithDigestPending(db)) {
    if (work.stopped()) break;
    const windowMs = (hotel.minutes ?? 0) * work.ctx.config.sla.minuteMs;
    // The window, the digest and its escalations are taken together: a process stopped right
    // after the commit leaves a held digest (sent once the hold runs out), never a lost one.
    const digest = await db.transaction(async (tx) => {
      if (!(await digests.claimDigestWindow(tx, hotel.hotelId, now, new Date(now.getTime() - windowMs)))) return undefined;
      return digests.openDigest(tx, hotel.hotelId, now, holdUntil);
    });
    if (digest) sending.push(mailDigestInSlot(work, digest, now));
  }
  return (await Promise.all(sending)).reduce((a, b) => a + b, 0);
}

/**
 * Sends again, to the receivers it did not reach, each digest whose retry time has come (a
 * receiver the mail server refused) or whose try was cut off (its hold ran out). Every process
 * may run it; a digest is taken by one. Returns how many e-mails the mail server took.
 */
export async function retryDigests(work: MailWork, now: Date): Promise<number> {
  const due = await digests.takeDigestRetries(work.ctx.database.db, now, MAIL_RETRY_AFTER_MS.length, new Date(now.getTime() + MAIL_HOLD_MS), RETRY_BATCH);
  const sent = await Promise.all(due.map((digest) => mailDigestInSlot(work, digest, now)));
  return sent.reduce((a, b) => a + b, 0);
}

function mailDigestInSlot(work: MailWork, digest: digests.Digest, now: Date): Promise<number> {
  let sent = 0;
  const mailing = work.slots.send(async () => {
    try {
      sent = await mailDigest(work, digest, now);
    } catch (error) {
      // A database outage mid-try: the digest stays held, and is tried again once the hold runs out.
      logJobFailure(work.log, 'escalation digest', error);
    }
  });
  return mailing.then(() => sent);
}

/**
 * One try at a digest: each receiver not yet mailed gets the lines still late, in their
 * language, with a Message-ID fixed per window and receiver (a copy sent again after a stop
 * between the mail server's answer and its write is one message to the reader). Each one
 * taken is written at once; at the end the digest says when to try again for the rest
 * (until the tries run out), or that nothing is left.
 */
async function mailDigest(work: MailWork, digest: digests.Digest, now: Date): Promise<number> {
  const { ctx } = work;
  const db = ctx.database.db;
  const items: { subject: repo.EscalationSubject; due: repo.DueEscalation }[] = [];
  for (const due of await digests.digestEscalations(db, digest.id)) {
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
    if (work.slots.cutOff) return sent;
    try {
      await ctx.mailer.send({
        ...digestMail(ctx.config.publicUrl, items, receiver, ctx.config.hotelTimeZone),
        messageId: digestMessageId(ctx.config.publicUrl, digest.hotelId, digest.windowAt, receiver.userId),
      });
    } catch (error) {
      if (error instanceof MailNotConfiguredError) {
        // No mail server is set: the escalations wait for the hotel's next window (Home warns meanwhile).
        await digests.returnToDigest(db, digest.id).catch(() => undefined);
        return sent;
      }
      missed++;
      work.log.warn({ err: loggableError(error), hotelId: digest.hotelId, attempt: digest.attempts }, 'escalation digest e-mail not sent');
      continue;
    }
    sent++;
    // A database outage here leaves the hold to run out: the try is then made again, and the Message-ID folds the copy.
    await digests.recordDigestMailed(db, digest.id, receiver.userId).catch(() => undefined);
  }
  const wait = missed > 0 ? MAIL_RETRY_AFTER_MS[digest.attempts - 1] : undefined;
  await digests.recordDigestMailing(db, digest.id, wait === undefined ? null : new Date(ctx.clock.now().getTime() + wait)).catch(() => undefined);
  return sent;
}
