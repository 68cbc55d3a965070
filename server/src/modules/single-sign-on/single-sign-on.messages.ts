import { defineMessages } from '../../i18n/localize';

export const ssoMessages = defineMessages({
  notSetUp: {
    en: 'Single sign-on is not set up for this hotel: sign in with your e-mail and password',
    ar: 'تسجيل الدخول الموحد غير مُعدّ لهذا الفندق: سجّل الدخول ببريدك الإلكتروني وكلمة المرور',
  },
  unknownFlow: {
    en: 'This sign-in is not known, has expired or was already used: start again with the sign-in button',
    ar: 'عملية تسجيل الدخول هذه غير معروفة أو انتهت صلاحيتها أو استُخدمت من قبل: ابدأ من جديد بزر تسجيل الدخول',
  },
  providerChanged: {
    en: 'The sign-in provider was changed after this sign-in started: start again with the sign-in button',
    ar: 'تغيّر مزوّد تسجيل الدخول بعد بدء هذه العملية: ابدأ من جديد بزر تسجيل الدخول',
  },
  providerRefused: {
    en: 'The sign-in provider did not confirm this sign-in ({reason}): start again, or ask your administrator',
    ar: 'لم يؤكد مزوّد تسجيل الدخول هذه العملية ({reason}): ابدأ من جديد أو راجع المسؤول',
  },
  answerInvalid: {
    en: 'The answer from the sign-in provider could not be verified (wrong provider, state or nonce): start again with the sign-in button',
    ar: 'تعذّر التحقق من رد مزوّد تسجيل الدخول (مزوّد أو حالة أو رمز nonce غير مطابق): ابدأ من جديد بزر تسجيل الدخول',
  },
  providerUnreachable: {
    en: 'The sign-in provider could not be reached: try again in a moment, or sign in with your password',
    ar: 'تعذّر الوصول إلى مزوّد تسجيل الدخول: حاول بعد قليل أو سجّل الدخول بكلمة المرور',
  },
  emailNotVerified: {
    en: 'The sign-in provider has not verified the e-mail address of this account, so it cannot sign you in here',
    ar: 'لم يتحقق مزوّد تسجيل الدخول من البريد الإلكتروني لهذا الحساب، لذلك لا يمكن تسجيل دخولك به هنا',
  },
  noSuchUser: {
    en: 'No staff account has the e-mail {email}: ask your administrator to add you first',
    ar: 'لا يوجد حساب موظف بالبريد الإلكتروني {email}: اطلب من المسؤول إضافتك أولًا',
  },
  userDisabled: {
    en: 'The staff account of {email} is switched off: ask your administrator',
    ar: 'حساب الموظف الخاص بـ {email} موقوف: راجع المسؤول',
  },
  otherIdentity: {
    en: 'The account of {email} is linked to another identity at the sign-in provider: ask your administrator',
    ar: 'حساب {email} مرتبط بهوية أخرى لدى مزوّد تسجيل الدخول: راجع المسؤول',
  },
  linkFirst: {
    en: 'The account of {email} is not linked to single sign-on yet: sign in with your password or passkey, then choose "Link single sign-on" in the security menu',
    ar: 'حساب {email} غير مرتبط بتسجيل الدخول الموحد بعد: سجّل الدخول بكلمة المرور أو مفتاح المرور، ثم اختر "ربط تسجيل الدخول الموحد" من قائمة الأمان',
  },
  identityTaken: {
    en: 'This identity at the sign-in provider is already linked to another staff account: ask your administrator',
    ar: 'هذه الهوية لدى مزوّد تسجيل الدخول مرتبطة بحساب موظف آخر: راجع المسؤول',
  },
  linked: {
    en: 'Your account is now linked to {name}: you can sign in with it',
    ar: 'تم ربط حسابك بـ {name}: يمكنك تسجيل الدخول به',
  },
  linkInvalid: {
    en: 'This link has expired, was already completed or was started by another account: start again with "Link single sign-on"',
    ar: 'انتهت صلاحية عملية الربط هذه أو اكتملت من قبل أو بدأها حساب آخر: ابدأ من جديد بـ "ربط تسجيل الدخول الموحد"',
  },
  linkedReturn: {
    en: 'The sign-in provider confirmed your identity: return to the Hotel Services app to finish the link.',
    ar: 'أكّد مزوّد تسجيل الدخول هويتك: عد إلى تطبيق خدمات الفندق لإكمال الربط.',
  },
  badDomain: {
    en: 'Enter e-mail domains such as hotel.example ({domain} is not one)',
    ar: 'أدخل نطاقات بريد إلكتروني مثل hotel.example ({domain} ليس نطاقًا)',
  },
  exchangeInvalid: {
    en: 'This sign-in has expired or was already completed: start again with the sign-in button',
    ar: 'انتهت صلاحية عملية تسجيل الدخول هذه أو اكتملت من قبل: ابدأ من جديد بزر تسجيل الدخول',
  },
  ssoOnly: {
    en: 'Your account signs in with single sign-on only: use the "Sign in with {name}" button',
    ar: 'يسجّل حسابك الدخول عبر تسجيل الدخول الموحد فقط: استخدم زر "تسجيل الدخول عبر {name}"',
  },
  adminsOnly: {
    en: 'Only an Admin can change single sign-on: whoever sets the provider decides who can sign in',
    ar: 'لا يمكن إلا للمسؤول تغيير تسجيل الدخول الموحد: من يحدد المزوّد يحدد من يمكنه تسجيل الدخول',
  },
  displayNameRequired: { en: 'Enter the name shown on the sign-in button', ar: 'أدخل الاسم الذي يظهر على زر تسجيل الدخول' },
  badIssuer: {
    en: 'Enter the issuer URL of the provider, starting with https:// (no ? or #)',
    ar: 'أدخل عنوان المُصدِر (Issuer URL) للمزوّد بحيث يبدأ بـ https:// (دون ? أو #)',
  },
  clientIdRequired: { en: 'Enter the client id the provider gave this application', ar: 'أدخل معرّف العميل الذي أعطاه المزوّد لهذا التطبيق' },
  secretRequired: { en: 'Enter the client secret', ar: 'أدخل سر العميل' },
  secretAgain: {
    en: 'The issuer or client id changed: type the client secret again',
    ar: 'تغيّر المُصدِر أو معرّف العميل: اكتب سر العميل مرة أخرى',
  },
  defaultRoleRequired: {
    en: 'Choose the role new users get on their first sign-in',
    ar: 'اختر الدور الذي يحصل عليه المستخدمون الجدد عند أول تسجيل دخول',
  },
  unknownRole: { en: 'This role does not exist (any more): reload the page', ar: 'هذا الدور غير موجود (لم يعد موجودًا): أعد تحميل الصفحة' },
  saved: { en: 'Single sign-on settings saved', ar: 'تم حفظ إعدادات تسجيل الدخول الموحد' },
  pageTitle: { en: 'Sign-in', ar: 'تسجيل الدخول' },
  backToSignIn: { en: 'Back to sign-in', ar: 'العودة إلى تسجيل الدخول' },
  returnToApp: {
    en: 'You are signed in: return to the Hotel Services app (it opens by itself; if not, use the button).',
    ar: 'تم تسجيل دخولك: عد إلى تطبيق خدمات الفندق (يُفتح تلقائيًا، وإن لم يُفتح فاستخدم الزر).',
  },
  openApp: { en: 'Open the app', ar: 'افتح التطبيق' },
});
