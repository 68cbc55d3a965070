import type { Language } from './api/common';

/** A department's or worker's names: `name` is always set, `nameAr` may be missing. */
export interface TwoNames {
  name: string;
  nameAr?: string | null;
}

/** The name a reader of `lang` sees: Arabic readers the Arabic name (as stored) when it is more than spaces, else the other. */
export function displayName(lang: Language, names: TwoNames): string {
  return lang === 'ar' && names.nameAr?.trim() ? names.nameAr : names.name;
}

/** Unicode LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE. */
export const LTR_ISOLATE = '\u2066';
export const POP_ISOLATE = '\u2069';

/**
 * Plain text (e-mails, PDF, sheets) that must read left to right inside Arabic text:
 * a phone number, a request code, a room number. Without it `+966 55 123 4567` in a
 * right-to-left line comes out as `4567 123 55 966+`, since digits carry no direction
 * of their own. Empty stays empty; text already isolated is left as it is.
 */
export function isolateLtr(text: string): string {
  if (!text || (text.startsWith(LTR_ISOLATE) && text.endsWith(POP_ISOLATE))) return text;
  return `${LTR_ISOLATE}${text}${POP_ISOLATE}`;
}

/** isolateLtr for Arabic text only: an English line needs no isolation and keeps its plain characters. */
export function ltrIn(lang: Language, text: string): string {
  return lang === 'ar' ? isolateLtr(text) : text;
}
