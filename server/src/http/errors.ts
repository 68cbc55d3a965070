import type { FieldError, Language } from '@shared';
import { common } from '../i18n/common.messages';
import { type Localized, localize } from '../i18n/localize';

export interface LocalizedFieldError {
  field: string;
  message: Localized;
  params?: Record<string, string | number>;
}

/**
 * A typed error a service throws (STYLE §8): the HTTP status and a message in both
 * languages; the error handler answers it in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: Localized,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors: LocalizedFieldError[] = [],
    /** Extra JSON fields of the answer (e.g. rowErrors of an upload). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(text.en);
  }

  body(lang: Language): { message: string; errors?: FieldError[] } & Record<string, unknown> {
    const errors = this.fieldErrors.map((e) => ({ field: e.field, message: localize(e.message, lang, e.params) }));
    return { message: localize(this.text, lang, this.params), ...(errors.length ? { errors } : {}), ...this.extra };
  }
}

export const badRequest = (text: Localized, params?: Record<string, string | number>, fieldErrors?: LocalizedFieldError[]) =>
  new AppError(400, text, params, fieldErrors);
export const notFound = (text: Localized = common.notFound) => new AppError(404, text);
export const conflict = (text: Localized, params?: Record<string, string | number>) => new AppError(409, text, params);
export const forbidden = () => new AppError(403, common.forbidden);
export const unauthorized = (text: Localized = common.authRequired) => new AppError(401, text);
