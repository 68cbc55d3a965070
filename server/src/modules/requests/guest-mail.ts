import type { Language, RequestStatus } from '@shared';
import { and, eq } from 'drizzle-orm';
import { clientRoutes } from '@shared/routes';
import type { AppContext } from '../../context';
import { guestNotices } from '../../db/schema';
import { defineMessages, localize } from '../../i18n/localize';
import { MailNotConfiguredError } from '../../mail/mailer';
import * as repo from './requests.repository';

const mail = defineMessages({
  subject: { en: 'Your request {code} is finished', ar: 'اكتمل طلبك {code}' },
  intro: { en: 'Hello {name},\n\nOur team has finished your request {code} at {hotel}, room {room}.', ar: 'مرحبًا {name}،\n\nأنهى فريقنا طلبك {code} في {hotel}، الغرفة {room}.' },
  Completed: { en: 'done', ar: 'تم' },
  Rejected: { en: 'could not be done', ar: 'تعذّر تنفيذه' },
  reply: { en: 'Our reply: {reply}', ar: 'ردّنا: {reply}' },
  outro: {
    en: 'See your request and tell us how it went:\n{link}\n\nThank you for staying with us.',
    ar: 'اطّلع على طلبك وأخبرنا برأيك:\n{link}\n\nشكرًا لإقامتك معنا.',
  },
});

/**
 * Once every line of a request is finished (Completed or Rejected), the guest gets one
 * e-mail, in the language they used, with each line's outcome and the review link. The
 * guest_notices row (primary key request + kind) is claimed first, so however many
 * processes see the last line close, one of them sends it.
 */
export async function notifyGuestWhenFinished(ctx: AppContext, requestId: string, status: RequestStatus): Promise<boolean> {
  if (status !== 'Completed' && status !== 'Rejected') return false;
  const db = ctx.database.db;
  const header = await repo.requestHeader(db, requestId, 'en');
  if (!header?.custEmail) return false;
  const claimed = await db.insert(guestNotices).values({ requestId, kind: 'finished' }).onConflictDoNothing().returning({ requestId: guestNotices.requestId });
  if (!claimed.length) return false;
  const lang: Language = header.lang === 'en' ? 'en' : 'ar';
  try {
    const inLang = lang === 'en' ? header : ((await repo.requestHeader(db, requestId, lang)) ?? header);
    const lines = await repo.linesOfRequest(db, requestId, lang);
    const params = { name: header.custName, code: header.requestCode, hotel: inLang.hotelName, room: inLang.roomNumber };
    const link = `${ctx.config.publicUrl}${clientRoutes.guestReview}?id=${encodeURIComponent(requestId)}`;
    const outcome = lines.map((line) => {
      const state = line.status === 'Rejected' ? localize(mail.Rejected, lang) : localize(mail.Completed, lang);
      const reply = line.reply ? `\n   ${localize(mail.reply, lang, { reply: line.reply })}` : '';
      return `• ${line.serviceName}: ${state}${reply}`;
    });
    await ctx.mailer.send({
      to: header.custEmail,
      subject: localize(mail.subject, lang, params),
      text: [localize(mail.intro, lang, params), outcome.join('\n'), localize(mail.outro, lang, { link })].join('\n\n'),
    });
    return true;
  } catch (error) {
    // Not sent: give the claim back so the next change of the request can try again.
    await db.delete(guestNotices).where(and(eq(guestNotices.requestId, requestId), eq(guestNotices.kind, 'finished')));
    if (!(error instanceof MailNotConfiguredError)) throw error;
    return false;
  }
}
