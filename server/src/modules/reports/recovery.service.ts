import { type FollowUpInput, type Language, type MessageResponse, followUpMoveViolation, ltrIn, needsRecovery } from '@shared';
import { clientRoutes } from '@shared/routes';
import { inLanguage, listIn } from '../../access/names';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { localize } from '../../i18n/localize';
import { MailNotConfiguredError } from '../../mail/mailer';
import type { Principal } from '../../security/tokens';
import { byUser } from '../../security/actor';
import { escalationReceivers, type Receiver } from '../requests/escalations.repository';
import { announce } from '../requests/live-events';
import { iso } from '../requests/requests.mappers';
import { canSeeRequest, receivesEscalations } from '../../access/scope';
import * as repo from './recovery.repository';
import { recoveryMessages as m } from './recovery.messages';

/**
 * Service recovery: a rating at or below the hotel's threshold tells the hotel's duty
 * managers (those who receive its escalations) at once, live and by e-mail, and opens a
 * follow-up on the Guest Feedback list.
 */
export async function recoverLowRating(ctx: AppContext, requestId: string, rating: number): Promise<void> {
  const db = ctx.database.db;
  const subject = await repo.recoverySubject(db, requestId);
  if (!subject || !needsRecovery(rating, subject.threshold)) return;
  const at = ctx.clock.now();
  const id = await repo.openFollowUp(db, { requestId, hotelId: subject.hotelId, rating, at });
  // Already open: whoever opened it told the managers.
  if (id === undefined) return;
  await announce(ctx, {
    type: 'low-rating',
    requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [],
    at: iso(at),
    lowRating: { rating, custName: subject.custName, roomNumber: subject.roomNumber, hotelNameEn: subject.hotelNameEn, hotelNameAr: subject.hotelNameAr },
  });
  // The guest's answer does not wait for the mail server.
  void mailManagers(ctx, id, subject, rating).catch((error: unknown) => process.emitWarning(`service-recovery e-mails of ${subject.requestCode} failed: ${String(error)}`));
}

async function mailManagers(ctx: AppContext, id: number, subject: repo.RecoverySubject, rating: number): Promise<void> {
  const db = ctx.database.db;
  const to = (await escalationReceivers(db)).filter((r) => receivesEscalations(r, subject.hotelId));
  let mailed = 0;
  for (const receiver of to) {
    try {
      await ctx.mailer.send(recoveryMail(ctx.config.publicUrl, subject, rating, receiver));
      mailed++;
    } catch (error) {
      // No mail server yet: the live alert and the follow-up stand; Home already warns that e-mail is not set up.
      if (error instanceof MailNotConfiguredError) return;
      process.emitWarning(`service-recovery e-mail to user ${receiver.userId} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await repo.recordMailed(db, id, mailed);
}

export function recoveryMail(publicUrl: string, subject: repo.RecoverySubject, rating: number, receiver: Receiver) {
  const lang = receiver.language;
  const params = {
    name: receiver.firstName,
    guest: subject.custName,
    code: ltrIn(lang, subject.requestCode),
    hotel: inLanguage(lang, { en: subject.hotelNameEn, ar: subject.hotelNameAr }),
    room: ltrIn(lang, subject.roomNumber),
    rating: String(rating),
    services: listIn(lang, subject.services.map((s) => inLanguage(lang, { en: s.nameEn, ar: s.nameAr }))),
    review: subject.review.trim() ? subject.review.trim() : localize(m.noWords, lang),
  };
  const link = `${publicUrl}${clientRoutes.guestFeedback}`;
  return {
    to: receiver.email,
    subject: localize(m.mailSubject, lang, params),
    text: `${localize(m.mailBody, lang, params)}\n\n${localize(m.open, lang, { link })}`,
  };
}

/** A duty manager moves a follow-up on, with a note; they become who follows up. */
export async function updateFollowUp(ctx: AppContext, user: Principal, input: FollowUpInput, lang: Language): Promise<MessageResponse> {
  const db = ctx.database.db;
  const row = await repo.followUpById(db, input.id);
  // Another hotel's follow-up answers like an unknown one.
  if (!row || !canSeeRequest(user, { hotelId: row.hotelId })) throw notFound(m.notFound);
  const violation = followUpMoveViolation(row.status, input.status);
  if (violation) throw conflict(m[violation]);
  const moved = await repo.moveFollowUp(db, row.id, row.status, { status: input.status, note: input.note.trim(), followerId: byUser(user), at: ctx.clock.now() });
  if (!moved) throw conflict(m.changed);
  return { message: localize(m.saved, lang), id: row.id };
}
