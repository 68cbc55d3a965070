/** Validation patterns shared by the clients and the server (SPEC §5). */

/**
 * Non-space characters, an @, a dot: 'Must Enter Valid Email'. The SPEC's form
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` backtracks quadratically on a long domain of dots;
 * this one accepts exactly the same strings (the domain has a dot that is neither
 * its first nor its last character) and runs in linear time: `[^\s@.]*` cannot
 * overlap the dot that follows it.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/**
 * Characters no single-line field may hold: C0 and C1 controls (line breaks, tabs,
 * escapes), DEL, line and paragraph separators, the bidi marks, embeddings,
 * overrides and isolates (U+200E/F, U+061C, U+202A–202E, U+2066–2069), which can
 * make a name read as other text in a list or an e-mail, and the invisible
 * zero-width ones (U+200B, U+2060–2064, U+FEFF, U+180E). The zero-width joiner and
 * non-joiner (U+200C/D) stay allowed: Persian and Arabic names and emoji use them.
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** The longest string the phone rule can accept (3+1+1 + 1+4+1+1 + 5×5 + 4 characters). */
export const PHONE_MAX_LENGTH = 41;

/**
 * SPEC §5's phone rule: an optional country prefix of 1-3 digits with an optional
 * plus, optional area digits of 1-4 in optional brackets, then 1-5 groups of 1-4
 * digits each followed by an optional hyphen, dot or space, then up to 4 digits.
 * As a regular expression (`^(\+?\d{1,3}[\s.-]?)?(\(?\d{1,4}\)?[\s.-]?)?(\d{1,4}[\s.-]?){1,5}\d{0,4}$`)
 * its many ways of splitting a run of digits make V8 backtrack through thousands of
 * paths; here each (position, step) pair is tried once, so the time is linear.
 */
export function isPhoneNumber(value: string): boolean {
  const length = value.length;
  if (length > PHONE_MAX_LENGTH) return false;
  // tried[step * (length + 1) + i]: step 0-5 = that many groups done, 6 = the area step.
  const tried = new Uint8Array(7 * (length + 1));
  const isDigit = (i: number) => i < length && value.charCodeAt(i) >= 48 && value.charCodeAt(i) <= 57;
  const isSeparator = (i: number) => i < length && SEPARATOR.test(value[i]);
  const digitsAt = (i: number, max: number) => {
    let n = 0;
    while (n < max && isDigit(i + n)) n++;
    return n;
  };
  /** From `i`, `done` groups already read: more groups, or the closing digits. */
  const groups = (i: number, done: number): boolean => {
    const key = done * (length + 1) + i;
    if (tried[key]) return false;
    tried[key] = 1;
    const run = digitsAt(i, 5);
    if (done >= 1 && run <= 4 && i + run === length) return true;
    if (done === 5) return false;
    for (let n = 1; n <= Math.min(4, run); n++) {
      if (groups(i + n, done + 1) || (isSeparator(i + n) && groups(i + n + 1, done + 1))) return true;
    }
    return false;
  };
  /** From `i`: the optional area digits (in optional brackets), then the groups. */
  const area = (i: number): boolean => {
    const key = 6 * (length + 1) + i;
    if (tried[key]) return false;
    tried[key] = 1;
    if (groups(i, 0)) return true;
    const start = value[i] === '(' ? i + 1 : i;
    for (let n = 1; n <= digitsAt(start, 4); n++) {
      for (const end of value[start + n] === ')' ? [start + n, start + n + 1] : [start + n]) {
        if (groups(end, 0) || (isSeparator(end) && groups(end + 1, 0))) return true;
      }
    }
    return false;
  };
  if (area(0)) return true;
  const start = value[0] === '+' ? 1 : 0;
  for (let n = 1; n <= digitsAt(start, 3); n++) {
    if (area(start + n) || (isSeparator(start + n) && area(start + n + 1))) return true;
  }
  return false;
}

const SEPARATOR = /^[\s.-]$/;

export const PASSWORD_MIN_LENGTH = 8;
/** The longest guest name AddRequest takes; the guest form shows it before submit. */
export const CUST_NAME_MAX = 200;
/** The longest message a guest may write on a line (shorter than staff's: a page anyone with the link can post to). */
export const GUEST_MESSAGE_MAX = 1000;

export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 5;
/** The largest page a list endpoint answers (ListQuery); exports read big lists in pages of it. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_DIAL_CODE = '+966';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const SERVICE_SEARCH_DEBOUNCE_MS = 300;
/** The header AddRequest reads the room link's signature from (the QR link's `sig`). */
export const ROOM_SIGNATURE_HEADER = 'x-room-signature';
