import type { ServiceLookupGroup } from '@shared';
import { foldSearchText, matchesSearch, searchTokens } from '@shared/search-text';

export interface SearchResult {
  groups: ServiceLookupGroup[];
  /** Which empty message to show, if any. */
  empty: 'none' | 'noServices' | 'noMatch';
}

/**
 * The groups and services matching a term, as the shared search folds it (diacritics,
 * hamza and alef forms, ة/ه, ى/ي and case do not matter; words in any order): a service
 * matches by its names in both languages and its search words, a whole group by the
 * group name. Groups left without services are dropped.
 */
export function searchServices(groups: readonly ServiceLookupGroup[], term: string): SearchResult {
  const all = groups.filter((g) => g.services.length > 0);
  if (all.length === 0) return { groups: [], empty: 'noServices' };
  const tokens = searchTokens(term);
  if (tokens.length === 0) return { groups: all, empty: 'none' };
  const matched = all
    .map((g) => {
      const groupName = foldSearchText(g.name);
      if (matchesSearch(tokens, groupName)) return g;
      // The group's name counts too: "maintenance light" finds the light bulb under Maintenance.
      return { ...g, services: g.services.filter((s) => matchesSearch(tokens, `${groupName} ${foldSearchText(`${s.name} ${s.keywords ?? ''}`)}`)) };
    })
    .filter((g) => g.services.length > 0);
  return { groups: matched, empty: matched.length ? 'none' : 'noMatch' };
}

/** The Special Request's group goes last in either language: it is the way out when nothing else fits. */
export function specialGroupLast(groups: readonly ServiceLookupGroup[]): ServiceLookupGroup[] {
  const hasSpecial = (g: ServiceLookupGroup) => g.services.some((s) => s.isSpecial);
  const last = groups.filter(hasSpecial).map((g) => ({ ...g, services: [...g.services.filter((s) => !s.isSpecial), ...g.services.filter((s) => s.isSpecial)] }));
  return [...groups.filter((g) => !hasSpecial(g)), ...last];
}
