import type { listsEn } from './lists.en';

export const listsAr: typeof listsEn = {
  filters: 'عوامل التصفية',
  status: 'الحالة',
  hotel: 'الفندق',
  department: 'القسم',
  from: 'من',
  to: 'إلى',
  any: 'الكل',
  toDo: 'لم تُنجز بعد (مفتوح أو مُسند)',
  clear: 'مسح عوامل التصفية',
  total: '{{count}} صف',
  newCount: '{{count}} جديد — عرض',
  newCountHint: 'طلبات جديدة ليست في هذه الصفحة؛ انقر لإعادة تحميل الصفحة',
  services: 'الخدمات',
  exportCapped: 'تم تصدير أول {{count}} من {{total}} صف. ضيّق عوامل التصفية أو البحث لتصدير الباقي.',
};
