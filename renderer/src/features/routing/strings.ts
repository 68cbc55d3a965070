import { registerSectionStrings } from '../../i18n';
import { routingAr } from './routing.ar';
import { routingEn } from './routing.en';

/** The routing strings arrive with the Routing screen and Home's off-shift list, not with the login page. */
registerSectionStrings({ en: { routing: routingEn }, ar: { routing: routingAr } });
