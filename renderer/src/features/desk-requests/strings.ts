import { registerSectionStrings } from '../../i18n';
import { deskAr } from '../i18n/desk.ar';
import { deskEn } from '../i18n/desk.en';

/** The desk's new-request strings arrive with the dialog and the details' QR, not with the login page. */
registerSectionStrings({ en: { desk: deskEn }, ar: { desk: deskAr } });
