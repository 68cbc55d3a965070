import { defineMessages } from '../../i18n/localize';

/** What the guest reads when answering on a line of their request. */
export const guestMessageMessages = defineMessages({
  sent: { en: 'Your message was sent to the hotel', ar: 'تم إرسال رسالتك إلى الفندق' },
  lineNotInRequest: { en: 'This service is not part of your request', ar: 'هذه الخدمة ليست ضمن طلبك' },
  lineClosed: {
    en: 'This service is already finished and takes no more messages. Please send a new request if you still need help.',
    ar: 'هذه الخدمة منتهية ولا تقبل رسائل أخرى. يرجى إرسال طلب جديد إن كنت ما زلت بحاجة إلى مساعدة.',
  },
});
