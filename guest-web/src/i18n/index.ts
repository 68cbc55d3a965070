import type { Language } from '@shared';
import { setupPhoneI18n } from '../../../clients-kit/i18n';
import { ar } from './ar';
import { en } from './en';

/** Same shape as the admin's persisted choice (SPEC §1): the language and a right-to-left flag. */
const STORAGE_KEY = 'guest-language';

/**
 * Guest pages force Arabic on load (SPEC §1): every new visit opens in Arabic, and a guest
 * who switched to English keeps it while moving between the pages of the same visit
 * (the choice lives in sessionStorage, which ends with the tab).
 */
export function initialLanguage(storage: Pick<Storage, 'getItem'> = sessionStorage): Language {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as { language?: unknown } | null;
    if (saved?.language === 'en' || saved?.language === 'ar') return saved.language;
  } catch {
    // A damaged entry is treated as no choice.
  }
  return 'ar';
}

/** Whether the guest picked a language during this visit (the room's stay may then not pick one for them). */
export function languageChosen(storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  try {
    return storage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** The phone pages' set-up (clients-kit/i18n.ts) with the guest's strings, kept for the visit, and the page's description. */
export function setupI18n(language: Language = initialLanguage()) {
  return setupPhoneI18n({
    language,
    strings: { en, ar },
    remember: (chosen) => sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ language: chosen, isRtl: chosen === 'ar' })),
    descriptionKey: 'description',
  });
}

export { changeLanguage, currentLanguage } from '../../../clients-kit/i18n';
