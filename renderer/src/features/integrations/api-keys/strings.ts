import { registerSectionStrings } from '../../../i18n';
import { apiKeysAr } from './api-keys.ar';
import { apiKeysEn } from './api-keys.en';

/** The API keys' strings arrive with the Integrations screen, not with the login page. */
registerSectionStrings({ en: { apiKeys: apiKeysEn }, ar: { apiKeys: apiKeysAr } });
