import type { emailTlsEn } from './email-tls.en';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const emailTlsAr: Widen<typeof emailTlsEn> = {
  tlsMode: 'التشفير',
  starttls: 'STARTTLS (المنفذ 587 أو 25)',
  tls: 'TLS من البداية (المنفذ 465)',
  requireTls: 'اشتراط TLS (لا اتصال دون تشفير أبدًا)',
  requireTlsOffHint: 'دون TLS تعبر كلمة المرور وكل رسالة الشبكة مقروءة. أوقفه فقط لخادم على هذا الجهاز.',
  passwordAgain: 'تغيير الخادم أو المنفذ أو اسم المستخدم يتطلب إدخال كلمة المرور مرة أخرى.',
};
