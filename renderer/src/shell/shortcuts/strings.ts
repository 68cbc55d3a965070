import { registerSectionStrings } from '../../i18n';
import { shortcutsAr } from './shortcuts.ar';
import { shortcutsEn } from './shortcuts.en';

/** The shortcuts' strings arrive with the signed-in shell, not with the login page. */
registerSectionStrings({ en: { shortcuts: shortcutsEn }, ar: { shortcuts: shortcutsAr } });
