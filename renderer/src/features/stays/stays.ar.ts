import type { staysEn } from './stays.en';

/** Arabic: the arrow points the way the text reads (arrival on the right). */
export const staysAr: typeof staysEn = {
  heading: 'الإقامة (من نظام إدارة الفندق)',
  guestName: 'النزيل',
  dates: 'التواريخ',
  range: '{{arrival}} ← {{departure}}',
  checkedOut: 'غادر النزيل',
  checkedOutHint: 'سجّل نظام إدارة الفندق مغادرة هذا النزيل والطلب ما زال مفتوحًا.',
  inStay: 'إقامة {{name}}، {{dates}}',
  noStay: 'خارج أي إقامة',
};
