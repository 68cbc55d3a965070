import { describe, expect, it } from 'vitest';
import { arabicFontPath } from '../../../server/src/modules/qr/qr-font';
import { CODES_PER_PAGE, buildQrSheet } from '../../../server/src/modules/qr/qr-sheet';
import { guestRequestUrl } from '../../../server/src/modules/qr/qr.service';

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;
const links = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);

describe('room QR sheet PDF', () => {
  const rooms = Array.from({ length: CODES_PER_PAGE + 1 }, (_, i) => ({ number: String(i + 1), url: guestRequestUrl('https://h.example', 4, i + 1) }));

  it('points each code at the guest form of its room', () => {
    expect(guestRequestUrl('https://h.example', 4, 17)).toBe('https://h.example/Request/Service?hotelId=4&roomId=17');
  });

  it('puts 12 codes on a page and links each to its URL, with or without an Arabic font', async () => {
    for (const fontPath of [null, arabicFontPath()]) {
      const pdf = await buildQrSheet({ hotel: { name: 'Nile Palace', nameAr: 'قصر النيل' }, rooms, fontPath });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pages(pdf)).toBe(2);
      expect(links(pdf)).toEqual(rooms.map((r) => r.url));
    }
  });

  it('embeds the Arabic-capable font only when one was found', async () => {
    const english = await buildQrSheet({ hotel: { name: 'Nile Palace', nameAr: 'قصر النيل' }, rooms: rooms.slice(0, 1), fontPath: null });
    expect(english.toString('latin1')).not.toContain('/FontFile2');
    const font = arabicFontPath();
    if (!font) return; // No such font on this machine: the English-only path above is what ships.
    const both = await buildQrSheet({ hotel: { name: 'Nile Palace', nameAr: 'قصر النيل' }, rooms: rooms.slice(0, 1), fontPath: font });
    expect(both.toString('latin1')).toContain('/FontFile2');
  });
});
