import { type Language, ltrIn } from '@shared';
import { inLanguage, listIn } from '../../../access/names';
import type { AppContext } from '../../../context';
import { loggableError } from '../../../db/errors';
import { defineMessages, localize } from '../../../i18n/localize';
import { MailNotConfiguredError, messageIdHost } from '../../../mail/mailer';
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

/** How long one try may take before it counts as lost (the process stopped mid-send) and is tried again. */
export const TRY_LEASE_MS = 5 * 60_000;
/** The wait before each retry of an e-mail the mail server did not take; after the last, no more. */
const RETRY_AFTER_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;

/** A plain address: no spaces or line breaks, one @ with something either side. */
const ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/**
 * At check-out, one e-mail to the stay's address (from the PMS) with each request made
 * during the stay and its review link. The stay row is claimed first, so a replayed or
 * repeated check-out, another process or a restart never sends it twice; a send the mail
 * server refuses gives the claim back and is tried again later (`retryStayReviewMails`);
 * with no mail server set up the claim is given back and nothing is tried by itself.
 * A stay with no request, or no address, gets no e-mail: there is nothing to review.
 */
export async function sendStayReviewMail(ctx: AppContext, stayId: number, now = ctx.clock.now()): Promise<boolean> {
  const { db } = ctx.database;
  const stay = await repo.stayById(db, stayId);
  // Sent (taken by the mail server, nothing left to try): a replayed check-out, another process or a restart sends nothing.
  if (!stay || (stay.reviewMailSentAt && !stay.reviewMailRetryAt)) return false;
  const stayRequests = ADDRESS.test(stay.email.trim()) ? await repo.requestsOfStay(db, stayId) : [];
  if (!stayRequests.length) {
    // Nothing to send, now or later: off the retry sweep's list.
    if (stay.reviewMailRetryAt) await repo.releaseReviewMail(db, stayId, null, stay.reviewMailTries);
    return false;
  }
  if (!(await repo.claimReviewMail(db, stayId, now, new Date(now.getTime() + TRY_LEASE_MS)))) return false;
  const lang: Language = stay.language.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
  try {
    const hotel = await repo.hotelNamesOf(db, stay.hotelId);
    const hotelName = inLanguage(lang, { en: hotel?.name, ar: hotel?.nameAr }) || hotel?.name || '';
    const names = await serviceNamesOf(db, stayRequests.map((r) => r.id), lang);
    const list = stayRequests.map((r) =>
      localize(mail.request, lang, { code: ltrIn(lang, r.requestCode), services: listIn(lang, names.get(r.id) ?? []), link: trackingLink(ctx, r.id) }),
    );
    await ctx.mailer.send({
      to: stay.email.trim(),
      subject: localize(mail.subject, lang, { hotel: hotelName }),
      text: [localize(mail.intro, lang, { hotel: hotelName }), list.join('\n'), localize(mail.outro, lang)].join('\n\n'),
      messageId: `<stay-review-${stay.id}@${messageIdHost(ctx.config.publicUrl)}>`,
    });
    // A stop before this write leaves the hold to run out: sent again, with the same Message-ID.
    await repo.reviewMailSent(db, stayId);
    return true;
  } catch (error) {
    if (error instanceof MailNotConfiguredError) {
      await repo.releaseReviewMail(db, stayId, null, stay.reviewMailTries);
      return false;
    }
    const tries = stay.reviewMailTries + 1;
    const wait = RETRY_AFTER_MS[tries - 1];
    await repo.releaseReviewMail(db, stayId, wait === undefined ? null : new Date(now.getTime() + wait), tries);
    ctx.log.error({ err: loggableError(error) }, `Stay review e-mail for stay ${stay.externalId} failed (try ${tries})`);
    return false;
  }
}

/** Older than this, a check-out's e-mail not sent is no longer tried, as for the other guest e-mails. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** Tries again the review e-mails the mail server refused, once their time has come; how many it took. */
export async function retryStayReviewMails(ctx: AppContext, now = ctx.clock.now()): Promise<number> {
  const due = await repo.dueReviewMails(ctx.database.db, now, new Date(now.getTime() - GIVE_UP_AFTER_MS), 20);
  let sent = 0;
  for (const stayId of due) if (await sendStayReviewMail(ctx, stayId, now)) sent++;
  return sent;
}
