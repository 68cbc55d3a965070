import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar';
import { en } from './en';

export type Language = 'en' | 'ar';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

const LANGUAGE_KEY = 'hotel.language';

/** The persisted choice (SPEC §1): the language and its right-to-left flag. */
export function storedLanguage(): Language {
  try {
    const saved = JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? 'null') as { language?: string } | null;
    return saved?.language === 'en' ? 'en' : 'ar';
  } catch {
    return 'ar';
  }
}

export function applyLanguage(language: Language): void {
  const isRtl = language === 'ar';
  localStorage.setItem(LANGUAGE_KEY, JSON.stringify({ language, isRtl }));
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl ? 'rtl' : 'ltr';
  void i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'ar';
}

export function initI18n(language: Language = storedLanguage()) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ar: { translation: ar } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    // Resources are bundled: initialise synchronously so the first render is translated.
    initAsync: false,
  });
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  return i18next;
}

export { i18next };
