import { defineMessages } from '../../i18n/localize';
import type { LineViolation } from './line-rules';

/** Messages of the requests area; the success texts are the SPEC §8 fallbacks the clients show. */
export const requestMessages = defineMessages({
  submitted: { en: 'Request submitted successfully!', ar: 'تم إرسال الطلب بنجاح!' },
  roomLinkInvalid: {
    en: 'This room link is not valid. Please scan the QR code in your room again.',
    ar: 'رابط الغرفة هذا غير صالح. يرجى مسح رمز QR الموجود في غرفتك مرة أخرى.',
  },
  filedForGuest: { en: 'Request {code} filed for the guest', ar: 'تم تسجيل الطلب {code} للنزيل' },
  hotelOutOfScope: {
    en: 'You cannot file requests for this hotel: it is not one of your hotels',
    ar: 'لا يمكنك تسجيل طلبات لهذا الفندق: فهو ليس من فنادقك',
  },
  reviewAdded: { en: 'Your Review Added Successfully', ar: 'تمت إضافة تقييمك بنجاح' },
  assigned: { en: 'Assigned Successfully', ar: 'تم التعيين بنجاح' },
  rejected: { en: 'Request Rejected', ar: 'تم رفض الطلب' },
  completed: { en: 'Service Completed', ar: 'تم إكمال الخدمة' },
  replySent: { en: 'Reply sent to the guest', ar: 'تم إرسال الرد إلى النزيل' },
  noteAdded: { en: 'Internal note added', ar: 'تمت إضافة الملاحظة الداخلية' },
  acknowledged: { en: 'Acknowledged', ar: 'تم الاستلام' },
  requestNotFound: { en: 'This request was not found', ar: 'هذا الطلب غير موجود' },
  lineNotFound: { en: 'This service request was not found', ar: 'طلب الخدمة هذا غير موجود' },
  hotelMissing: { en: 'This hotel does not exist', ar: 'هذا الفندق غير موجود' },
  roomMissing: { en: 'This room does not belong to the chosen hotel', ar: 'هذه الغرفة لا تتبع الفندق المختار' },
  serviceMissing: { en: 'This service does not exist', ar: 'هذه الخدمة غير موجودة' },
  phoneNotInPlan: {
    en: 'This is not a valid phone number for its country code, e.g. {example}',
    ar: 'هذا ليس رقم هاتف صحيحًا لرمز الدولة المختار، مثل {example}',
  },
  scheduledInPast: {
    en: 'This time has already passed at the hotel ({now} now): choose a later time',
    ar: 'هذا الوقت قد مضى في الفندق (الساعة الآن {now}): اختر وقتًا لاحقًا',
  },
  scheduledTooFar: {
    en: 'A time can be booked up to {days} days ahead: choose an earlier day',
    ar: 'يمكن حجز وقت حتى {days} يومًا مقدمًا فقط: اختر يومًا أقرب',
  },
  selectWorker: { en: 'Please select a worker', ar: 'يرجى اختيار عامل' },
  selectDepartment: { en: 'Please select a department', ar: 'يرجى اختيار قسم' },
  workerNotAvailable: {
    en: 'This worker does not work in the department of this service',
    ar: 'هذا العامل لا يعمل في قسم هذه الخدمة',
  },
  workerOtherHotel: {
    en: "This worker does not serve this request's hotel",
    ar: 'هذا العامل لا يخدم فندق هذا الطلب',
  },
  rejectReason: { en: 'Please Enter Reason for Cancellation', ar: 'يرجى إدخال سبب الإلغاء' },
  notCompletedYet: { en: 'You can review the request once it is Completed', ar: 'يمكنك تقييم الطلب بعد اكتماله' },
  alreadyReviewed: { en: 'This request has already been reviewed', ar: 'تم تقييم هذا الطلب من قبل' },
});

/** Why a workflow step was refused (409): one message per rule of line-rules.ts. */
export const violationMessages = defineMessages({
  closed: { en: 'This service is already closed and cannot change', ar: 'هذه الخدمة مغلقة بالفعل ولا يمكن تغييرها' },
  notSpecial: {
    en: 'Only a Special Request is assigned to a department; this service already has one',
    ar: 'يُسند الطلب الخاص فقط إلى قسم؛ هذه الخدمة لها قسم بالفعل',
  },
  departmentAlreadySet: { en: 'This service already has a department', ar: 'هذه الخدمة مسندة إلى قسم بالفعل' },
  needsDepartment: { en: 'Assign this Special Request to a department first', ar: 'يرجى إسناد هذا الطلب الخاص إلى قسم أولًا' },
  workerAlreadySet: { en: 'A worker is already assigned to this service', ar: 'تم تعيين عامل لهذه الخدمة بالفعل' },
  assignPending: { en: 'Assign a worker before completing this service', ar: 'يرجى تعيين عامل قبل إكمال هذه الخدمة' },
  alreadyAcknowledged: { en: 'This service has already been acknowledged', ar: 'تم استلام هذه الخدمة بالفعل' },
} satisfies Record<LineViolation, unknown>);
