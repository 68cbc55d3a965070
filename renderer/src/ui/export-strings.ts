import { registerSectionStrings } from '../i18n';
import { exportAr } from './export.ar';
import { exportEn } from './export.en';

/** The Export button's strings arrive with the first screen that has one, not with the login page. */
registerSectionStrings({ en: { export: exportEn }, ar: { export: exportAr } });
