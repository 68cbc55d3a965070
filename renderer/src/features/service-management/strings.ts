import { registerSectionStrings } from '../../i18n';
import { deskAr } from './desk.ar';
import { deskEn } from './desk.en';

/** The desk's strings (requests, lines, statuses) arrive with the signed-in screens, not with the login page. */
registerSectionStrings({ en: deskEn, ar: deskAr });
