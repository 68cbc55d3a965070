import type { liveEn } from './live.en';

export const liveAr: Record<keyof typeof liveEn, string> = {
  newRequest: 'طلب جديد {{code}}',
  updated: 'تغيّر الطلب {{code}}',
  sound: 'صوت للطلبات الجديدة',
  connected: 'مباشر',
  offline: 'جارٍ إعادة الاتصال…',
  newCount: '{{count}} جديد',
};
