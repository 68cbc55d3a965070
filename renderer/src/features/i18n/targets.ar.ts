import type { targetsEn } from './targets.en';

export const targetsAr: { [K in keyof typeof targetsEn]: string } = {
  recoveryThreshold: 'تنبيه التقييم المنخفض عند أو دون (من 10)',
  recoveryHint: 'التقييم عند هذا الحد أو دونه ينبّه مديري المناوبة ويفتح متابعة. فارغ: 4.',
  acknowledgeMinutes: 'دقائق الاستلام',
  completeMinutes: 'دقائق الإنجاز',
  acknowledgeColumn: 'الاستلام (دقيقة)',
  completeColumn: 'الإنجاز (دقيقة)',
  serviceHint: 'اختياري. إذا تُرك فارغًا يُطبَّق هدف مجموعة الخدمات، وإلا فهدف الفندق.',
  groupHint: 'اختياري. إذا تُرك فارغًا يُطبَّق هدف الفندق على الخدمات التي لم تحدد هدفًا.',
  hotelHint: 'اختياري. الافتراضي الأخير؛ إذا تُرك فارغًا فلا هدف ما لم تحدده الخدمة أو مجموعتها.',
  wholeMinutes: 'أدخل عددًا صحيحًا من الدقائق (مثل 15)، أو اتركه فارغًا',
  range: 'أدخل من 1 إلى {{max}} دقيقة (أسبوع)، أو اتركه فارغًا',
};
