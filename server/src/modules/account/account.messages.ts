import { defineMessages } from '../../i18n/localize';

export const accountMessages = defineMessages({
  wrongCredentials: { en: 'Wrong Email or Password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  sessionExpired: { en: 'Sorry your Session has been Expired', ar: 'عذرًا، انتهت صلاحية جلستك' },
  loggedOut: { en: 'Logged out successfully', ar: 'تم تسجيل الخروج بنجاح' },
  resetLinkSent: {
    en: 'If this e-mail belongs to an account, a link to reset the password has been sent to it',
    ar: 'إذا كان هذا البريد مسجلًا لدينا، فقد أُرسل إليه رابط لإعادة تعيين كلمة المرور',
  },
  badResetLink: {
    en: 'This link is not valid or has expired, please ask for a new one',
    ar: 'هذا الرابط غير صالح أو انتهت صلاحيته، يرجى طلب رابط جديد',
  },
  commonPassword: {
    en: 'This password is one of the most common ones (it appears in lists of leaked passwords): choose a less predictable one',
    ar: 'كلمة المرور هذه من أكثر كلمات المرور شيوعًا (تظهر في قوائم كلمات المرور المسرّبة): اختر كلمة مرور يصعب توقعها',
  },
  passwordHasEmail: {
    en: 'The password may not contain your e-mail address or its part before the @: choose one that cannot be guessed from it',
    ar: 'لا يجوز أن تحتوي كلمة المرور على بريدك الإلكتروني أو على الجزء الذي يسبق @ منه: اختر كلمة مرور لا يمكن تخمينها منه',
  },
  passwordReset: { en: 'Password reset successfully', ar: 'تمت إعادة تعيين كلمة المرور بنجاح' },
});
