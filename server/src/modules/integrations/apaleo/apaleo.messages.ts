import { defineMessages } from '../../../i18n/localize';

/** What apaleo's webhook and the apaleo settings screen are told. */
export const apaleoMessages = defineMessages({
  taken: { en: 'The apaleo reservation was read and the stay updated', ar: 'تمت قراءة حجز apaleo وتحديث الإقامة' },
  nothingToDo: { en: 'Received: nothing to change for this notification', ar: 'تم الاستلام: لا يوجد ما يتغير لهذا الإشعار' },
  alreadyTaken: { en: 'This apaleo notification ({eventId}) was already received', ar: 'تم استلام إشعار apaleo هذا ({eventId}) من قبل' },
  unknownProperty: {
    en: 'No hotel is connected to the apaleo property {propertyId}',
    ar: 'لا يوجد فندق مرتبط بعقار apaleo ذي المعرّف {propertyId}',
  },
  disabled: {
    en: 'The apaleo connection of this hotel is turned off: nothing was changed',
    ar: 'اتصال apaleo لهذا الفندق متوقف: لم يتغير شيء',
  },
  noReservation: { en: 'The notification names no reservation', ar: 'لا يذكر الإشعار أي حجز' },
  unreachable: {
    en: 'apaleo could not be reached to read the reservation: nothing was changed, please try again',
    ar: 'تعذّر الوصول إلى apaleo لقراءة الحجز: لم يتغير شيء، يرجى المحاولة مرة أخرى',
  },
  credentialsRefused: {
    en: 'apaleo refused this hotel’s client id or secret: nothing was changed',
    ar: 'رفض apaleo معرّف العميل أو السر الخاص بهذا الفندق: لم يتغير شيء',
  },
  badAnswer: {
    en: 'apaleo’s answer could not be read: nothing was changed',
    ar: 'تعذّرت قراءة رد apaleo: لم يتغير شيء',
  },
  reservationNotFound: { en: 'apaleo has no reservation {reservationId}', ar: 'لا يوجد في apaleo حجز {reservationId}' },
  otherProperty: {
    en: 'The reservation {reservationId} belongs to another apaleo property',
    ar: 'الحجز {reservationId} يتبع عقار apaleo آخر',
  },
  unitMissing: {
    en: 'The reservation {reservationId} is in house but has no unit assigned in apaleo',
    ar: 'الحجز {reservationId} مسجَّل دخوله لكن لم تُخصَّص له وحدة في apaleo',
  },
  saved: { en: 'The apaleo settings were saved', ar: 'تم حفظ إعدادات apaleo' },
  incomplete: {
    en: 'To turn the apaleo connection on, give the property id, the client id and the client secret',
    ar: 'لتشغيل اتصال apaleo، أدخل معرّف العقار ومعرّف العميل وسر العميل',
  },
  propertyTaken: {
    en: 'The apaleo property {propertyId} is already connected to another hotel',
    ar: 'عقار apaleo ذو المعرّف {propertyId} مرتبط بفندق آخر',
  },
});
