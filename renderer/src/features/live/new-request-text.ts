import type { TFunction } from 'i18next';
import type { LiveEvent } from '@shared';
import { ltrIn } from '@shared/display-names';

/**
 * What a new request's toast and desktop notification say, so a busy desk knows without
 * opening it: the code, then room, hotel, the services and the first words of the guest's note.
 */
export function newRequestText(t: TFunction, lang: string, event: LiveEvent): { title: string; body: string } {
  const ar = lang === 'ar';
  // Codes and room numbers read left to right inside Arabic text.
  const title = t('alerts.notifyTitle', { code: ltrIn(ar ? 'ar' : 'en', event.requestCode) });
  const s = event.summary;
  if (!s) return { title, body: '' };
  const names = s.services.map((x) => (ar ? x.nameAr : x.nameEn)).join(ar ? '، ' : ', ');
  const more = s.serviceCount - s.services.length;
  const services = more > 0 ? t('alerts.moreServices', { list: names, count: more }) : names;
  const where = t('alerts.newRequestWhere', { room: ltrIn(ar ? 'ar' : 'en', s.roomNumber), hotel: ar ? s.hotelNameAr : s.hotelNameEn, services });
  return { title, body: s.notePreview ? `${where} ${t('alerts.newRequestNote', { note: s.notePreview })}` : where };
}
