import { registerSectionStrings } from '../../i18n';
import { adminScreensAr } from './admin-screens.ar';
import { adminScreensEn } from './admin-screens.en';
import { emailTlsAr } from './email-tls.ar';
import { emailTlsEn } from './email-tls.en';
import { usersAr } from './users.ar';
import { usersEn } from './users.en';

/** The users', roles' and e-mail settings' strings arrive with those screens (and the lists' row menu), not with the login page. */
registerSectionStrings({
  en: { ...adminScreensEn, users: usersEn, emailTls: emailTlsEn },
  ar: { ...adminScreensAr, users: usersAr, emailTls: emailTlsAr },
});
