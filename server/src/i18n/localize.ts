import type { Language } from '@shared';

/** A text in both languages; every server message is one (DESIGN: messages follow ?lang). */
export interface Localized {
  en: string;
  ar: string;
}

/** Declares a module's messages; a missing translation fails to compile. */
export function defineMessages<const T extends Record<string, Localized>>(messages: T): T {
  return messages;
}

/** Fills {name} placeholders. */
export function format(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

export function localize(message: Localized, lang: Language, params?: Record<string, string | number>): string {
  return format(message[lang] ?? message.en, params);
}

export function parseLang(value: unknown): Language {
  return value === 'ar' ? 'ar' : 'en';
}

/**
 * The caller's language from ?lang= of the raw URL: query schemas strip keys
 * they do not name, so the validated query cannot be trusted to keep it.
 */
export function langOf(request: { url: string }): Language {
  const q = request.url.indexOf('?');
  return q < 0 ? 'en' : parseLang(new URLSearchParams(request.url.slice(q + 1)).get('lang'));
}
