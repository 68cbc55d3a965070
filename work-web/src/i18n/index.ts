import type { Language } from '@shared';
import { setupPhoneI18n } from '../../../clients-kit/i18n';
import { ar } from './ar';
import { en } from './en';

/** A worker's own phone: the language chosen stays (localStorage); a first visit opens in Arabic. */
const STORAGE_KEY = 'work-language';

export function initialLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  try {
    const saved = storage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'ar') return saved;
  } catch {
    // Storage refused: Arabic.
  }
  return 'ar';
}

/** The phone pages' set-up (clients-kit/i18n.ts) with the worker's strings, kept on the phone. */
export function setupI18n(language: Language = initialLanguage()) {
  return setupPhoneI18n({ language, strings: { en, ar }, remember: (chosen) => localStorage.setItem(STORAGE_KEY, chosen) });
}

export { changeLanguage, currentLanguage } from '../../../clients-kit/i18n';
