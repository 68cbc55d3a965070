import { defineMessages } from '../../i18n/localize';

export const reportMessages = defineMessages({
  rangeOrder: { en: 'The end of the period must come after its start', ar: 'يجب أن تكون نهاية الفترة بعد بدايتها' },
  rangeTooLong: { en: 'A report covers at most {days} days', ar: 'يغطي التقرير {days} يومًا على الأكثر' },
  ratingOrder: { en: 'The lowest rating must not be above the highest', ar: 'يجب ألا يزيد أدنى تقييم عن أعلى تقييم' },
  roomNotFound: { en: 'This room was not found', ar: 'هذه الغرفة غير موجودة' },
});
