import type { queueEn } from './queue.en';

export const queueAr: { [K in keyof typeof queueEn]: string } = {
  overdueOnly: 'المتأخرة فقط',
  myQueue: 'مهامي',
  myQueueHint: 'البنود المفتوحة لأقسامي، الأكثر إلحاحًا أولًا',
  age: 'المدة',
  due: 'الموعد',
  dueAt: 'مستحق {{time}}',
  lateSince: 'متأخر منذ {{time}}',
  dueIn: 'خلال {{duration}}',
  lateBy: 'متأخر {{duration}}',
  dueNow: 'مستحق الآن',
  ageMinutes: '{{count}} دقيقة',
  ageHours: '{{hours}} ساعة {{minutes}} دقيقة',
  ageDays: '{{days}} يوم {{hours}} ساعة',
  overdueTitle: 'المتأخرة الآن',
  overdueNone: 'لا شيء متأخر',
  noDepartment: 'بلا قسم بعد',
  overdueLink: '{{department}}: {{count}} متأخرة، افتح القائمة',
  remindEvery: 'التذكير بالبنود غير المستلمة كل…',
  remindSeconds: '{{count}} ث',
  remindMinutes: '{{count}} دقيقة',
};
