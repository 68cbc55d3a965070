import { mount } from '../../clients-kit/mount';
import { App } from './App';
import { wakeAudio } from './alert';
import { setupI18n } from './i18n';
import '../../clients-kit/base.css';
import './styles.css';

// Scope /Work/: the page, its tasks and the notifications that open them.
if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/Work/sw.js', { scope: '/Work/' }).catch(() => undefined);
// A browser plays sound only after a tap on the page: the first one wakes it for the chime.
window.addEventListener('pointerdown', wakeAudio, { once: false, passive: true });

mount(setupI18n(), <App />);
