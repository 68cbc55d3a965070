import { defineMessages } from '../../i18n/localize';

export const passkeyMessages = defineMessages({
  unavailable: {
    en: 'Passkeys work only when the app is opened by its name over https (or as localhost on this computer), not by an IP address over plain http',
    ar: 'لا تعمل مفاتيح المرور إلا عند فتح التطبيق باسمه عبر https (أو عبر localhost على هذا الجهاز)، وليس بعنوان IP عبر http',
  },
  expired: {
    en: 'This passkey request has expired or was already used: try again',
    ar: 'انتهت صلاحية طلب مفتاح المرور هذا أو سبق استخدامه: حاول مرة أخرى',
  },
  notVerified: {
    en: 'The passkey could not be verified: try again, or sign in with your password',
    ar: 'تعذّر التحقق من مفتاح المرور: حاول مرة أخرى أو سجّل الدخول بكلمة المرور',
  },
  unknownPasskey: {
    en: 'This passkey is not registered for any user here: sign in with your password',
    ar: 'مفتاح المرور هذا غير مسجّل لأي مستخدم هنا: سجّل الدخول بكلمة المرور',
  },
  accountDisabled: {
    en: 'This account is disabled: ask an Admin',
    ar: 'هذا الحساب معطّل: راجع المسؤول',
  },
  alreadyAdded: {
    en: 'This passkey is already added',
    ar: 'مفتاح المرور هذا مضاف من قبل',
  },
  tooMany: {
    en: 'You have {max} passkeys already: remove one before adding another',
    ar: 'لديك {max} من مفاتيح المرور: احذف واحدًا قبل إضافة آخر',
  },
  unknownDesktopFlow: {
    en: 'This sign-in for the desktop app is not known, has expired or was already used: start again with the app\'s "Sign in with a passkey" button',
    ar: 'عملية تسجيل الدخول هذه لتطبيق سطح المكتب غير معروفة أو انتهت صلاحيتها أو استُخدمت من قبل: ابدأ من جديد بزر "تسجيل الدخول بمفتاح مرور" في التطبيق',
  },
  added: { en: 'The passkey was added', ar: 'تمت إضافة مفتاح المرور' },
  removed: { en: 'The passkey was removed', ar: 'تم حذف مفتاح المرور' },
});
