import { type Language, type TargetKind, displayName, ltrIn } from '@shared';
import { clientRoutes } from '@shared/routes';
import { defineMessages, localize } from '../../i18n/localize';
import { messageIdHost } from '../../mail/mailer';
import { inLanguage } from '../../access/names';
import type { DueEscalation, EscalationSubject, Receiver } from './escalations.repository';

/** What an escalation's e-mail and a digest say, in the receiver's language and the hotel's time. */

const mail = defineMessages({
  // The hotel is in the subject: a chain's hotels have rooms of the same numbers.
  acknowledgeSubject: { en: 'Late: {service}, room {room}, {hotel}: not acknowledged', ar: 'متأخر: {service}، الغرفة {room}، {hotel}: لم يُستلم' },
  completeSubject: { en: 'Late: {service}, room {room}, {hotel}: not completed', ar: 'متأخر: {service}، الغرفة {room}، {hotel}: لم يكتمل' },
  acknowledgeBody: {
    en: 'Hello {name},\n\nRequest {code} at {hotel}, room {room}: "{service}" ({department}) was to be acknowledged by {due}, and nobody has taken it yet.',
    ar: 'مرحبًا {name}،\n\nالطلب {code} في {hotel}، الغرفة {room}: «{service}» ({department}) كان يجب استلامه بحلول {due}، ولم يستلمه أحد بعد.',
  },
  completeBody: {
    en: 'Hello {name},\n\nRequest {code} at {hotel}, room {room}: "{service}" ({department}) was to be completed by {due}, and it is still open.',
    ar: 'مرحبًا {name}،\n\nالطلب {code} في {hotel}، الغرفة {room}: «{service}» ({department}) كان يجب إكماله بحلول {due}، وما زال مفتوحًا.',
  },
  noDepartment: { en: 'no department yet', ar: 'بلا قسم بعد' },
  open: { en: 'Open it: {link}', ar: 'افتحه: {link}' },
  digestSubject: { en: 'Late: {count} requests at {hotel}', ar: 'متأخر: {count} من الطلبات في {hotel}' },
  digestBody: {
    en: 'Hello {name},\n\nThese requests at {hotel} are late:',
    ar: 'مرحبًا {name}،\n\nهذه الطلبات في {hotel} متأخرة:',
  },
  digestLineAcknowledge: {
    en: '- {code}, room {room}: "{service}" ({department}): not acknowledged, due {due}\n  {link}',
    ar: '- {code}، الغرفة {room}: «{service}» ({department}): لم يُستلم، وكان موعده {due}\n  {link}',
  },
  digestLineComplete: {
    en: '- {code}, room {room}: "{service}" ({department}): not completed, due {due}\n  {link}',
    ar: '- {code}، الغرفة {room}: «{service}» ({department}): لم يكتمل، وكان موعده {due}\n  {link}',
  },
});

/** The same for every try at one escalation's e-mail to one receiver, whichever process sends it. */
export function escalationMessageId(publicUrl: string, escalationId: number, userId: number): string {
  return `<escalation-${escalationId}-${userId}@${messageIdHost(publicUrl)}>`;
}

/** The same for every try at one digest window's e-mail to one receiver, whichever process sends it. */
export function digestMessageId(publicUrl: string, hotelId: number, windowAt: Date, userId: number): string {
  return `<escalation-digest-${hotelId}-${windowAt.getTime()}-${userId}@${messageIdHost(publicUrl)}>`;
}

/** The due time as the hotel's clocks show it, whatever zone the server runs in. */
function timeOf(at: Date, lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(inLanguage(lang, { en: 'en-GB', ar: 'ar-SA-u-nu-latn' }), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
}

/** One receiver's digest: every line still late, in their language and the hotel's time. */
export function digestMail(
  publicUrl: string,
  items: { subject: EscalationSubject; due: DueEscalation }[],
  receiver: Receiver,
  defaultTimeZone: string,
) {
  const lang = receiver.language;
  const first = items[0].subject;
  const hotel = inLanguage(lang, { en: first.hotelNameEn, ar: first.hotelNameAr });
  const lines = items.map(({ subject, due }) =>
    localize(due.kind === 'acknowledge' ? mail.digestLineAcknowledge : mail.digestLineComplete, lang, {
      code: ltrIn(lang, subject.requestCode),
      room: ltrIn(lang, subject.roomNumber),
      service: inLanguage(lang, { en: subject.serviceNameEn, ar: subject.serviceNameAr }),
      department:
        subject.departmentName === null
          ? localize(mail.noDepartment, lang)
          : displayName(lang, { name: subject.departmentName, nameAr: subject.departmentNameAr }),
      due: timeOf(due.dueAt, lang, subject.hotelTimeZone ?? defaultTimeZone),
      link: `${publicUrl}${clientRoutes.serviceDetails(due.lineId)}`,
    }),
  );
  return {
    to: receiver.email,
    subject: localize(mail.digestSubject, lang, { count: items.length, hotel }),
    text: `${localize(mail.digestBody, lang, { name: receiver.firstName, hotel })}\n\n${lines.join('\n')}`,
  };
}

export function escalationMail(
  publicUrl: string,
  subject: EscalationSubject,
  due: { kind: TargetKind; dueAt: Date; lineId: number },
  receiver: Receiver,
  defaultTimeZone: string,
) {
  const lang = receiver.language;
  const params = {
    name: receiver.firstName,
    code: ltrIn(lang, subject.requestCode),
    hotel: inLanguage(lang, { en: subject.hotelNameEn, ar: subject.hotelNameAr }),
    room: ltrIn(lang, subject.roomNumber),
    service: inLanguage(lang, { en: subject.serviceNameEn, ar: subject.serviceNameAr }),
    department:
      subject.departmentName === null
        ? localize(mail.noDepartment, lang)
        : displayName(lang, { name: subject.departmentName, nameAr: subject.departmentNameAr }),
    due: timeOf(due.dueAt, lang, subject.hotelTimeZone ?? defaultTimeZone),
  };
  const link = `${publicUrl}${clientRoutes.serviceDetails(due.lineId)}`;
  const [subjectText, body] = due.kind === 'acknowledge' ? [mail.acknowledgeSubject, mail.acknowledgeBody] : [mail.completeSubject, mail.completeBody];
  return {
    to: receiver.email,
    subject: localize(subjectText, lang, params),
    text: `${localize(body, lang, params)}\n\n${localize(mail.open, lang, { link })}`,
  };
}
