import type { Language } from '@shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A table with an English `name` and an optional Arabic `nameAr` (departments, workers, or an alias of one). */
export interface NamedTable {
  name: AnyPgColumn;
  nameAr: AnyPgColumn;
}

/**
 * The name a reader of `lang` sees, in SQL (the twin of displayName in shared/): Arabic
 * readers the Arabic name when there is one, falling back to `name`. A column for
 * English readers, so sorting and grouping on it stay plain.
 */
export function nameIn<T extends NamedTable>(table: T, lang: Language): T['name'] | SQL<string> {
  if (lang !== 'ar') return table.name;
  return sql<string>`coalesce(nullif(btrim(${table.nameAr}), ''), ${table.name})`;
}
