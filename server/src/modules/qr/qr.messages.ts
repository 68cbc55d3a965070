import { defineMessages } from '../../i18n/localize';

export const qrMessages = defineMessages({
  hotelNotFound: { en: 'This hotel does not exist', ar: 'هذا الفندق غير موجود' },
  rotated: {
    en: 'New codes made for {count} rooms: the codes printed before no longer verify the room. Print the new sheet.',
    ar: 'أُنشئت رموز جديدة لـ {count} غرفة: لم تعد الرموز المطبوعة سابقاً تُثبت الغرفة. اطبع الورقة الجديدة.',
  },
  baseUrlNotOurs: { en: 'Codes can only use this server\'s public address or one of its network addresses', ar: 'لا يمكن أن تستخدم الرموز إلا العنوان العام لهذا الخادم أو أحد عناوين شبكته' },
});

/** Printed on the sheet itself: guests read both languages. */
export const sheetTexts = {
  title: { en: 'Scan to request a service', ar: 'امسح الرمز لطلب خدمة' },
  room: { en: 'Room', ar: 'غرفة' },
  noRooms: { en: 'This hotel has no rooms yet.', ar: 'لا توجد غرف لهذا الفندق بعد.' },
};
