import { z } from 'zod';
import { MAX_PAGE_SIZE, hasControlCharacters, isPhoneNumber } from '../patterns';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const Lang = z.enum(LANGUAGES);

/** Every route takes ?lang=en|ar (default en). */
export const LangQuery = z.object({ lang: Lang.optional() });

export const Id = z.coerce.number().int().positive().max(2_147_483_647);
export const IdParams = z.object({ id: Id });
export const UuidParams = z.object({ id: z.string().max(64) });

/** Free text that must say something: not only spaces; kept exactly as typed. */
export const text = (max: number) =>
  z.string().max(max, { abort: true }).refine((s) => s.trim().length > 0, { message: 'required' });
/**
 * Free text of one line (a guest's name): like `text`, and no line breaks, control,
 * bidi-override or invisible characters (hasControlCharacters), which could forge
 * lines of an e-mail or make the name read as something else.
 */
export const singleLine = (max: number) => text(max).refine((s) => !hasControlCharacters(s), { message: 'singleLine' });
/** Free text that may be empty. */
export const optionalText = (max: number) => z.string().max(max);
/** A code: trimmed, 1-50 characters, no control characters. */
export const code = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(50, { abort: true })
    .regex(/^[^\u0000-\u001f\u007f]+$/);

export const Timestamp = z.string(); // ISO 8601

/**
 * A phone number (SPEC §5). Every pattern runs only on a string already within its
 * length: `abort` stops zod at the failed `max` (by default it would run the rest).
 */
export const Phone = z
  .string()
  .trim()
  .max(30, { abort: true })
  // The phone rule's separators are \s, which takes line breaks and U+FEFF too.
  .refine((s) => isPhoneNumber(s) && !hasControlCharacters(s), { message: 'phone' });

export const MessageResponse = z.object({
  message: z.string(),
  id: z.union([z.number(), z.string()]).optional(),
});
export type MessageResponse = z.infer<typeof MessageResponse>;

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** Every error body (DESIGN): a message in the caller's language, and field problems when there are any. */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.array(FieldError).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Row problems of a rejected spreadsheet upload. */
export const RowError = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type RowError = z.infer<typeof RowError>;
export const UploadErrorResponse = ErrorResponse.extend({ rowErrors: z.array(RowError).optional() });
export type UploadErrorResponse = z.infer<typeof UploadErrorResponse>;

export const Lookup = z.object({ id: z.number(), name: z.string() });
export type Lookup = z.infer<typeof Lookup>;

/**
 * Optional paging, search and sort on the big lists. Without them the answer is the
 * whole list as SPEC says; with them it is one page and the total is in X-Total-Count.
 */
export const ListQuery = LangQuery.extend({
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  search: z.string().max(200).optional(),
  sort: z.string().max(50).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;
