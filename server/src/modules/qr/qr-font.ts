import { existsSync } from 'node:fs';

/**
 * pdfkit's built-in fonts have no Arabic glyphs. A TrueType font that has them is
 * looked up among common system locations (DejaVu Sans ships with most Linux
 * distributions; Arial and Tahoma with Windows). When none is found the sheet
 * prints the English hotel name only.
 */
const CANDIDATES = [
  process.env.HOTEL_PDF_FONT,
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
  'C:\\Windows\\Fonts\\tahoma.ttf',
  '/System/Library/Fonts/Supplemental/Arial Unicode.ttf',
  '/Library/Fonts/Arial Unicode.ttf',
];

let cached: string | null | undefined;

/** The path of a font with Arabic glyphs, or null. */
export function arabicFontPath(): string | null {
  if (cached === undefined) cached = CANDIDATES.find((p): p is string => !!p && existsSync(p)) ?? null;
  return cached;
}
