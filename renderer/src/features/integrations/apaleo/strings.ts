import { registerSectionStrings } from '../../../i18n';
import { apaleoAr } from './apaleo.ar';
import { apaleoEn } from './apaleo.en';

/** The apaleo panel's strings arrive with the Integrations screen, not with the login page. */
registerSectionStrings({ en: { apaleo: apaleoEn }, ar: { apaleo: apaleoAr } });
