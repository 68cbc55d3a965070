import type { passkeysEn } from './passkeys.en';

/** Passkeys (Arabic), under `passkeys`. */
export const passkeysAr: typeof passkeysEn = {
  title: 'مفاتيح المرور',
  intro: 'يسجّل مفتاح المرور دخولك بقفل شاشة هذا الجهاز (رمز PIN أو الوجه أو البصمة) بدلًا من كلمة المرور والرمز.',
  name: 'اسم مفتاح المرور',
  namePlaceholder: 'مثل: حاسوب مكتب الاستقبال',
  nameRequired: 'أدخل اسمًا لمفتاح المرور',
  add: 'إضافة مفتاح مرور',
  added: 'تمت إضافة مفتاح المرور',
  none: 'ليس لديك مفاتيح مرور بعد.',
  created: 'أضيف في {{date}}',
  lastUsed: 'آخر استخدام {{date}}',
  neverUsed: 'لم يُستخدم بعد',
  remove: 'حذف {{name}}',
  removed: 'تم حذف مفتاح المرور',
  cancelled: 'لم يُنشأ مفتاح المرور: أُلغي الطلب أو انتهت مهلته',
  failed: 'تعذّرت إضافة مفتاح المرور',
  loadFailed: 'تعذّر تحميل مفاتيح المرور',
  close: 'إغلاق',
};
