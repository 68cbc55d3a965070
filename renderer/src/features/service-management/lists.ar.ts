import type { listsEn } from './lists.en';

type ArabicOnlyForms = `${'total' | 'totalMore'}_${'zero' | 'two' | 'few' | 'many'}`;

export const listsAr: typeof listsEn & Record<ArabicOnlyForms, string> = {
  filters: 'عوامل التصفية',
  status: 'الحالة',
  hotel: 'الفندق',
  department: 'القسم',
  from: 'من',
  to: 'إلى',
  any: 'الكل',
  toDo: 'لم تُنجز بعد (مفتوح أو مُسند)',
  waiting: 'بانتظار الاستلام',
  clear: 'مسح عوامل التصفية',
  // Arabic counts have six forms (Intl plural rules: 0, 1, 2, 3–10, 11–99, the rest).
  total_zero: 'لا توجد صفوف',
  total_one: 'صف واحد',
  total_two: 'صفّان',
  total_few: '{{count}} صفوف',
  total_many: '{{count}} صفًا',
  total_other: '{{count}} صف',
  totalMore_zero: 'أكثر من {{count}} صف',
  totalMore_one: 'أكثر من صف واحد',
  totalMore_two: 'أكثر من صفّين',
  totalMore_few: 'أكثر من {{count}} صفوف',
  totalMore_many: 'أكثر من {{count}} صفًا',
  totalMore_other: 'أكثر من {{count}} صف',
  newCount: '{{count}} جديد — عرض',
  newCountHint: 'طلبات جديدة ليست في هذه الصفحة؛ انقر لإعادة تحميل الصفحة',
  services: 'الخدمات',
  roomVerification: 'التحقق من الغرفة',
  roomVerified: 'مُتحقَّق منها',
  channel: 'القناة',
  channelOf: 'القناة: {{channel}}',
  channels: { guest: 'صفحة النزيل', phone: 'الهاتف', desk: 'في الاستقبال', integration: 'تكامل' },
  exportCapped: 'تم تصدير أول {{count}} من {{total}} صف. ضيّق عوامل التصفية أو البحث لتصدير الباقي.',
  exportCappedMore: 'تم تصدير أول {{count}} من أكثر من {{total}} صف. ضيّق عوامل التصفية أو البحث لتصدير الباقي.',
};
