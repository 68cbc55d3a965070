import { defineMessages } from '../../i18n/localize';

export const twoFactorMessages = defineMessages({
  wrongCode: {
    en: 'The code is not correct or has expired: enter the code your authenticator app shows now',
    ar: 'الرمز غير صحيح أو انتهت صلاحيته: أدخل الرمز الذي يعرضه تطبيق المصادقة الآن',
  },
  codeUsed: {
    en: 'This code has already been used: wait for the next code in your authenticator app',
    ar: 'سبق استخدام هذا الرمز: انتظر الرمز التالي في تطبيق المصادقة',
  },
  signInExpired: {
    en: 'This sign-in has expired or was already completed: sign in again with your password',
    ar: 'انتهت صلاحية عملية تسجيل الدخول هذه أو اكتملت من قبل: سجّل الدخول مجددًا بكلمة المرور',
  },
  alreadyEnabled: {
    en: 'Two-factor sign-in is already set up for your account; an Admin can reset it',
    ar: 'التحقق بخطوتين مفعّل لحسابك من قبل؛ يمكن للمسؤول إعادة تعيينه',
  },
  noSetup: {
    en: 'Start the set-up again: no secret is waiting to be confirmed',
    ar: 'ابدأ الإعداد من جديد: لا يوجد مفتاح بانتظار التأكيد',
  },
  reset: { en: 'Two-factor sign-in was reset for this user', ar: 'أُعيد تعيين التحقق بخطوتين لهذا المستخدم' },
  resetAdminsOnly: { en: 'Only an Admin can reset two-factor sign-in', ar: 'لا يمكن إلا للمسؤول إعادة تعيين التحقق بخطوتين' },
  roleSaved: { en: 'The role was saved', ar: 'تم حفظ الدور' },
});
