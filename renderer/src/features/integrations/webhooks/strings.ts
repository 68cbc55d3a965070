import { registerSectionStrings } from '../../../i18n';
import { webhooksAr } from './webhooks.ar';
import { webhooksEn } from './webhooks.en';

/** The webhooks screen's strings arrive with the screen, not with the login page. */
registerSectionStrings({ en: { webhooks: webhooksEn }, ar: { webhooks: webhooksAr } });
