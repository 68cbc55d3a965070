import type { masterDataEn } from './master-data.en';

export const masterDataAr: { [K in keyof typeof masterDataEn]: string } = {
  codeLocked: 'لا يمكن تغيير الرمز بعد الإنشاء',
  deleteRoomConfirm: 'هل أنت متأكد من حذف الغرفة "{{name}}" في {{hotel}}؟',
};
