import { type Language, ltrIn } from '@shared';
import type { AppContext } from '../../../context';
import { loggableError } from '../../../db/errors';
import { defineMessages, localize } from '../../../i18n/localize';
import { MailNotConfiguredError, messageIdHost } from '../../../mail/mailer';
import { trackingLink } from '../../requests/guest-mail';
import { serviceNamesOf } from '../../requests/lists.repository';
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

/**
 * At check-out, one e-mail to the stay's address (from the PMS) with each request made
 * during the stay and its review link. The stay row is claimed first, so a replayed or
 * repeated check-out, another process or a restart never sends it twice; a send the mail
 * server refuses gives the claim back (logged), as does a server with no mail set up.
 * A stay with no request, or no address, gets no e-mail: there is nothing to review.
 */
export async function sendStayReviewMail(ctx: AppContext, stayId: number): Promise<boolean> {
  const { db } = ctx.database;
  const stay = await repo.stayById(db, stayId);
  if (!stay || !ADDRESS.test(stay.email.trim()) || stay.reviewMailSentAt) return false;
  const stayRequests = await repo.requestsOfStay(db, stayId);
  if (!stayRequests.length) return false;
  if (!(await repo.claimReviewMail(db, stayId, ctx.clock.now()))) return false;
  const lang: Language = stay.language.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
  try {
    const hotel = await repo.hotelNamesOf(db, stay.hotelId);
    const hotelName = (lang === 'ar' ? hotel?.nameAr : hotel?.name) || hotel?.name || '';
    const names = await serviceNamesOf(db, stayRequests.map((r) => r.id), lang);
    const list = stayRequests.map((r) =>
      localize(mail.request, lang, { code: ltrIn(lang, r.requestCode), services: (names.get(r.id) ?? []).join(lang === 'ar' ? '، ' : ', '), link: trackingLink(ctx, r.id) }),
    );
    await ctx.mailer.send({
      to: stay.email.trim(),
      subject: localize(mail.subject, lang, { hotel: hotelName }),
      text: [localize(mail.intro, lang, { hotel: hotelName }), list.join('\n'), localize(mail.outro, lang)].join('\n\n'),
      messageId: `<stay-review-${stay.id}@${messageIdHost(ctx.config.publicUrl)}>`,
    });
    return true;
  } catch (error) {
    await repo.releaseReviewMail(db, stayId);
    if (!(error instanceof MailNotConfiguredError)) console.error(`Stay review e-mail for stay ${stay.externalId} failed: ${String(loggableError(error).message)}`);
    return false;
  }
}
