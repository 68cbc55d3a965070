import { defineMessages } from '../../i18n/localize';

/** The texts of the e-mails a password link goes out in ({link} is the reset screen with its token). */
export const signInMail = {
  invite: defineMessages({
    subject: { en: 'Your hotel service account', ar: 'حسابك في نظام خدمات الفندق' },
    body: {
      en: 'Hello {name},\n\nAn account has been created for you. Choose your password here:\n\n{link}\n\nThe link can be used once and expires in {hours} hours.',
      ar: 'مرحبًا {name}،\n\nتم إنشاء حساب لك. اختر كلمة المرور من هنا:\n\n{link}\n\nيمكن استخدام الرابط مرة واحدة وتنتهي صلاحيته خلال {hours} ساعة.',
    },
  }),
  reset: defineMessages({
    subject: { en: 'Reset your password', ar: 'إعادة تعيين كلمة المرور' },
    body: {
      en: 'Hello {name},\n\nTo choose a new password, open this link:\n\n{link}\n\nThe link can be used once and expires in {hours} hour(s). If you did not ask for this, ignore this e-mail.',
      ar: 'مرحبًا {name}،\n\nلاختيار كلمة مرور جديدة افتح هذا الرابط:\n\n{link}\n\nيمكن استخدام الرابط مرة واحدة وتنتهي صلاحيته خلال {hours} ساعة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.',
    },
  }),
};
