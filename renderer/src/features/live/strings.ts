import { registerSectionStrings } from '../../i18n';
import { liveAr } from './live.ar';
import { liveEn } from './live.en';

/** The live stream's strings arrive with the signed-in screens (the header's alerts, the lists' live controls), not with the login page. */
registerSectionStrings({ en: { live: liveEn }, ar: { live: liveAr } });
