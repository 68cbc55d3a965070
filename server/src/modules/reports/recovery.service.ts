import { type FollowUpInput, type Language, type LiveEvent, type MessageResponse, followUpMoveViolation, ltrIn, needsRecovery } from '@shared';
import { clientRoutes } from '@shared/routes';
import { inLanguage, listIn } from '../../access/names';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { localize } from '../../i18n/localize';
import type { MailMessage } from '../../mail/mailer';
import type { DbOrTx } from '../../db/client';
import { type OutboundKind, deliverMail, enqueue } from '../../outbound/outbound-queue';
import type { Principal } from '../../security/tokens';
import { byUser } from '../../security/actor';
import { escalationReceivers, type Receiver } from '../service-levels/escalations.repository';
import { iso } from '../../http/iso';
import { canSeeRequest, receivesEscalations } from '../../access/scope';
import * as repo from './recovery.repository';
import { recoveryMessages as m } from './recovery.messages';

/** What a low rating announces with its review (the live alert). */
export type LowRatingAlert = LiveEvent & { type: 'low-rating' };

/**
 * Service recovery: a rating at or below the hotel's threshold tells the hotel's duty
 * managers (those who receive its escalations) at once, live and by e-mail, and opens a
 * follow-up on the Guest Feedback list. Called in the review's transaction: the follow-up
 * and each manager's e-mail (on the outbound queue) are stored with the review, so a
 * process that dies right after the commit leaves them to be sent, and a mail server that
 * refuses one has it tried again. Returns the live alert the review announces with it
 * (live/announce.ts), or undefined: no recovery (or another call opened it already).
 */
export async function openRecovery(ctx: AppContext, tx: DbOrTx, requestId: string, rating: number): Promise<LowRatingAlert | undefined> {
  const subject = await repo.recoverySubject(tx, requestId);
  if (!subject || !needsRecovery(rating, subject.threshold)) return undefined;
  const at = ctx.clock.now();
  const id = await repo.openFollowUp(tx, { requestId, hotelId: subject.hotelId, rating, at });
  // Already open: whoever opened it told the managers.
  if (id === undefined) return undefined;
  const to = (await escalationReceivers(tx)).filter((r) => receivesEscalations(r, subject.hotelId));
  for (const receiver of to) {
    await enqueue(ctx, tx, {
      kind: LOW_RATING_KIND,
      dedupeKey: `low-rating:${id}:${receiver.userId}`,
      input: { followUpId: id },
      message: recoveryMail(ctx.config.publicUrl, subject, rating, receiver),
    });
  }
  return {
    type: 'low-rating',
    requestId,
    requestCode: subject.requestCode,
    hotelId: subject.hotelId,
    departmentIds: [],
    at: iso(at),
    lowRating: { rating, custName: subject.custName, roomNumber: subject.roomNumber, hotelNameEn: subject.hotelNameEn, hotelNameAr: subject.hotelNameAr },
  };
}

/** The duty managers' e-mail on the outbound queue; a manager reached is counted on the follow-up. */
export const LOW_RATING_KIND = 'low-rating';
export const lowRatingMail: OutboundKind<MailMessage> = {
  deliver: deliverMail,
  async sent(ctx, input) {
    const { followUpId } = input as { followUpId: number };
    await repo.countMailed(ctx.database.db, followUpId);
  },
};

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
