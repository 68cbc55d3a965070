import { defineMessages } from '../../../i18n/localize';

/** Messages of outgoing webhooks. */
export const webhookMessages = defineMessages({
  created: { en: 'Webhook created. Copy its signing secret now: it is not shown again.', ar: 'تم إنشاء الويب هوك. انسخ سر التوقيع الآن: لن يظهر مرة أخرى.' },
  saved: { en: 'Saved Successfully', ar: 'تم الحفظ بنجاح' },
  removed: { en: 'Webhook removed', ar: 'تم حذف الويب هوك' },
  resent: { en: 'The delivery will be sent again', ar: 'سيتم إرسال التسليم مرة أخرى' },
  notFound: { en: 'This webhook was not found', ar: 'هذا الويب هوك غير موجود' },
  deliveryNotFound: { en: 'This delivery was not found', ar: 'هذا التسليم غير موجود' },
  deliveryPending: { en: 'This delivery is still being tried; it cannot be sent again yet', ar: 'ما زالت محاولات هذا التسليم جارية؛ لا يمكن إرساله مرة أخرى بعد' },
  hotelNotFound: { en: 'This hotel was not found among the hotels you manage', ar: 'هذا الفندق غير موجود ضمن الفنادق التي تديرها' },
  chainNeedsAdmin: { en: 'Only an administrator can subscribe to every hotel of the chain', ar: 'يمكن للمسؤول فقط الاشتراك في جميع فنادق السلسلة' },
  urlInvalid: { en: 'Enter a full URL, e.g. https://example.com/hooks', ar: 'أدخل عنوان URL كاملًا، مثل https://example.com/hooks' },
  urlNotHttps: { en: 'The webhook URL must start with https://', ar: 'يجب أن يبدأ عنوان الويب هوك بـ https://' },
  urlCredentials: { en: 'The webhook URL must not contain a user name or password', ar: 'يجب ألا يحتوي عنوان الويب هوك على اسم مستخدم أو كلمة مرور' },
  urlUnresolved: { en: 'The host of this URL could not be found', ar: 'تعذّر العثور على مضيف هذا العنوان' },
  urlPrivate: {
    en: 'The webhook URL points to a private or local network address, which is not allowed',
    ar: 'يشير عنوان الويب هوك إلى عنوان شبكة خاصة أو محلية، وهذا غير مسموح',
  },
});

/** The e-mail to a subscription's creator when it is switched off. */
export const webhookMail = defineMessages({
  subject: { en: 'A webhook was switched off', ar: 'تم إيقاف ويب هوك' },
  body: {
    en: 'Hello {name},\n\nThe webhook to {url} has failed every delivery for three days and has been switched off. Events that were not delivered are kept.\n\nFix the receiver, then switch the webhook on again under Administration → Integrations → Webhooks.',
    ar: 'مرحبًا {name}،\n\nفشل الويب هوك المرسل إلى {url} في كل عمليات التسليم لمدة ثلاثة أيام وتم إيقافه. الأحداث التي لم تُسلَّم محفوظة.\n\nأصلح المستقبِل، ثم أعد تشغيل الويب هوك من الإدارة ← التكاملات ← الويب هوك.',
  },
});
