import { defineMessages } from '../../i18n/localize';

/** Messages of routing rules, shifts, rosters and zones. */
export const routingMessages = defineMessages({
  saved: { en: 'Saved Successfully', ar: 'تم الحفظ بنجاح' },
  ruleNotFound: { en: 'This routing rule was not found', ar: 'قاعدة التوجيه هذه غير موجودة' },
  hotelNotFound: { en: 'This hotel was not found', ar: 'هذا الفندق غير موجود' },
  scopeNotFound: { en: 'The service, service group or department of this rule was not found', ar: 'الخدمة أو مجموعة الخدمات أو القسم في هذه القاعدة غير موجود' },
  departmentNotFound: {
    en: 'The department of this rule was not found among the departments you manage',
    ar: 'قسم هذه القاعدة غير موجود ضمن الأقسام التي تديرها',
  },
  departmentNotFoundPlain: { en: 'This department was not found', ar: 'هذا القسم غير موجود' },
  capRange: { en: 'The open tasks per worker must be between {min} and {max}', ar: 'يجب أن يكون عدد المهام المفتوحة لكل عامل بين {min} و{max}' },
  acceptRange: { en: 'The minutes to accept must be between {min} and {max}', ar: 'يجب أن تكون دقائق القبول بين {min} و{max}' },
  reoffersRange: { en: 'The number of re-offers must be between {min} and {max}', ar: 'يجب أن يكون عدد مرات إعادة العرض بين {min} و{max}' },
  workerNotFound: { en: 'This worker was not found', ar: 'هذا العامل غير موجود' },
  rosterRow: { en: 'Row {row}: {problem}', ar: 'الصف {row}: {problem}' },
  rosterUnknownWorker: {
    en: 'Row {row}: worker {worker} is not a worker of this department',
    ar: 'الصف {row}: العامل {worker} ليس من عمال هذا القسم',
  },
  rosterWeekday: { en: 'Row {row}: the day must be 0 (Sunday) to 6 (Saturday)', ar: 'الصف {row}: يجب أن يكون اليوم من 0 (الأحد) إلى 6 (السبت)' },
  rosterTime: { en: 'Row {row}: times must be written HH:MM, e.g. 07:00', ar: 'الصف {row}: يجب كتابة الأوقات بالصيغة HH:MM، مثل 07:00' },
  rosterEmptyShift: { en: 'Row {row}: the shift starts and ends at the same time', ar: 'الصف {row}: تبدأ المناوبة وتنتهي في الوقت نفسه' },
  zoneText: { en: 'A zone must be 1 to 50 characters', ar: 'يجب أن تكون المنطقة من 1 إلى 50 حرفًا' },
  onShift: { en: 'On shift', ar: 'في المناوبة' },
  offShift: { en: 'Off shift', ar: 'خارج المناوبة' },
  byRoster: { en: 'Shift follows the roster', ar: 'المناوبة حسب الجدول' },
});

/** A routing decision in words, for the line's history and the preview. */
export const routingReasons = defineMessages({
  department: { en: 'Sent to {department} by rule {rule}', ar: 'أُرسل إلى {department} بحسب القاعدة {rule}' },
  zone: {
    en: 'Given to {worker} by rule {rule}: covers zone {zone}, {open} open tasks',
    ar: 'أُسند إلى {worker} بحسب القاعدة {rule}: يغطي المنطقة {zone}، {open} مهام مفتوحة',
  },
  load: {
    en: 'Given to {worker} by rule {rule}: fewest open tasks ({open})',
    ar: 'أُسند إلى {worker} بحسب القاعدة {rule}: أقل عدد من المهام المفتوحة ({open})',
  },
  reofferZone: {
    en: 'Not accepted in time: offered to {worker} by rule {rule} (covers zone {zone}, {open} open tasks)',
    ar: 'لم يُقبل في الوقت: عُرض على {worker} بحسب القاعدة {rule} (يغطي المنطقة {zone}، {open} مهام مفتوحة)',
  },
  reofferLoad: {
    en: 'Not accepted in time: offered to {worker} by rule {rule} ({open} open tasks)',
    ar: 'لم يُقبل في الوقت: عُرض على {worker} بحسب القاعدة {rule} ({open} مهام مفتوحة)',
  },
  'special-needs-person': {
    en: 'Waiting for a person to choose its department (rule {rule} names none)',
    ar: 'بانتظار شخص يختار قسمه (القاعدة {rule} لا تحدد قسمًا)',
  },
  'nobody-on-shift': { en: 'Waiting: nobody of {department} is on shift', ar: 'بانتظار: لا أحد من {department} في المناوبة' },
  'all-at-cap': {
    en: 'Waiting: every worker on shift in {department} has {cap} open tasks',
    ar: 'بانتظار: كل عامل في المناوبة في {department} لديه {cap} مهام مفتوحة',
  },
  'nobody-else': {
    en: 'Waiting: nobody on shift in {department} who has not had it already',
    ar: 'بانتظار: لا أحد في المناوبة في {department} لم تُعرض عليه من قبل',
  },
  'not-accepted': {
    en: 'Not accepted after {offers} offers: sent to the desk',
    ar: 'لم يُقبل بعد {offers} عروض: أُحيل إلى المكتب',
  },
  'escalated-nobody-else': {
    en: 'Not accepted in time and nobody else can take it: sent to the desk',
    ar: 'لم يُقبل في الوقت ولا أحد غيره يستطيع أخذه: أُحيل إلى المكتب',
  },
  noRule: { en: 'No routing rule covers this service: a person assigns it', ar: 'لا توجد قاعدة توجيه لهذه الخدمة: يُسندها شخص' },
  ruleOff: { en: 'Rule {rule} leaves this service to a person', ar: 'القاعدة {rule} تترك هذه الخدمة لشخص' },
});
