import type { polishEn } from './polish.en';

export const polishAr: { [K in keyof typeof polishEn]: string } = {
  codeLocked: 'لا يمكن تغيير الرمز بعد الإنشاء',
  deleteRoomConfirm: 'هل أنت متأكد من حذف الغرفة "{{name}}" في {{hotel}}؟',
};
