import type { ServiceLookupGroup } from '@shared';

export interface SearchResult {
  groups: ServiceLookupGroup[];
  /** Which empty message to show, if any. */
  empty: 'none' | 'noServices' | 'noMatch';
}

/** Case- and accent-insensitive, so 'cafe' finds 'Café' and Arabic diacritics do not matter. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .toLocaleLowerCase()
    .trim();
}

/**
 * The groups and services matching a term: a service matches by its own name, and a
 * whole group matches by the group name. Groups left without services are dropped.
 */
export function searchServices(groups: readonly ServiceLookupGroup[], term: string): SearchResult {
  const all = groups.filter((g) => g.services.length > 0);
  if (all.length === 0) return { groups: [], empty: 'noServices' };
  const needle = normalize(term);
  if (!needle) return { groups: all, empty: 'none' };
  const matched = all
    .map((g) => (normalize(g.name).includes(needle) ? g : { ...g, services: g.services.filter((s) => normalize(s.name).includes(needle)) }))
    .filter((g) => g.services.length > 0);
  return { groups: matched, empty: matched.length ? 'none' : 'noMatch' };
}

/** The Special Request's group goes last in either language: it is the way out when nothing else fits. */
export function specialGroupLast(groups: readonly ServiceLookupGroup[]): ServiceLookupGroup[] {
  const hasSpecial = (g: ServiceLookupGroup) => g.services.some((s) => s.isSpecial);
  const last = groups.filter(hasSpecial).map((g) => ({ ...g, services: [...g.services.filter((s) => !s.isSpecial), ...g.services.filter((s) => s.isSpecial)] }));
  return [...groups.filter((g) => !hasSpecial(g)), ...last];
}
