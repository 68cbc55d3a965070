import { type Language, type RequestStatus, ltrIn } from '@shared';
import { clientRoutes } from '@shared/routes';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { defineMessages, localize } from '../../i18n/localize';
import type { MailMessage } from '../../mail/mailer';
import { type OutboundKind, deliverMail, enqueue } from '../../outbound/outbound-queue';
import * as repo from './guest-mail.repository';

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

type Header = repo.GuestMailHeader;

/** The finished-request e-mail's kind on the outbound queue. */
export const GUEST_FINISHED_KIND = 'guest-finished';
/**
 * Made in the transaction that finishes the request; a row carrying only its input (moved from
 * the old guest_notices at the upgrade, migration 0049) is made at its first try.
 */
export const guestFinishedMail: OutboundKind<MailMessage> = {
  prepare: (ctx, tx, input) => finishedMail(ctx, tx, (input as { requestId: string }).requestId),
  deliver: deliverMail,
};

/**
 * Once every line of a request is finished (Completed or Rejected), the guest gets one
 * e-mail, in the language they used, with each line's outcome and the review link. It is
 * written to the outbound queue in the transaction that finishes the request (`tx`), keyed by
 * the request: however many processes see the last line close, or the request finish again, it
 * is written once; it goes once that commits, is tried again when the mail server refuses it,
 * and is never lost with the process. Call `ctx.outbound.nudge()` after the commit. Answers
 * whether it was written now.
 */
export async function enqueueFinishedNotice(ctx: AppContext, tx: DbOrTx, requestId: string, status: RequestStatus): Promise<boolean> {
  if (status !== 'Completed' && status !== 'Rejected') return false;
  const message = await finishedMail(ctx, tx, requestId);
  if (!message) return false;
  return enqueue(ctx, tx, { kind: GUEST_FINISHED_KIND, dedupeKey: `guest-finished:${requestId}`, input: { requestId }, message });
}

/**
 * An address to write to, and (HOTEL_GUEST_EMAIL=verified) a request from the room's
 * signed QR code: an unsigned request may carry anybody's address, and the e-mail would
 * make the hotel's mail server write to it.
 */
function mayEmail(ctx: AppContext, header: Header): boolean {
  return Boolean(header.custEmail) && (!ctx.config.guestEmailVerifiedOnly || header.roomVerified);
}

/** The finished e-mail of a request, as `db` reads it; null when the guest is not to be written to. */
async function finishedMail(ctx: AppContext, db: DbOrTx, requestId: string): Promise<MailMessage | null> {
  const header = await repo.guestMailHeader(db, requestId, 'en');
  if (!header || !mayEmail(ctx, header)) return null;
  const lang: Language = header.lang === 'en' ? 'en' : 'ar';
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
  return {
    to: header.custEmail!,
    subject: localize(allRejected ? mail.subjectRejected : mail.subject, lang, params),
    text: [localize(intro, lang, params), outcome.join('\n'), localize(mail.outro, lang, { link })].join('\n\n'),
  };
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
