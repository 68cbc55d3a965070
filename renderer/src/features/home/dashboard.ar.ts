import type { dashboardEn } from './dashboard.en';

export const dashboardAr: Record<keyof typeof dashboardEn, string> = {
  title: 'أرقام اليوم',
  escalationMailOff: 'البريد الإلكتروني غير مُعدّ: لا يمكن إرسال رسائل التصعيد. تُرسل الطلبات المتأخرة إلى مستلميها حين يُعدّ (الإدارة › إعدادات البريد الإلكتروني).',
  open: 'خدمات مفتوحة',
  waitingLongest: 'الأطول انتظاراً',
  completedToday: 'المكتملة اليوم',
  avgComplete: 'متوسط وقت الإكمال',
  avgRating: 'متوسط التقييم',
  none: 'لا يوجد',
  minutes: '{{count}} دقيقة',
  hours: '{{hours}} ساعة {{minutes}} دقيقة',
  // Isolated left-to-right, or the bidi algorithm shows '10 / 9'.
  ratingValue: '\u2066{{rating}} / 10\u2069',
  since: 'منذ {{time}}',
  reviews: 'تقييمات اليوم: {{count}}',
  loadError: 'حدث خطأ ما، الرجاء المحاولة لاحقاً',
};
