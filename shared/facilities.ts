/** Booking-room facilities: a fixed bilingual catalogue (fetched by clients from GetFacilities too). */
export const FACILITIES = [
  { code: 'wifi', nameEn: 'Wi-Fi', nameAr: 'واي فاي' },
  { code: 'air-conditioning', nameEn: 'Air conditioning', nameAr: 'تكييف' },
  { code: 'tv', nameEn: 'Television', nameAr: 'تلفاز' },
  { code: 'minibar', nameEn: 'Minibar', nameAr: 'ميني بار' },
  { code: 'safe', nameEn: 'In-room safe', nameAr: 'خزنة' },
  { code: 'balcony', nameEn: 'Balcony', nameAr: 'شرفة' },
  { code: 'sea-view', nameEn: 'Sea view', nameAr: 'إطلالة على البحر' },
  { code: 'city-view', nameEn: 'City view', nameAr: 'إطلالة على المدينة' },
  { code: 'bathtub', nameEn: 'Bathtub', nameAr: 'حوض استحمام' },
  { code: 'kitchenette', nameEn: 'Kitchenette', nameAr: 'مطبخ صغير' },
  { code: 'coffee-maker', nameEn: 'Coffee maker', nameAr: 'آلة قهوة' },
  { code: 'work-desk', nameEn: 'Work desk', nameAr: 'مكتب عمل' },
  { code: 'accessible', nameEn: 'Wheelchair accessible', nameAr: 'مهيأة لذوي الإعاقة' },
  { code: 'non-smoking', nameEn: 'Non-smoking', nameAr: 'غير مخصصة للتدخين' },
  { code: 'room-service', nameEn: 'Room service', nameAr: 'خدمة الغرف' },
  { code: 'prayer-mat', nameEn: 'Prayer mat and Qibla direction', nameAr: 'سجادة صلاة واتجاه القبلة' },
] as const;
export type FacilityCode = (typeof FACILITIES)[number]['code'];
export const FACILITY_CODES: readonly string[] = FACILITIES.map((f) => f.code);
