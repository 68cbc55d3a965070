import { DEFAULT_PAGE_SIZE, type ListQuery } from '@shared';
import { foldSearchText, matchesSearch, searchTokens } from '@shared/search-text';
import { badRequest } from '../../http/errors';
import { common, fieldMessages } from '../../i18n/common.messages';

export interface ListPage<T> {
  items: T[];
  /** Rows matching the search, before paging (the X-Total-Count header). */
  total: number;
}

type Row = Record<string, unknown>;

const collator = new Intl.Collator(['en', 'ar'], { numeric: true, sensitivity: 'base' });

/** Room numbers and codes compare as people read them: '2' before '10', 'A-9' before 'A-10'. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Applies the optional ListQuery to a list already in its default order (newest first).
 * Master data is small (hundreds to a few thousand rows), so filtering the mapped rows
 * keeps search and sort on exactly the fields the client sees.
 */
export function applyListQuery<T extends Row>(rows: T[], query: Partial<ListQuery>, fields: readonly string[]): ListPage<T> {
  let out = rows;
  // The guest page's matching: Arabic spelt with or without diacritics, hamza or ة finds the same rows.
  const tokens = searchTokens(query.search ?? '');
  if (tokens.length) out = out.filter((row) => Object.values(row).some((v) => matches(v, tokens)));
  if (query.sort) {
    const field = query.sort;
    if (!fields.includes(field)) {
      throw badRequest(common.validation, {}, [{ field: 'sort', message: fieldMessages.choice }]);
    }
    const direction = query.order === 'desc' ? -1 : 1;
    // Array.prototype.sort is stable: equal values keep the newest-first order.
    out = [...out].sort((a, b) => direction * compareValues(a[field], b[field]));
  }
  const total = out.length;
  if (query.page !== undefined || query.pageSize !== undefined) {
    const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const start = (query.page ?? 0) * size;
    out = out.slice(start, start + size);
  }
  return { items: out, total };
}

/** One field holds every word of the search (a search for "LQ-3" is not its code and its date). */
function matches(value: unknown, tokens: string[]): boolean {
  if (value === null || value === undefined || typeof value === 'object') return false;
  return matchesSearch(tokens, foldSearchText(String(value)));
}

/** Numbers as numbers, text naturally; empty values after the rest (in ascending order). */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return naturalCompare(String(a), String(b));
}
