import { registerSectionStrings } from '../../i18n';
import { twoFactorAr } from './two-factor.ar';
import { twoFactorEn } from './two-factor.en';

/** Two-factor strings arrive with its steps and dialogs, not with the login page's first view. */
registerSectionStrings({ en: { twoFactor: twoFactorEn }, ar: { twoFactor: twoFactorAr } });
