import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { initI18n, type Language } from '../../renderer/src/i18n';

/**
 * Renders a piece of the admin app the way main.tsx does: Fluent theme and i18n in the given
 * language, and a fresh query cache (a test that shares one between screens gives its own inside).
 */
export function renderInApp(ui: ReactElement, language: Language = 'en') {
  initI18n(language);
  return render(
    <FluentProvider theme={webLightTheme} dir={language === 'ar' ? 'rtl' : 'ltr'}>
      {withQueryCache(ui)}
    </FluentProvider>,
  );
}

/** A fresh query cache around `ui`, as AdminRoot gives the app (nothing carried between tests). */
export function withQueryCache(ui: ReactElement, client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
