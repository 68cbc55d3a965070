import { registerSectionStrings } from '../../i18n';
import { staysAr } from '../i18n/stays.ar';
import { staysEn } from '../i18n/stays.en';

/** The stay strings arrive with the desk's screens, not with the login page. */
registerSectionStrings({ en: { stays: staysEn }, ar: { stays: staysAr } });
