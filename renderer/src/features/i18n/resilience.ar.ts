import type { resilienceEn } from './resilience.en';

/** نصوص عمل المتانة (المسألة 11)، تحت `resilience`. */
export const resilienceAr: typeof resilienceEn = {
  offline: {
    title: 'غير متصل، جارٍ إعادة الاتصال…',
    body: 'تعذّر الوصول إلى الخادم. ستبقى مسجّلاً الدخول، ويستمر عملك حالما يستجيب.',
  },
};
