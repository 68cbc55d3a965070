import { mount } from '../../clients-kit/mount';
import { App } from './App';
import { setupI18n } from './i18n';
import '../../clients-kit/base.css';
import './styles.css';

mount(setupI18n(), <App />);
