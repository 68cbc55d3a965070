import { defineMessages } from '../../i18n/localize';

export const sessionMessages = defineMessages({
  sessionEnded: { en: 'The session was ended: that device is signed out', ar: 'أُنهيت الجلسة: سُجّل خروج ذلك الجهاز' },
  allSessionsEnded: { en: 'Every session of this user was ended', ar: 'أُنهيت جميع جلسات هذا المستخدم' },
  sessionNotFound: {
    en: 'This session was not found or has already ended: refresh the list',
    ar: 'لم يُعثر على هذه الجلسة أو أنها انتهت من قبل: حدّث القائمة',
  },
  userNotFound: { en: 'User not found', ar: 'المستخدم غير موجود' },
  adminsOnly: { en: 'Only an Admin can end the sessions of an Admin', ar: 'لا يمكن إلا للمسؤول إنهاء جلسات مسؤول' },
});
