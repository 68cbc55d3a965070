import { registerSectionStrings } from '../../i18n';
import { dashboardAr } from './dashboard.ar';
import { dashboardEn } from './dashboard.en';

/** Home's figures' strings arrive with Home, not with the login page. */
registerSectionStrings({ en: { dashboard: dashboardEn }, ar: { dashboard: dashboardAr } });
