import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setServerUrl } from './api/client';
import { App } from './app/App';
import { registerBasicDataScreens } from './basic-data/entities';
import { registerAdministration } from './features/administration/register';
import { registerServiceManagement } from './features/service-management/register';
import { initI18n } from './i18n';
import { ServerAddressScreen } from './features/server-address/ServerAddressScreen';
import { platform } from './platform';
import { desktopBridge } from './platform/desktop-platform';
import { loadSession, store } from './session/session';
import './styles.css';

initI18n();
registerBasicDataScreens();
registerServiceManagement();
registerAdministration();

const root = createRoot(document.getElementById('root')!);

void (async () => {
  const serverUrl = await platform.serverUrl();
  setServerUrl(serverUrl);
  const bridge = desktopBridge();
  // The desktop app on its first start: ask for the hotel server before anything else.
  if (bridge && !serverUrl) {
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
