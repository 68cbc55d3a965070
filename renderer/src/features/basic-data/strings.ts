import { registerSectionStrings } from '../../i18n';
import { masterDataAr } from './master-data.ar';
import { masterDataEn } from './master-data.en';
import { targetsAr } from './targets.ar';
import { targetsEn } from './targets.en';

/** The master-data forms' strings arrive with Basic Data, not with the login page. */
registerSectionStrings({ en: { targets: targetsEn, masterData: masterDataEn }, ar: { targets: targetsAr, masterData: masterDataAr } });
