import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setServerUrl } from './api/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { platform } from './platform';
import { desktopBridge } from './platform/desktop-platform';
import { loadSession, store } from './session/session';
import './styles.css';

initI18n();

const root = createRoot(document.getElementById('root')!);

void (async () => {
  const serverUrl = await platform.serverUrl();
  setServerUrl(serverUrl);
  const bridge = desktopBridge();
  // The desktop app on its first start: ask for the hotel server before anything else.
  if (bridge && !serverUrl) {
    const { ServerAddressScreen } = await import('./features/server-address/ServerAddressScreen');
    root.render(
      <StrictMode>
        <ServerAddressScreen bridge={bridge} />
      </StrictMode>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
  await loadSession();
})();
