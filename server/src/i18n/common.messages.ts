import { defineMessages } from './localize';

/** Messages used across modules: errors of the HTTP layer and SPEC §8 success fallbacks. */
export const common = defineMessages({
  validation: { en: 'Some fields are not valid', ar: 'بعض الحقول غير صحيحة' },
  badJson: { en: 'The request body is not valid JSON', ar: 'محتوى الطلب ليس JSON صالحًا' },
  authRequired: { en: 'Please sign in', ar: 'يرجى تسجيل الدخول' },
  tokenInvalid: { en: 'Your session has expired, please sign in again', ar: 'انتهت صلاحية الجلسة، يرجى تسجيل الدخول مجددًا' },
  deviceRevoked: {
    en: 'This phone is no longer paired. Ask your supervisor for a new pairing code',
    ar: 'لم يعد هذا الهاتف مقترنًا. اطلب من مشرفك رمز اقتران جديدًا',
  },
  deviceLocked: { en: 'Enter your PIN to unlock this phone', ar: 'أدخل رمزك السري لفتح هذا الهاتف' },
  twoFactorSetupRequired: {
    en: 'Set up two-factor sign-in first: your role requires it',
    ar: 'فعّل التحقق بخطوتين أولًا: دورك يتطلب ذلك',
  },
  forbidden: { en: 'You do not have permission to do this', ar: 'ليست لديك صلاحية للقيام بهذا الإجراء' },
  notFound: { en: 'Not found', ar: 'غير موجود' },
  routeNotFound: { en: 'There is no such address', ar: 'هذا العنوان غير موجود' },
  tooLarge: { en: 'The file or request is too large', ar: 'الملف أو الطلب كبير جدًا' },
  unsupportedMedia: { en: 'This type of content is not accepted', ar: 'هذا النوع من المحتوى غير مقبول' },
  rateLimited: { en: 'Too many attempts, please try again in a few minutes', ar: 'محاولات كثيرة، يرجى المحاولة بعد بضع دقائق' },
  serverError: { en: 'Server error, please try again later', ar: 'خطأ في الخادم، يرجى المحاولة لاحقًا' },
  databaseUnavailable: {
    en: 'The database is not reachable right now, please try again in a moment',
    ar: 'قاعدة البيانات غير متاحة الآن، يرجى المحاولة بعد قليل',
  },
  databaseRestarting: {
    en: 'The database is restarting, please try again in a moment',
    ar: 'قاعدة البيانات قيد إعادة التشغيل، يرجى المحاولة بعد قليل',
  },
  databaseTooSlow: {
    en: 'The database took too long to answer and is restarting, please try again in a moment',
    ar: 'تأخرت قاعدة البيانات في الرد وهي قيد إعادة التشغيل، يرجى المحاولة بعد قليل',
  },
  storageFull: {
    en: 'The server cannot save right now: its disk is full. Tell the IT staff.',
    ar: 'لا يستطيع الخادم الحفظ الآن: قرصه ممتلئ. أبلغ فريق تقنية المعلومات.',
  },
  unavailable: { en: 'The server is starting or stopping, please try again', ar: 'الخادم قيد التشغيل أو الإيقاف، يرجى المحاولة مجددًا' },
  added: { en: 'Added Successfully', ar: 'تمت الإضافة بنجاح' },
  updated: { en: 'Updated Successfully', ar: 'تم التحديث بنجاح' },
  removed: { en: 'Removed Successfully', ar: 'تم الحذف بنجاح' },
  fileUploaded: { en: 'File Uploaded Successfully', ar: 'تم رفع الملف بنجاح' },
  duplicateCode: { en: 'The code "{code}" is already used', ar: 'الرمز "{code}" مستخدم من قبل' },
  duplicateValue: { en: 'This value is already used', ar: 'هذه القيمة مستخدمة من قبل' },
  codeFixed: { en: 'The code cannot be changed after creation', ar: 'لا يمكن تغيير الرمز بعد الإنشاء' },
  inUse: { en: 'This item is still in use and cannot be removed', ar: 'هذا العنصر ما زال مستخدمًا ولا يمكن حذفه' },
  referenceMissing: { en: 'A selected item no longer exists', ar: 'أحد العناصر المختارة لم يعد موجودًا' },
});

/** Field messages for validation problems. */
export const fieldMessages = defineMessages({
  required: { en: 'This field is required', ar: 'هذا الحقل مطلوب' },
  tooLong: { en: 'Must be at most {max} characters', ar: 'يجب ألا يزيد عن {max} حرفًا' },
  tooShort: { en: 'Must be at least {min} characters', ar: 'يجب ألا يقل عن {min} أحرف' },
  tooFew: { en: 'Choose at least {min}', ar: 'اختر {min} على الأقل' },
  tooMany: { en: 'Choose at most {max}', ar: 'اختر {max} على الأكثر' },
  tooSmall: { en: 'Must be {min} or more', ar: 'يجب أن يكون {min} أو أكثر' },
  tooBig: { en: 'Must be {max} or less', ar: 'يجب أن يكون {max} أو أقل' },
  number: { en: 'Must be a whole number', ar: 'يجب أن يكون رقمًا صحيحًا' },
  type: { en: 'Has the wrong type', ar: 'نوع القيمة غير صحيح' },
  email: { en: 'Must Enter Valid Email', ar: 'يجب إدخال بريد إلكتروني صحيح' },
  phone: { en: 'Enter a valid phone number', ar: 'أدخل رقم هاتف صحيحًا' },
  country: { en: 'Choose a country from the list', ar: 'اختر دولة من القائمة' },
  facility: { en: 'Unknown facility', ar: 'مرفق غير معروف' },
  choice: { en: 'Choose one of the allowed values', ar: 'اختر إحدى القيم المسموح بها' },
  invalid: { en: 'This value is not valid', ar: 'هذه القيمة غير صحيحة' },
  timeZone: { en: 'Enter a time zone name such as Asia/Riyadh, or leave it empty', ar: 'أدخل اسم منطقة زمنية مثل Asia/Riyadh، أو اتركه فارغًا' },
  scheduledAtFormat: { en: 'Choose a day and a time', ar: 'اختر يومًا ووقتًا' },
  serviceTwice: { en: 'This service is already in your request', ar: 'هذه الخدمة موجودة في طلبك بالفعل' },
  singleLine: {
    en: 'Must be one line without line breaks, control or invisible characters',
    ar: 'يجب أن يكون سطرًا واحدًا دون فواصل أسطر أو محارف تحكم أو محارف غير مرئية',
  },
  unknownField: { en: 'Unknown field', ar: 'حقل غير معروف' },
});
