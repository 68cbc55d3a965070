import { asciiDigits } from './typed-text';

/**
 * What a search compares: text folded so that the ways people write the same word meet.
 * Guests type Arabic without diacritics, with or without hamza, ة or ه, ى or ي, and
 * Latin in any case or without accents; names and search words are stored as written.
 */

/** Tatweel, the stretching stroke: decoration, never part of a word. */
const TATWEEL = /\u0640/g;
/** Every combining mark left after decomposition: Latin accents, Arabic tashkeel, the hamza and madda above or below. */
const MARKS = /\p{M}/gu;
/** Letters that stand for another one in a search (after decomposition has taken the hamza off أ إ آ ؤ ئ). */
const LETTERS: Record<string, string> = {
  '\u0671': 'ا', // ٱ alef wasla
  '\u0629': 'ه', // ة taa marbuta
  '\u0649': 'ي', // ى alef maqsura
  '\u06cc': 'ي', // ی Persian yeh, what some keyboards type for ي
  '\u06a9': 'ك', // ک keheh, likewise for ك
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/**
 * The text as a search compares it: diacritics and tatweel gone, alef and hamza carriers
 * plain (أ إ آ ٱ → ا, ؤ → و, ئ → ي), ة → ه, ى → ي, digits as 0-9, lower case, and punctuation as spaces.
 */
export function foldSearchText(text: string): string {
  // NFKD takes hamza and madda off their carriers as marks, and undoes presentation forms and ligatures.
  const letters = text.normalize('NFKD').replace(MARKS, '').replace(TATWEEL, '').replace(LETTER, (c) => LETTERS[c]);
  return (
    // Arabic-Indic and Persian digits read as the digits 0-9.
    asciiDigits(letters)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** The words of a search term, folded; none for a term of spaces and punctuation only. */
export function searchTokens(term: string): string[] {
  const folded = foldSearchText(term);
  return folded ? folded.split(' ') : [];
}

/** A word this short matches only the start of a word ("ac" finds "AC", not "replacement"). */
const SHORT_TOKEN = 2;
/** The Arabic article: a short word still matches after it ("شا" finds "الشاي"). */
const ARTICLE = 'ال';

/**
 * Whether every word of the search is in the text (folded with foldSearchText), in any
 * order: "تنظيف غرفة" finds "تنظيف الغرفة". Longer words match anywhere in a word,
 * short ones at a word's start only, so two letters do not bring half the list.
 */
export function matchesSearch(tokens: readonly string[], foldedText: string): boolean {
  if (tokens.length === 0) return true;
  let words: string[] | undefined;
  return tokens.every((token) => {
    if (token.length > SHORT_TOKEN) return foldedText.includes(token);
    words ??= foldedText.split(' ');
    return words.some((w) => w.startsWith(token) || w.startsWith(ARTICLE + token));
  });
}
