import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from './i18n';

/** A phone page's frame: the brand and the language switch on top, the page's content below. */
export function PhoneShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toggle = () => void changeLanguage(currentLanguage() === 'ar' ? 'en' : 'ar');
  return (
    <>
      <header className="topbar">
        <span className="brand">{t('brand')}</span>
        <button type="button" className="lang" onClick={toggle} title={t('language.switchLabel')} lang={currentLanguage() === 'ar' ? 'en' : 'ar'}>
          {t('language.switch')}
        </button>
      </header>
      <main className="page" id="main">
        {children}
      </main>
    </>
  );
}
