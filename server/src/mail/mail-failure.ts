import { defineMessages, type Localized } from '../i18n/localize';
import { MailNotConfiguredError, PasswordNotForThisServerError } from './mailer';

/**
 * Why an e-mail could not be sent, in plain words. The SMTP server's own text is never
 * passed on: a server the admin did not mean to reach (or any port behind it) must not
 * be able to speak through our answers, and "refused", "timed out" and "not SMTP" all
 * read the same, so the test e-mail cannot be used to map internal ports.
 */
export const mailFailures = defineMessages({
  notConfigured: { en: 'e-mail settings are not configured', ar: 'إعدادات البريد غير مهيأة' },
  connect: { en: 'could not connect to the e-mail server', ar: 'تعذر الاتصال بخادم البريد' },
  tls: { en: 'could not set up a secure (TLS) connection with the e-mail server', ar: 'تعذر إنشاء اتصال آمن (TLS) مع خادم البريد' },
  auth: { en: 'the e-mail server refused the user name or password', ar: 'رفض خادم البريد اسم المستخدم أو كلمة المرور' },
  passwordFor: {
    en: 'the stored password was entered for another server; enter it again in the e-mail settings',
    ar: 'كلمة المرور المحفوظة أُدخلت لخادم آخر؛ أدخلها مرة أخرى في إعدادات البريد',
  },
  address: { en: 'the e-mail server refused the sender or recipient address', ar: 'رفض خادم البريد عنوان المرسل أو المستلم' },
  message: { en: 'the e-mail server did not accept the message', ar: 'لم يقبل خادم البريد الرسالة' },
});

export type MailFailure = keyof typeof mailFailures;

/** nodemailer's error codes, grouped by what the admin can do about them. */
const BY_CODE: Record<string, MailFailure> = {
  EAUTH: 'auth',
  ENOAUTH: 'auth',
  ETLS: 'tls',
  EREQUIRETLS: 'tls',
  EENVELOPE: 'address',
  EMESSAGE: 'message',
};

/** The kind of failure, storable (an invitation remembers why its e-mail failed). */
export function mailFailureKindOf(error: unknown): MailFailure {
  if (error instanceof MailNotConfiguredError) return 'notConfigured';
  if (error instanceof PasswordNotForThisServerError) return 'passwordFor';
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined) ?? 'connect';
}

export function mailFailureOf(error: unknown): Localized {
  return mailFailures[mailFailureKindOf(error)];
}

/** A stored kind back to its words; anything unknown reads as the commonest cause. */
export function mailFailureText(kind: string | null): Localized {
  return kind && Object.hasOwn(mailFailures, kind) ? mailFailures[kind as MailFailure] : mailFailures.connect;
}
