export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type its bytes prove (DESIGN: checked by bytes, not names): JPEG starts
 * FF D8 FF, PNG with its 8-byte signature, WebP is a RIFF container of kind WEBP.
 * Anything else (including a text file named .png) is undefined.
 */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  const at = (offset: number, magic: number[]) => bytes.length >= offset + magic.length && magic.every((b, i) => bytes[offset + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, PNG)) return 'image/png';
  if (at(0, ascii('RIFF')) && at(8, ascii('WEBP'))) return 'image/webp';
  return undefined;
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}
