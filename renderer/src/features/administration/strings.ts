import { registerSectionStrings } from '../../i18n';
import { adminScreensAr } from '../i18n/admin-screens.ar';
import { adminScreensEn } from '../i18n/admin-screens.en';
import { emailTlsAr } from '../i18n/email-tls.ar';
import { emailTlsEn } from '../i18n/email-tls.en';
import { usersAr } from '../i18n/users.ar';
import { usersEn } from '../i18n/users.en';

/** The users', roles' and e-mail settings' strings arrive with those screens (and the lists' row menu), not with the login page. */
registerSectionStrings({
  en: { ...adminScreensEn, users: usersEn, emailTls: emailTlsEn },
  ar: { ...adminScreensAr, users: usersAr, emailTls: emailTlsAr },
});
