import { registerSectionStrings } from '../../i18n';
import { phonesAr } from './phones.ar';
import { phonesEn } from './phones.en';

/** The workers' phones strings arrive with the screens that show phones, not with the login page. */
registerSectionStrings({ en: { phones: phonesEn }, ar: { phones: phonesAr } });
