import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { deskRequestsEn } from '../features/desk-requests/desk-requests.en';
import type { phonesEn } from '../features/work-phones/phones.en';
import type { reportsEn } from '../features/reports/reports.en';
import type { routingEn } from '../features/routing/routing.en';
import type { shortcutsEn } from '../shell/shortcuts/shortcuts.en';
import type { twoFactorEn } from '../features/two-factor/two-factor.en';
import type { passkeysEn } from '../features/passkeys/passkeys.en';
import type { ssoEn } from '../features/single-sign-on/sso.en';
import type { sessionsEn } from '../features/sessions/sessions.en';
import type { webhooksEn } from '../features/integrations/webhooks/webhooks.en';
import type { apiKeysEn } from '../features/integrations/api-keys/api-keys.en';
import type { emailTlsEn } from '../features/administration/email-tls.en';
import type { masterDataEn } from '../features/basic-data/master-data.en';
import type { targetsEn } from '../features/basic-data/targets.en';
import type { usersEn } from '../features/administration/users.en';
import type { adminScreensEn } from '../features/administration/admin-screens.en';
import type { deskEn } from '../features/service-management/desk.en';
import type { apaleoEn } from '../features/integrations/apaleo/apaleo.en';
import type { staysEn } from '../features/stays/stays.en';
import type { liveEn } from '../features/live/live.en';
import type { dashboardEn } from '../features/home/dashboard.en';
import type { exportEn } from '../ui/export.en';
import { ar } from './ar';
import { en } from './en';

export type Language = 'en' | 'ar';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & SectionStrings & typeof adminScreensEn & typeof deskEn };
  }
}

/**
 * Strings of sections that are not on the first view (reports, workers' phones): their
 * modules register them when they load, so the login page's JavaScript does not carry them.
 */
type SectionStrings = {
  reports: typeof reportsEn;
  phones: typeof phonesEn;
  shortcuts: typeof shortcutsEn;
  twoFactor: typeof twoFactorEn;
  desk: typeof deskRequestsEn;
  sso: typeof ssoEn;
  passkeys: typeof passkeysEn;
  sessions: typeof sessionsEn;
  routing: typeof routingEn;
  webhooks: typeof webhooksEn;
  apiKeys: typeof apiKeysEn;
  users: typeof usersEn;
  emailTls: typeof emailTlsEn;
  targets: typeof targetsEn;
  masterData: typeof masterDataEn;
  apaleo: typeof apaleoEn;
  stays: typeof staysEn;
  live: typeof liveEn;
  dashboard: typeof dashboardEn;
  export: typeof exportEn;
};
type Strings = Record<string, unknown>;
const sections: { en: Strings; ar: Strings }[] = [];

export function registerSectionStrings(strings: { en: Strings; ar: Strings }): void {
  sections.push(strings);
  if (!i18next.isInitialized) return;
  i18next.addResourceBundle('en', 'translation', strings.en, true, false);
  i18next.addResourceBundle('ar', 'translation', strings.ar, true, false);
}

function withSections(base: Strings, language: 'en' | 'ar'): Strings {
  return Object.assign({}, base, ...sections.map((s) => s[language])) as Strings;
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
    resources: { en: { translation: withSections(en, 'en') }, ar: { translation: withSections(ar, 'ar') } },
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
