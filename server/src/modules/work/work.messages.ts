import { defineMessages } from '../../i18n/localize';

/** Messages of workers' phones and their pairing. */
export const workMessages = defineMessages({
  workerNotFound: { en: 'This worker was not found', ar: 'هذا العامل غير موجود' },
  deviceNotFound: { en: 'This phone was not found', ar: 'هذا الهاتف غير موجود' },
  deviceRevoked: { en: 'The phone was unpaired', ar: 'تم إلغاء اقتران الهاتف' },
  pinSet: { en: 'PIN saved', ar: 'تم حفظ الرمز السري' },
  pinRemoved: { en: 'PIN removed', ar: 'تمت إزالة الرمز السري' },
  codeInvalid: {
    en: 'This pairing code is not valid or has expired. Ask your supervisor for a new one',
    ar: 'رمز الاقتران هذا غير صالح أو منتهي الصلاحية. اطلب من مشرفك رمزًا جديدًا',
  },
  credentialInvalid: {
    en: 'This phone is no longer paired. Ask your supervisor for a new pairing code',
    ar: 'لم يعد هذا الهاتف مقترنًا. اطلب من مشرفك رمز اقتران جديدًا',
  },
  pinWrong: { en: 'Wrong PIN', ar: 'الرمز السري غير صحيح' },
  pinNotSet: { en: 'No PIN is needed on this phone', ar: 'لا يحتاج هذا الهاتف إلى رمز سري' },
  taskNotYours: { en: 'This task is not assigned to you', ar: 'هذه المهمة غير مسندة إليك' },
  changedMeanwhile: {
    en: 'This task changed meanwhile. Refresh and try again',
    ar: 'تغيّرت هذه المهمة في الأثناء. حدّث الصفحة وحاول مرة أخرى',
  },
  notAssigned: { en: 'This task is not assigned to anyone', ar: 'هذه المهمة غير مسندة لأحد' },
  alreadyAccepted: { en: 'You have already accepted this task', ar: 'لقد قبلت هذه المهمة بالفعل' },
  acceptFirst: { en: 'Accept this task first', ar: 'اقبل هذه المهمة أولًا' },
  alreadyStarted: { en: 'You have already started this task', ar: 'لقد بدأت هذه المهمة بالفعل' },
  accepted: { en: 'Task accepted', ar: 'تم قبول المهمة' },
  started: { en: 'Task started', ar: 'تم بدء المهمة' },
  done: { en: 'Task done', ar: 'تم إنجاز المهمة' },
  returned: { en: 'Task returned to the department', ar: 'تمت إعادة المهمة إلى القسم' },
  taken: { en: 'The task is yours', ar: 'أصبحت المهمة لك' },
  alreadyTaken: { en: 'Someone else already took this task', ar: 'أخذ شخص آخر هذه المهمة بالفعل' },
  poolClosed: {
    en: 'Your department does not let workers take open tasks',
    ar: 'قسمك لا يسمح للعمال بأخذ المهام المفتوحة',
  },
  actionKeyReused: {
    en: 'This action key was already used for another action',
    ar: 'مفتاح الإجراء هذا استُخدم لإجراء آخر',
  },
  photoOne: { en: 'Send exactly one photo', ar: 'أرسل صورة واحدة فقط' },
  photoType: { en: 'The photo must be a JPEG, PNG or WebP image', ar: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP' },
  photoClosed: { en: 'This task is not open any more', ar: 'لم تعد هذه المهمة مفتوحة' },
  photoTooMany: { en: 'This task already has {max} photos', ar: 'لهذه المهمة {max} صور بالفعل' },
  photoUnknown: { en: 'This photo was not found for this task. Upload it again', ar: 'لم يتم العثور على هذه الصورة لهذه المهمة. ارفعها مرة أخرى' },
  photoNotFound: { en: 'This photo was not found', ar: 'هذه الصورة غير موجودة' },
  cantDoReason: { en: "Worker couldn't do it: {reason}", ar: 'تعذّر على العامل التنفيذ: {reason}' },
});

/** What a push to the worker's phone says (the room and the service only). */
export const pushMessages = defineMessages({
  assignedTitle: { en: 'New task: {service}', ar: 'مهمة جديدة: {service}' },
  offeredTitle: { en: 'Open task: {service}', ar: 'مهمة مفتوحة: {service}' },
  room: { en: 'Room {room}', ar: 'الغرفة {room}' },
  endpointInvalid: {
    en: 'This push subscription cannot be used. Turn notifications off and on again',
    ar: 'لا يمكن استخدام اشتراك الإشعارات هذا. أوقف الإشعارات ثم فعّلها مرة أخرى',
  },
});
