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
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function localize(message: Localized, lang: Language, params?: Record<string, string | number>): string {
  return format(message[lang] ?? message.en, params);
}

export function parseLang(value: unknown): Language {
  return value === 'ar' ? 'ar' : 'en';
}
