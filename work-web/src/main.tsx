import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { wakeAudio } from './alert';
import { setupI18n } from './i18n';
import './styles.css';

// Scope /Work/: the page, its tasks and the notifications that open them.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/Work/sw.js', { scope: '/Work/' }).catch(() => undefined);
// A browser plays sound only after a tap on the page: the first one wakes it for the chime.
window.addEventListener('pointerdown', wakeAudio, { once: false, passive: true });

void setupI18n().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
