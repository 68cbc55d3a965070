import type { RequestChannel } from '@shared';
import { defineMessages } from '../../i18n/localize';

export const reportMessages = defineMessages({
  rangeOrder: { en: 'The end of the period must come after its start', ar: 'يجب أن تكون نهاية الفترة بعد بدايتها' },
  rangeTooLong: { en: 'A report covers at most {days} days', ar: 'يغطي التقرير {days} يومًا على الأكثر' },
  ratingOrder: { en: 'The lowest rating must not be above the highest', ar: 'يجب ألا يزيد أدنى تقييم عن أعلى تقييم' },
  roomNotFound: { en: 'This room was not found', ar: 'هذه الغرفة غير موجودة' },
});

/** The channels a request reaches the hotel through, as the reports name them. */
export const channelNames = defineMessages({
  guest: { en: 'Guest page', ar: 'صفحة النزيل' },
  phone: { en: 'Phone', ar: 'هاتف' },
  desk: { en: 'At the desk', ar: 'في الاستقبال' },
  integration: { en: 'Integration', ar: 'تكامل' },
} satisfies Record<RequestChannel, unknown>);
