import { defineMessages } from '../../i18n/localize';

/** Service recovery: the duty managers' e-mail and the follow-up's answers. */
export const recoveryMessages = defineMessages({
  mailSubject: { en: 'Low rating {rating}/10 — {hotel}, room {room} ({code})', ar: 'تقييم منخفض {rating}/10 — {hotel}، الغرفة {room} ({code})' },
  mailBody: {
    en: 'Hello {name},\n\n{guest} in room {room} at {hotel} rated request {code} {rating} of 10.\nServices: {services}\nTheir words: {review}\n\nA follow-up is open on the Guest Feedback list: contact the guest and record what was done.',
    ar: 'مرحبًا {name}،\n\nقيّم {guest} في الغرفة {room} في {hotel} الطلب {code} بـ {rating} من 10.\nالخدمات: {services}\nكلماته: {review}\n\nفُتحت متابعة في قائمة آراء النزلاء: تواصل مع النزيل وسجّل ما تم.',
  },
  noWords: { en: '(none)', ar: '(لا شيء)' },
  open: { en: 'Open it: {link}', ar: 'افتحها: {link}' },
  saved: { en: 'Follow-up saved', ar: 'تم حفظ المتابعة' },
  notFound: { en: 'This follow-up was not found', ar: 'هذه المتابعة غير موجودة' },
  resolved: { en: 'This follow-up is resolved already and cannot change', ar: 'هذه المتابعة محلولة بالفعل ولا يمكن تغييرها' },
  backwards: { en: 'A follow-up only moves forward: open, contacted, resolved', ar: 'المتابعة تتقدم فقط: مفتوحة، ثم تم التواصل، ثم محلولة' },
  changed: { en: 'Someone else has just updated this follow-up; please reload it', ar: 'قام شخص آخر بتحديث هذه المتابعة للتو؛ يرجى إعادة تحميلها' },
});
