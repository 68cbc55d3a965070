import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Language } from '@shared';
import { localize } from '../../../i18n/localize';
import { apiKeyMessages as m } from './api-keys.messages';

/** "integration <name>" in the reader's language, as SQL over a joined api_keys row's name (null when no key). */
export function integrationLabel(keyName: AnyPgColumn, lang: Language): SQL<string | null> {
  const [before, after] = localize(m.byIntegration, lang, { name: '\u0000' }).split('\u0000');
  return sql<string | null>`(${before}::text || ${keyName} || ${after}::text)`;
}
