/**
 * What people type, read one way by every part: the guest page, the desk, the admin
 * screens and the server's search. Zod-free and import-free: the guest page's first view loads it.
 */

/** Arabic-Indic (٠–٩) and Persian (۰–۹) digits. */
const NON_ASCII_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Arabic-Indic and Persian digits as ASCII 0–9: a number typed on an Arabic keyboard is read (and stored) as 0–9. */
export function asciiDigits(text: string): string {
  // Both runs start at a code point ending in 0 (U+0660, U+06F0): the low four bits are the digit.
  return text.replace(NON_ASCII_DIGITS, (d) => String(d.charCodeAt(0) & 0xf));
}

/** A phone as typed, tidied: ASCII digits, no spaces around it, one space between its groups. */
export function tidyPhone(text: string): string {
  return asciiDigits(text).trim().replace(/\s+/g, ' ');
}
