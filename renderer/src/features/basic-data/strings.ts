import { registerSectionStrings } from '../../i18n';
import { masterDataAr } from '../i18n/master-data.ar';
import { masterDataEn } from '../i18n/master-data.en';
import { targetsAr } from '../i18n/targets.ar';
import { targetsEn } from '../i18n/targets.en';

/** The master-data forms' strings arrive with Basic Data, not with the login page. */
registerSectionStrings({ en: { targets: targetsEn, masterData: masterDataEn }, ar: { targets: targetsAr, masterData: masterDataAr } });
