import { defineMessages } from '../../i18n/localize';

/** What the basic-data module says beyond the common messages. */
export const messages = defineMessages({
  roomNumberTaken: { en: 'Room "{code}" already exists in this hotel', ar: 'الغرفة "{code}" موجودة من قبل في هذا الفندق' },
  inUseBy: {
    en: 'This cannot be removed because it is still used by: {uses}',
    ar: 'لا يمكن الحذف لأنه ما زال مستخدمًا في: {uses}',
  },
  lockedWhileUsed: {
    en: 'The {field} cannot be changed because it is still used by: {uses}',
    ar: 'لا يمكن تغيير {field} لأنه ما زال مستخدمًا في: {uses}',
  },
  referenceMissing: { en: 'The selected {what} does not exist', ar: 'العنصر المختار ({what}) غير موجود' },
  hotelsRequired: { en: 'Choose at least one hotel the worker serves', ar: 'يرجى اختيار فندق واحد على الأقل يخدمه العامل' },
});

/** Entity names, used in "not found" and "does not exist" messages. */
export const entityNames = defineMessages({
  company: { en: 'company', ar: 'الشركة' },
  hotel: { en: 'hotel', ar: 'الفندق' },
  useType: { en: 'use type', ar: 'نوع الاستخدام' },
  roomType: { en: 'room type', ar: 'نوع الغرفة' },
  room: { en: 'room', ar: 'الغرفة' },
  serviceGroup: { en: 'service group', ar: 'مجموعة الخدمات' },
  service: { en: 'service', ar: 'الخدمة' },
  worker: { en: 'worker', ar: 'العامل' },
  department: { en: 'department', ar: 'القسم' },
});

export const notFoundMessages = defineMessages({
  company: { en: 'Company not found', ar: 'الشركة غير موجودة' },
  hotel: { en: 'Hotel not found', ar: 'الفندق غير موجود' },
  useType: { en: 'Use type not found', ar: 'نوع الاستخدام غير موجود' },
  roomType: { en: 'Room type not found', ar: 'نوع الغرفة غير موجود' },
  room: { en: 'Room not found', ar: 'الغرفة غير موجودة' },
  serviceGroup: { en: 'Service group not found', ar: 'مجموعة الخدمات غير موجودة' },
  service: { en: 'Service not found', ar: 'الخدمة غير موجودة' },
  worker: { en: 'Worker not found', ar: 'العامل غير موجود' },
  department: { en: 'Department not found', ar: 'القسم غير موجود' },
});

/** What can hold on to a row ("still used by: hotels (2)"). */
export const usageNames = defineMessages({
  hotels: { en: 'hotels', ar: 'الفنادق' },
  rooms: { en: 'rooms', ar: 'الغرف' },
  bookingRooms: { en: 'booking rooms', ar: 'غرف الحجز' },
  requests: { en: 'guest requests', ar: 'طلبات النزلاء' },
  requestLines: { en: 'service requests', ar: 'طلبات الخدمات' },
  users: { en: 'users', ar: 'المستخدمين' },
  services: { en: 'services', ar: 'الخدمات' },
  workers: { en: 'workers', ar: 'العمال' },
});
