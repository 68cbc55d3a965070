import type { alertsEn } from './alerts.en';

export const alertsAr: typeof alertsEn = {
  bell: 'طلبات جديدة',
  bellCount: '{{count}} طلبات جديدة: افتح طلبات النزلاء',
  menuCount: '{{count}} جديد',
  open: 'فتح',
  dismiss: 'إغلاق',
  notifyTitle: 'طلب جديد {{code}}',
  notifyBody: 'نزيل بانتظارك. انقر لفتح الطلب.',
};
