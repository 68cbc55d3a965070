import type { connectionEn } from './connection.en';

export const connectionAr: typeof connectionEn = {
  offline: {
    title: 'غير متصل، جارٍ إعادة الاتصال…',
    body: 'تعذّر الوصول إلى الخادم. ستبقى مسجّلاً الدخول، ويستمر عملك حالما يستجيب.',
  },
};
