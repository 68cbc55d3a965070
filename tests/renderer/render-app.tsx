import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { initI18n, type Language } from '../../renderer/src/i18n';

/** Renders a piece of the admin app the way main.tsx does: Fluent theme and i18n in the given language. */
export function renderInApp(ui: ReactElement, language: Language = 'en') {
  initI18n(language);
  return render(
    <FluentProvider theme={webLightTheme} dir={language === 'ar' ? 'rtl' : 'ltr'}>
      {ui}
    </FluentProvider>,
  );
}
