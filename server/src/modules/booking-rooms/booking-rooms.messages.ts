import { defineMessages } from '../../i18n/localize';

export const bookingRoomMessages = defineMessages({
  notFound: { en: 'This booking room does not exist', ar: 'غرفة الحجز هذه غير موجودة' },
  imageNotFound: { en: 'This image does not exist', ar: 'هذه الصورة غير موجودة' },
  hotelMissing: { en: 'The selected hotel does not exist', ar: 'الفندق المختار غير موجود' },
  roomTypeMissing: { en: 'The selected room type does not exist', ar: 'نوع الغرفة المختار غير موجود' },
  notAnImage: {
    en: 'Only JPEG, PNG or WebP images are accepted: "{name}" is not one',
    ar: 'تُقبل صور JPEG أو PNG أو WebP فقط: الملف "{name}" ليس منها',
  },
  tooManyImages: { en: 'A booking room can have at most {max} images', ar: 'يمكن أن تحتوي غرفة الحجز على {max} صورة كحد أقصى' },
  roomTypeFixed: {
    en: 'The room type code cannot be changed here',
    ar: 'لا يمكن تغيير رمز نوع الغرفة من هنا',
  },
});
