import { registerSectionStrings } from '../../i18n';
import { sessionsAr } from './sessions.ar';
import { sessionsEn } from './sessions.en';

/** Signed-in devices' strings arrive with their dialogs, not with the first view. */
registerSectionStrings({ en: { sessions: sessionsEn }, ar: { sessions: sessionsAr } });
