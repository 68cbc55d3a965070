import { registerSectionStrings } from '../../i18n';
import { passkeysAr } from './passkeys.ar';
import { passkeysEn } from './passkeys.en';

/** Passkey strings arrive with their dialog, not with the login page's first view. */
registerSectionStrings({ en: { passkeys: passkeysEn }, ar: { passkeys: passkeysAr } });
