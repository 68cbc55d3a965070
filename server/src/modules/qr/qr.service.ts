import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { naturalCompare } from '../basic-data/list-query';
import { arabicFontPath } from './qr-font';
import { buildQrSheet } from './qr-sheet';
import { qrMessages } from './qr.messages';
import { QrRepository } from './qr.repository';

/** The guest form's address for one room (SPEC §2: Request/Service?hotelId&roomId). */
export function guestRequestUrl(publicUrl: string, hotelId: number, roomId: number): string {
  return `${publicUrl}/Request/Service?hotelId=${hotelId}&roomId=${roomId}`;
}

export class QrService {
  private readonly repo: QrRepository;

  constructor(
    db: Db,
    private readonly publicUrl: string,
  ) {
    this.repo = new QrRepository(db);
  }

  async roomSheet(hotelId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const hotel = await this.repo.hotel(hotelId);
    if (!hotel) throw notFound(qrMessages.hotelNotFound);
    const rooms = (await this.repo.roomsOf(hotelId)).sort((a, b) => naturalCompare(a.number, b.number));
    const pdf = await buildQrSheet({
      hotel,
      rooms: rooms.map((room) => ({ number: room.number, url: guestRequestUrl(this.publicUrl, hotel.id, room.id) })),
      fontPath: arabicFontPath(),
    });
    return { fileName: `RoomQrCodes-${hotel.code}.pdf`, pdf };
  }
}
