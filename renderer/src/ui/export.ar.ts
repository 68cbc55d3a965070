import type { exportEn } from './export.en';

export const exportAr: Record<keyof typeof exportEn, string> = {
  button: 'تصدير إلى Excel',
  failed: 'حدث خطأ ما، الرجاء المحاولة لاحقاً',
  done: 'تم تصدير {{count}} صفوف',
};
