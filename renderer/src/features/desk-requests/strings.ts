import { registerSectionStrings } from '../../i18n';
import { deskRequestsAr } from './desk-requests.ar';
import { deskRequestsEn } from './desk-requests.en';

/** The desk's new-request strings arrive with the dialog and the details' QR, not with the login page. */
registerSectionStrings({ en: { desk: deskRequestsEn }, ar: { desk: deskRequestsAr } });
