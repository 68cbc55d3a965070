import { defineMessages } from '../../../i18n/localize';

/** What a PMS sending stay events is told, and the screen's stay-secret answer. */
export const stayMessages = defineMessages({
  taken: { en: 'The stay event was recorded', ar: 'تم تسجيل حدث الإقامة' },
  badSignature: {
    en: 'The stay event is not signed with this hotel’s stay secret',
    ar: 'حدث الإقامة غير موقّع بسر الإقامة الخاص بهذا الفندق',
  },
  oldTimestamp: {
    en: 'The stay event’s timestamp is missing or more than {minutes} minutes from the server’s time',
    ar: 'الطابع الزمني لحدث الإقامة مفقود أو يبعد أكثر من {minutes} دقائق عن وقت الخادم',
  },
  replayed: { en: 'This stay event ({eventId}) was already received', ar: 'تم استلام حدث الإقامة هذا ({eventId}) من قبل' },
  unknownRoom: { en: 'The hotel has no room {room}', ar: 'لا توجد في الفندق غرفة {room}' },
  unknownStay: { en: 'There is no stay {stayId} checked in at this hotel', ar: 'لا توجد إقامة {stayId} مسجلة في هذا الفندق' },
  secretCreated: {
    en: 'The stay secret was created. Copy it now: it is not shown again, and the previous one no longer works',
    ar: 'تم إنشاء سر الإقامة. انسخه الآن: لن يظهر مرة أخرى، ولم يعد السر السابق يعمل',
  },
  guestCheckedOut: {
    en: 'The guest has checked out: this request no longer takes messages. Please contact the hotel directly',
    ar: 'غادر النزيل الفندق: لم يعد هذا الطلب يستقبل رسائل. يرجى التواصل مع الفندق مباشرة',
  },
  hotelNotFound: { en: 'This hotel was not found', ar: 'هذا الفندق غير موجود' },
});
