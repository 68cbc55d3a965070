import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { naturalCompare } from '../basic-data/list-query';
import { arabicFontPath } from './qr-font';
import { qrMessages } from './qr.messages';
import { QrRepository, roomLinkVersion, rotateRoomLinks } from './qr.repository';
import { isLoopbackUrl, lanSuggestions } from './public-url';
import { signRoomLink } from './room-link';
import { type Scope, canSeeHotel } from '../../access/scope';

/** The guest form's address for one room (SPEC §2: Request/Service?hotelId&roomId), with the room link's signature. */
export function guestRequestUrl(publicUrl: string, hotelId: number, roomId: number, sig?: string): string {
  return `${publicUrl}/Request/Service?hotelId=${hotelId}&roomId=${roomId}${sig ? `&sig=${sig}` : ''}`;
}

export interface SheetOptions {
  /** One of linkInfo's suggestions instead of PUBLIC_URL. */
  baseUrl?: string;
}

export class QrService {
  private readonly repo: QrRepository;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {
    this.repo = new QrRepository(db);
  }

  /** `port` is the one this server listens on (the LAN addresses are this machine's). */
  linkInfo(port: number): { publicUrl: string; loopback: boolean; suggestions: string[] } {
    return { publicUrl: this.publicUrl, loopback: isLoopbackUrl(this.publicUrl), suggestions: lanSuggestions(port) };
  }

  /** The sheet of a hotel `scope` may see (another hotel's answers as one that does not exist). */
  async roomSheet(hotelId: number, scope: Scope, port: number, options: SheetOptions = {}): Promise<{ fileName: string; pdf: Buffer }> {
    const base = (options.baseUrl ?? this.publicUrl).replace(/\/+$/, '');
    // Only addresses of this server: a staff member cannot make codes that send guests elsewhere.
    if (base !== this.publicUrl && !lanSuggestions(port).includes(base)) throw badRequest(qrMessages.baseUrlNotOurs, {}, [{ field: 'baseUrl', message: qrMessages.baseUrlNotOurs }]);
    const hotel = await this.visibleHotel(hotelId, scope);
    const version = await roomLinkVersion(this.db, hotel.id);
    const rooms = (await this.repo.roomsOf(hotelId)).sort((a, b) => naturalCompare(a.number, b.number));
    // The PDF code (pdfkit, qrcode, bidi-js: a fifth of a CPU-second to import) loads with the first sheet, not at every start.
    const { buildQrSheet } = await import('./qr-sheet');
    const pdf = await buildQrSheet({
      hotel,
      rooms: rooms.map((room) => ({ number: room.number, url: guestRequestUrl(base, hotel.id, room.id, signRoomLink(this.secret, hotel.id, room.id, version)) })),
      fontPath: arabicFontPath(),
    });
    return { fileName: `RoomQrCodes-${hotel.code}.pdf`, pdf };
  }

  /** New codes for a hotel `scope` may see; returns how many rooms' printed codes stopped being verified. */
  async rotate(hotelId: number, scope: Scope): Promise<{ hotelId: number; rooms: number; version: number }> {
    const hotel = await this.visibleHotel(hotelId, scope);
    const version = await rotateRoomLinks(this.db, hotel.id);
    return { hotelId: hotel.id, rooms: (await this.repo.roomsOf(hotel.id)).length, version };
  }

  private async visibleHotel(hotelId: number, scope: Scope) {
    const hotel = canSeeHotel(scope, hotelId) ? await this.repo.hotel(hotelId) : undefined;
    if (!hotel) throw notFound(qrMessages.hotelNotFound);
    return hotel;
  }
}
