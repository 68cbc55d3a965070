import { registerSectionStrings } from '../../i18n';
import { reportsAr } from './reports.ar';
import { reportsEn } from './reports.en';

/** The reports' strings arrive with the reports, not with the login page. */
registerSectionStrings({ en: { reports: reportsEn }, ar: { reports: reportsAr } });
