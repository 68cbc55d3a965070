import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@shared';

/** What differs between the phone pages: their strings, where the choice is kept, and what else names the page. */
export interface PhoneI18nOptions {
  language: Language;
  strings: { en: object; ar: object };
  /** Keeps the guest's or worker's choice (sessionStorage, localStorage); a refusal keeps it for this page only. */
  remember: (language: Language) => void;
  /** The key of the page's description, written into <meta name="description"> on every change. */
  descriptionKey?: string;
}

let options: PhoneI18nOptions | undefined;

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  document.title = i18next.t('brand');
  if (options?.descriptionKey) document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t(options.descriptionKey));
}

/** i18next for a phone page (English and Arabic, no lazy loading), and the document in that language and direction. */
export async function setupPhoneI18n(chosen: PhoneI18nOptions): Promise<typeof i18next> {
  options = chosen;
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: chosen.strings.en }, ar: { translation: chosen.strings.ar } },
    lng: chosen.language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
  applyToDocument(chosen.language);
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  try {
    options?.remember(language);
  } catch {
    // Private mode or storage refused: the choice lasts for this page only.
  }
  applyToDocument(language);
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'ar';
}
