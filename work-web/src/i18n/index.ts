import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared';
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

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  document.title = i18next.t('brand');
}

export async function setupI18n(language: Language = initialLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  applyToDocument(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // The choice lasts for this page only.
  }
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'ar';
}
