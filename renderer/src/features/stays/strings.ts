import { registerSectionStrings } from '../../i18n';
import { staysAr } from './stays.ar';
import { staysEn } from './stays.en';

/** The stay strings arrive with the desk's screens, not with the login page. */
registerSectionStrings({ en: { stays: staysEn }, ar: { stays: staysAr } });
