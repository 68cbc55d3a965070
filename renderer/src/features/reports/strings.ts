import { registerSectionStrings } from '../../i18n';
import { reportsAr } from '../i18n/reports.ar';
import { reportsEn } from '../i18n/reports.en';

/** The reports' strings arrive with the reports, not with the login page. */
registerSectionStrings({ en: { reports: reportsEn }, ar: { reports: reportsAr } });
