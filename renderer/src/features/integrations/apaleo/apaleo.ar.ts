import type { apaleoEn } from './apaleo.en';

export const apaleoAr: typeof apaleoEn = {
  title: 'apaleo (نظام إدارة الفندق)',
  intro:
    'اربط الفندق بعقاره في apaleo: يُعلم apaleo الخادم بالحجز الذي تغيّر، فيقرأ الخادم الحجز من apaleo بهذه البيانات لتسجيل دخول النزلاء ونقلهم وتسجيل مغادرتهم.',
  hotel: 'الفندق',
  enabled: 'الاتصال مفعّل',
  propertyId: 'معرّف العقار في apaleo',
  clientId: 'معرّف العميل',
  clientSecret: 'سر العميل',
  secretSet: 'تم تعيين سر: اتركه فارغًا للإبقاء عليه',
  secretNotSet: 'لم يتم تعيين سر',
  webhookUrl: 'عنوان الويب هوك للاشتراك به في apaleo',
  save: 'حفظ',
  saved: 'تم حفظ إعدادات apaleo',
  loadFailed: 'تعذّر تحميل إعدادات apaleo',
  saveFailed: 'تعذّر حفظ إعدادات apaleo',
};
