import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setServerUrl } from './api/client';
import { App } from './app/App';
import { registerBasicDataScreens } from './basic-data/entities';
import { registerAdministration } from './features/administration/register';
import { registerServiceManagement } from './features/service-management/register';
import { initI18n } from './i18n';
import { platform } from './platform';
import { loadSession, store } from './session/session';
import './styles.css';

initI18n();
registerBasicDataScreens();
registerServiceManagement();
registerAdministration();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);

void (async () => {
  setServerUrl(await platform.serverUrl());
  await loadSession();
})();
