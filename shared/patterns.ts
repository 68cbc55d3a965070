/** Validation patterns shared by the clients and the server (SPEC §5). */

/** Non-space characters, an @, a dot: 'Must Enter Valid Email'. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Optional country prefix of 1-3 digits with an optional plus, optional area
 * digits of 1-4 in optional brackets, then groups of 1-4 digits separated by
 * hyphen, dot or space.
 */
export const PHONE_PATTERN = /^(\+?\d{1,3}[\s.-]?)?(\(?\d{1,4}\)?[\s.-]?)?(\d{1,4}[\s.-]?){1,5}\d{0,4}$/;

export const PASSWORD_MIN_LENGTH = 8;
/** The longest guest name AddRequest takes; the guest form shows it before submit. */
export const CUST_NAME_MAX = 200;
export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 5;
export const DEFAULT_DIAL_CODE = '+966';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const SERVICE_SEARCH_DEBOUNCE_MS = 300;
/** The header AddRequest reads the room link's signature from (the QR link's `sig`). */
export const ROOM_SIGNATURE_HEADER = 'x-room-signature';
