import { defineMessages } from '../../../i18n/localize';

/** Messages of API keys: the screen's answers and what a calling system is told. */
export const apiKeyMessages = defineMessages({
  created: { en: 'The API key was created. Copy it now: it is not shown again', ar: 'تم إنشاء مفتاح الواجهة البرمجية. انسخه الآن: لن يظهر مرة أخرى' },
  revoked: { en: 'The API key was revoked', ar: 'تم إلغاء مفتاح الواجهة البرمجية' },
  notFound: { en: 'This API key was not found', ar: 'مفتاح الواجهة البرمجية هذا غير موجود' },
  alreadyRevoked: { en: 'This API key was already revoked', ar: 'مفتاح الواجهة البرمجية هذا ملغى من قبل' },
  keyInvalid: {
    en: 'This API key is unknown or has been revoked',
    ar: 'مفتاح الواجهة البرمجية هذا غير معروف أو تم إلغاؤه',
  },
  keyNotForThis: {
    en: 'An API key cannot call this: it is for a signed-in person',
    ar: 'لا يمكن لمفتاح الواجهة البرمجية استدعاء هذا: إنه لشخص مسجل الدخول',
  },
  rateLimited: {
    en: 'Too many calls with this API key; try again in {seconds} s',
    ar: 'استدعاءات كثيرة بهذا المفتاح؛ حاول مجددًا بعد {seconds} ث',
  },
  claimNotHeld: {
    en: 'You cannot give a key the claim {claim}: you do not hold it',
    ar: 'لا يمكنك منح المفتاح الصلاحية {claim}: أنت لا تملكها',
  },
  claimNotForKeys: {
    en: 'A key cannot hold the claim {claim}: what decides who may sign in (users, roles, sign-in, the security audit, mail settings, phone pairing, keys) is managed by people only',
    ar: 'لا يمكن للمفتاح أن يملك الصلاحية {claim}: ما يحدد من يمكنه تسجيل الدخول (المستخدمون والأدوار وتسجيل الدخول وسجل الأمان وإعدادات البريد وربط الهواتف والمفاتيح) يديره الأشخاص فقط',
  },
  creatorGone: {
    en: 'This API key no longer works: the person who created it is switched off or no longer reaches its hotel; ask for a new key',
    ar: 'لم يعد مفتاح الواجهة البرمجية هذا يعمل: الشخص الذي أنشأه موقوف أو لم يعد يصل إلى فندقه؛ اطلب مفتاحًا جديدًا',
  },
  rateAboveCeiling: {
    en: 'A key may make at most {perSecond} calls a second and {perMinute} a minute on this server',
    ar: 'يمكن للمفتاح إجراء {perSecond} استدعاء في الثانية و{perMinute} في الدقيقة على الأكثر على هذا الخادم',
  },
  unknownClaim: { en: 'There is no claim {claim}', ar: 'لا توجد صلاحية {claim}' },
  chainOnlyAdmin: {
    en: 'Only an Admin can create a key for the whole chain',
    ar: 'لا يمكن إلا للمسؤول إنشاء مفتاح للسلسلة بأكملها',
  },
  hotelNotHeld: { en: 'This hotel was not found among your hotels', ar: 'هذا الفندق غير موجود ضمن فنادقك' },
  /** How a line's history names a key that did a step. */
  byIntegration: { en: 'integration {name}', ar: 'التكامل {name}' },
});
