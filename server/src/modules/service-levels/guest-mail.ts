import { type Language, type RequestStatus, ltrIn } from '@shared';
import { and, eq, sql } from 'drizzle-orm';
import { clientRoutes } from '@shared/routes';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { guestNotices } from '../../db/schema';
import { defineMessages, localize } from '../../i18n/localize';
import { MailNotConfiguredError, type MailMessage, messageIdHost } from '../../mail/mailer';
import { type OutboundKind, deliverMail, enqueue } from '../../outbound/outbound-queue';
import * as repo from './guest-mail.repository';
import { loggableError } from '../../db/errors';

const mail = defineMessages({
  subject: { en: 'Your request {code} is finished', ar: 'اكتمل طلبك {code}' },
  subjectRejected: { en: 'Your request {code} could not be done', ar: 'تعذّر تنفيذ طلبك {code}' },
  // No greeting by name: the name is whatever was typed with the address, and the hotel's server must not write it to anyone.
  intro: { en: 'Hello,\n\nOur team has finished your request {code} at {hotel}, room {room}.', ar: 'مرحبًا،\n\nأنهى فريقنا طلبك {code} في {hotel}، الغرفة {room}.' },
  introRejected: {
    en: 'Hello,\n\nWe are sorry: we could not do your request {code} at {hotel}, room {room}.',
    ar: 'مرحبًا،\n\nنعتذر: تعذّر علينا تنفيذ طلبك {code} في {hotel}، الغرفة {room}.',
  },
  introPartly: {
    en: 'Hello,\n\nOur team has finished your request {code} at {hotel}, room {room}; part of it could not be done.',
    ar: 'مرحبًا،\n\nأنهى فريقنا طلبك {code} في {hotel}، الغرفة {room}؛ وتعذّر تنفيذ جزء منه.',
  },
  Completed: { en: 'done', ar: 'تم' },
  Rejected: { en: 'could not be done', ar: 'تعذّر تنفيذه' },
  reply: { en: 'Our reply: {reply}', ar: 'ردّنا: {reply}' },
  trackingSubject: { en: 'Your request {code} at {hotel}', ar: 'طلبك {code} في {hotel}' },
  tracking: {
    en: 'Hello,\n\nWe have received your request {code} for room {room}. Follow it here, and tell us how it went once it is done:\n{link}\n\nThank you for staying with us.',
    ar: 'مرحبًا،\n\nاستلمنا طلبك {code} للغرفة {room}. تابعه من هنا، وأخبرنا برأيك بعد تنفيذه:\n{link}\n\nشكرًا لإقامتك معنا.',
  },
  outro: {
    en: 'See your request and tell us how it went:\n{link}\n\nThank you for staying with us.',
    ar: 'اطّلع على طلبك وأخبرنا برأيك:\n{link}\n\nشكرًا لإقامتك معنا.',
  },
});

/** How long one try may take before it counts as lost (the process stopped mid-send) and is tried again. */
export const TRY_LEASE_MS = 5 * 60_000;
/** The wait before each retry of an e-mail the mail server did not take; after the last, no more. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;
/** Older than this, an e-mail not sent is no longer tried: the guest has likely left. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** E-mails retried per run (the scheduler runs every few seconds). */
const RETRY_BATCH = 20;

type Header = repo.GuestMailHeader;
const finished = (requestId: string) => and(eq(guestNotices.requestId, requestId), eq(guestNotices.kind, 'finished'));

/**
 * Once every line of a request is finished (Completed or Rejected), the guest gets one
 * e-mail, in the language they used, with each line's outcome and the review link. The
 * guest_notices row (primary key request + kind) is claimed in the transaction that finishes
 * the request (`claimFinishedNotice`), so however many processes see the last line close,
 * one of them sends it, and a process that stops between that commit and the send leaves
 * the row to `retryGuestNotices` once its hold runs out: the e-mail is never lost with it.
 */
export async function claimFinishedNotice(ctx: AppContext, tx: DbOrTx, requestId: string, status: RequestStatus, at: Date): Promise<boolean> {
  if (status !== 'Completed' && status !== 'Rejected') return false;
  const header = await repo.guestMailHeader(tx, requestId, 'en');
  if (!header || !mayEmail(ctx, header)) return false;
  const claimed = await tx
    .insert(guestNotices)
    .values({ requestId, kind: 'finished', nextAttemptAt: new Date(at.getTime() + TRY_LEASE_MS) })
    .onConflictDoNothing()
    .returning({ requestId: guestNotices.requestId });
  return claimed.length > 0;
}

/** Sends the e-mail a committed `claimFinishedNotice` took (its first try). */
export async function sendClaimedNotice(ctx: AppContext, requestId: string): Promise<boolean> {
  const header = await repo.guestMailHeader(ctx.database.db, requestId, 'en');
  return header ? sendFinished(ctx, header, 1) : false;
}

/**
 * Tries again, in every process at once without doubling (rows are taken with SKIP
 * LOCKED), the finished-request e-mails whose retry time has come. Returns how many
 * the mail server took.
 */
export async function retryGuestNotices(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const db = ctx.database.db;
  const due = rowsOf<{ request_id: string; attempts: number }>(
    await db.execute(sql`
      update guest_notices g set attempts = g.attempts + 1, next_attempt_at = ${new Date(now.getTime() + TRY_LEASE_MS)}
      from (
        select request_id, kind from guest_notices
        where sent_at is null and next_attempt_at <= ${now} and attempts <= ${RETRY_AFTER_MS.length}
          and created_at > ${new Date(now.getTime() - GIVE_UP_AFTER_MS)}
        order by next_attempt_at
        limit ${RETRY_BATCH}
        for update skip locked
      ) d
      where g.request_id = d.request_id and g.kind = d.kind
      returning g.request_id, g.attempts`),
  );
  let sent = 0;
  for (const { request_id: requestId, attempts } of due) {
    const header = await repo.guestMailHeader(db, requestId, 'en');
    if (!header || !mayEmail(ctx, header)) {
      await db.delete(guestNotices).where(finished(requestId));
      continue;
    }
    try {
      if (await sendFinished(ctx, header, attempts)) sent++;
    } catch (error) {
      ctx.log.error({ err: loggableError(error) }, `Guest e-mail for request ${header.requestCode} failed again (try ${attempts})`);
    }
  }
  return sent;
}

/**
 * An address to write to, and (HOTEL_GUEST_EMAIL=verified) a request from the room's
 * signed QR code: an unsigned request may carry anybody's address, and the e-mail would
 * make the hotel's mail server write to it.
 */
function mayEmail(ctx: AppContext, header: Header): boolean {
  return Boolean(header.custEmail) && (!ctx.config.guestEmailVerifiedOnly || header.roomVerified);
}

/** Sends the e-mail of a claimed row and records the outcome: sent, or when to try again. */
async function sendFinished(ctx: AppContext, header: Header, attempts: number): Promise<boolean> {
  const db = ctx.database.db;
  const requestId = header.id;
  const lang: Language = header.lang === 'en' ? 'en' : 'ar';
  try {
    const inLang = lang === 'en' ? header : ((await repo.guestMailHeader(db, requestId, lang)) ?? header);
    const lines = await repo.guestMailLines(db, requestId, lang);
    // The code and room read left to right inside the Arabic sentence.
    const params = { code: ltrIn(lang, header.requestCode), hotel: inLang.hotelName, room: ltrIn(lang, inLang.roomNumber) };
    const link = trackingLink(ctx, requestId);
    // A request none of which was done must not read as "complete" (the request's status follows its lines).
    const rejected = lines.filter((line) => line.status === 'Rejected').length;
    const allRejected = lines.length > 0 && rejected === lines.length;
    const intro = allRejected ? mail.introRejected : rejected ? mail.introPartly : mail.intro;
    const outcome = lines.map((line) => {
      const state = line.status === 'Rejected' ? localize(mail.Rejected, lang) : localize(mail.Completed, lang);
      const reply = line.reply ? `\n   ${localize(mail.reply, lang, { reply: line.reply })}` : '';
      return `• ${line.serviceName}: ${state}${reply}`;
    });
    await ctx.mailer.send({
      to: header.custEmail!,
      subject: localize(allRejected ? mail.subjectRejected : mail.subject, lang, params),
      text: [localize(intro, lang, params), outcome.join('\n'), localize(mail.outro, lang, { link })].join('\n\n'),
      messageId: guestMessageId(ctx.config.publicUrl, requestId),
    });
  } catch (error) {
    if (error instanceof MailNotConfiguredError) {
      // No mail server is set: give the claim back, so the next change of the request can try.
      await db.delete(guestNotices).where(finished(requestId));
      return false;
    }
    const wait = RETRY_AFTER_MS[attempts - 1];
    // After the last try the row stays, unsent, as the record that the guest was not told.
    if (wait !== undefined) await db.update(guestNotices).set({ nextAttemptAt: new Date(ctx.clock.now().getTime() + wait) }).where(finished(requestId));
    throw error;
  }
  // At once: a process killed between the mail server's answer and this write sends it again,
  // with the same Message-ID, which the guest's mail client shows once.
  await db.update(guestNotices).set({ sentAt: ctx.clock.now() }).where(finished(requestId));
  return true;
}

/**
 * The guest's link to follow a request: its unguessable id is the only key, as in the
 * finished e-mail; nothing else (no token, no name) goes into the address.
 */
export function trackingLink(ctx: AppContext, requestId: string): string {
  return `${ctx.config.publicUrl}${clientRoutes.guestReview}?id=${encodeURIComponent(requestId)}`;
}

/** The tracking-link e-mail's kind on the outbound queue. */
export const GUEST_TRACKING_KIND = 'guest-tracking';
export const guestTrackingMail: OutboundKind<MailMessage> = { deliver: deliverMail };

/**
 * A request filed at the desk: the tracking link, e-mailed to the address the guest gave,
 * in their language. Written to the outbound queue in the transaction that files the request
 * (`tx`), so it goes once that commits, is tried again when the mail server refuses it, and is
 * never lost with the process; call `ctx.outbound.nudge()` after the commit. Answers whether it
 * was queued (a request with no address has none).
 */
export async function enqueueTrackingLink(ctx: AppContext, tx: DbOrTx, requestId: string): Promise<boolean> {
  const header = await repo.guestMailHeader(tx, requestId, 'en');
  if (!header?.custEmail) return false;
  const lang: Language = header.lang === 'en' ? 'en' : 'ar';
  const inLang = lang === 'en' ? header : ((await repo.guestMailHeader(tx, requestId, lang)) ?? header);
  const params = { code: ltrIn(lang, header.requestCode), hotel: inLang.hotelName, room: ltrIn(lang, inLang.roomNumber), link: trackingLink(ctx, requestId) };
  const message: MailMessage = { to: header.custEmail, subject: localize(mail.trackingSubject, lang, params), text: localize(mail.tracking, lang, params) };
  return enqueue(ctx, tx, { kind: GUEST_TRACKING_KIND, dedupeKey: `guest-tracking:${requestId}`, message });
}

/** The same for every try at one request's finished e-mail, whichever process sends it. */
export function guestMessageId(publicUrl: string, requestId: string): string {
  return `<guest-finished-${requestId}@${messageIdHost(publicUrl)}>`;
}
