import { type Language, ltrIn } from '@shared';
import { inLanguage, listIn } from '../../../access/names';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { defineMessages, localize } from '../../../i18n/localize';
import type { MailMessage } from '../../../mail/mailer';
import { type OutboundKind, deliverMail, enqueue } from '../../../outbound/outbound-queue';
import { trackingLink } from '../../service-levels/guest-mail';
import { serviceNamesOf } from '../../basic-data/service-names.repository';
import * as repo from './stays.repository';

const mail = defineMessages({
  subject: { en: 'Thank you for staying at {hotel}', ar: 'شكرًا لإقامتك في {hotel}' },
  // No greeting by name, as in the other guest e-mails: the address is the PMS's, the name may not match it.
  intro: {
    en: 'Hello,\n\nThank you for staying with us at {hotel}. Please tell us how our team handled your requests during your stay:',
    ar: 'مرحبًا،\n\nشكرًا لإقامتك معنا في {hotel}. نرجو أن تخبرنا كيف تعامل فريقنا مع طلباتك خلال إقامتك:',
  },
  request: { en: '• Request {code}: {services}\n  {link}', ar: '• الطلب {code}: {services}\n  {link}' },
  outro: { en: 'We hope to welcome you again.', ar: 'نتطلع إلى استقبالك مرة أخرى.' },
});

/** A plain address: no spaces or line breaks, one @ with something either side. */
const ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/** The stay review e-mail's kind on the outbound queue. */
export const STAY_REVIEW_KIND = 'stay-review';
/**
 * Made in the check-out's transaction; a row carrying only its input (moved from the stay row's
 * claim at the upgrade, migration 0050) is made at its first try.
 */
export const stayReviewMail: OutboundKind<MailMessage> = {
  prepare: (ctx, tx, input) => stayReviewMessage(ctx, tx, (input as { stayId: number }).stayId),
  deliver: deliverMail,
};

/**
 * At check-out, one e-mail to the stay's address (from the PMS) with each request made during
 * the stay and its review link. Written to the outbound queue in the check-out's transaction
 * (`tx`), keyed by the stay: a replayed or repeated check-out (a stay re-opened by a late
 * check-in event and checked out again), another process or a restart never writes it twice;
 * the queue tries it again when the mail server refuses it, and it is never lost with the
 * process. Call `ctx.outbound.nudge()` after the commit. A stay with no request, or no
 * address, gets no e-mail: there is nothing to review.
 */
export async function enqueueStayReviewMail(ctx: AppContext, tx: DbOrTx, stayId: number): Promise<boolean> {
  const message = await stayReviewMessage(ctx, tx, stayId);
  if (!message) return false;
  return enqueue(ctx, tx, { kind: STAY_REVIEW_KIND, dedupeKey: `stay-review:${stayId}`, input: { stayId }, message });
}

async function stayReviewMessage(ctx: AppContext, db: DbOrTx, stayId: number): Promise<MailMessage | null> {
  const stay = await repo.stayById(db, stayId);
  if (!stay || !ADDRESS.test(stay.email.trim())) return null;
  const stayRequests = await repo.requestsOfStay(db, stayId);
  if (!stayRequests.length) return null;
  const lang: Language = stay.language.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
  const hotel = await repo.hotelNamesOf(db, stay.hotelId);
  const hotelName = inLanguage(lang, { en: hotel?.name, ar: hotel?.nameAr }) || hotel?.name || '';
  const names = await serviceNamesOf(db, stayRequests.map((r) => r.id), lang);
  const list = stayRequests.map((r) =>
    localize(mail.request, lang, { code: ltrIn(lang, r.requestCode), services: listIn(lang, names.get(r.id) ?? []), link: trackingLink(ctx, r.id) }),
  );
  return {
    to: stay.email.trim(),
    subject: localize(mail.subject, lang, { hotel: hotelName }),
    text: [localize(mail.intro, lang, { hotel: hotelName }), list.join('\n'), localize(mail.outro, lang)].join('\n\n'),
  };
}
