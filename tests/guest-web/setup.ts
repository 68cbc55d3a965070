import { setupI18n } from '../../guest-web/src/i18n';

/** The guest pages' real translations, in English unless a test switches. */
export const i18nReady = setupI18n('en');
