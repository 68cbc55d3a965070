import { type Language } from '@shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotels, requestLines, requests, rooms, services } from '../../db/schema';
import { inLanguage } from '../../access/names';

/** What the guest's e-mails say about a request: its code, hotel and room, and each line's outcome. */

/** The request as the guest's e-mail names it, with the hotel's name in `lang`. */
export async function guestMailHeader(db: DbOrTx, id: string, lang: Language) {
  const [row] = await db
    .select({
      id: requests.id,
      requestCode: requests.requestCode,
      custEmail: requests.custEmail,
      hotelName: inLanguage(lang, { en: hotels.name, ar: hotels.nameAr }),
      roomNumber: rooms.number,
      roomVerified: requests.roomVerified,
      lang: requests.lang,
    })
    .from(requests)
    .innerJoin(hotels, eq(hotels.id, requests.hotelId))
    .innerJoin(rooms, eq(rooms.id, requests.roomId))
    .where(eq(requests.id, id));
  return row;
}
export type GuestMailHeader = NonNullable<Awaited<ReturnType<typeof guestMailHeader>>>;

/** The request's lines in order, each with its service's name in `lang`, outcome and reply. */
export async function guestMailLines(db: DbOrTx, requestId: string, lang: Language) {
  return db
    .select({ serviceName: inLanguage(lang, { en: services.nameEn, ar: services.nameAr }), status: requestLines.status, reply: requestLines.reply })
    .from(requestLines)
    .innerJoin(services, eq(services.id, requestLines.serviceId))
    .where(eq(requestLines.requestId, requestId))
    .orderBy(asc(requestLines.id));
}
