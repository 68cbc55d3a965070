import type { shortcutsEn } from './shortcuts.en';

/** Arabic strings of the keyboard shortcuts and their help dialog. */
export const shortcutsAr: typeof shortcutsEn = {
  title: 'اختصارات لوحة المفاتيح',
  intro: 'اضغط المفاتيح واحدًا تلو الآخر، في أي مكان عدا مربعات الكتابة.',
  keys: 'المفاتيح',
  opens: 'الإجراء',
  then: 'ثم',
  help: 'عرض هذه القائمة',
  openRow: 'فتح طلب الصف المحدد (في القوائم)',
  goTo: 'فتح {{screen}}',
  close: 'إغلاق',
  menuButton: 'اختصارات لوحة المفاتيح (?)',
};
