import { registerSectionStrings } from '../../i18n';
import { ssoAr } from './sso.ar';
import { ssoEn } from './sso.en';

/** Single sign-on strings arrive with its screen and the login page's button, not with the first view. */
registerSectionStrings({ en: { sso: ssoEn }, ar: { sso: ssoAr } });
