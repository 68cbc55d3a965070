import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared';
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

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  document.title = i18next.t('brand');
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('description'));
}

export async function setupI18n(language: Language = initialLanguage()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ language, isRtl: language === 'ar' }));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'ar';
}
