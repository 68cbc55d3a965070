import type { Language } from '@shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What a reader sees in their language, written once. Two kinds of names:
 * - a pair both always filled (services, groups, facilities: nameEn and nameAr; hotels:
 *   name and nameAr): `inLanguage` picks one;
 * - an English name with an Arabic one that may be missing (departments, workers):
 *   `nameIn` in SQL and `displayName` (shared/) in code fall back to the English.
 * tests/unit/architecture/inline-copies.test.ts keeps the pick from being written inline again.
 */

/** The one of a pair a reader of `lang` sees: `ar` for Arabic readers, `en` for the rest. Any pair: names, columns, SQL, separators. */
export function inLanguage<E, A>(lang: Language, pair: { en: E; ar: A }): E | A {
  return lang === 'ar' ? pair.ar : pair.en;
}

/** A table with an English `name` and an optional Arabic `nameAr` (departments, workers, or an alias of one). */
export interface NamedTable {
  name: AnyPgColumn | SQL;
  nameAr: AnyPgColumn | SQL;
}

/**
 * The name a reader of `lang` sees, in SQL (the twin of displayName in shared/): Arabic
 * readers the Arabic name when there is one, falling back to `name`. A column for
 * English readers, so sorting and grouping on it stay plain.
 */
export function nameIn<T extends NamedTable>(table: T, lang: Language): T['name'] | SQL<string> {
  return inLanguage(lang, { en: table.name, ar: sql<string>`coalesce(nullif(btrim(${table.nameAr}), ''), ${table.name})` });
}

/** A user's full name in SQL: null when there is none (no user joined, or a blank name), so `coalesce` can name someone else. */
export const userName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** Names listed in a sentence (a mail's services, what still uses a record), with the reader's comma. */
export function listIn(lang: Language, items: readonly string[]): string {
  return items.join(inLanguage(lang, { en: ', ', ar: '، ' }));
}
