import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type Endpoint, type Lookup } from '@shared';
import { call } from './client';
import { keys } from './query';

/** The select sources (the server's generate* lists), and what a screen holds of them. */
export type LookupSource = 'companies' | 'useTypes' | 'roomTypes' | 'hotels' | 'serviceGroups' | 'departments';
export type Lookups = Partial<Record<LookupSource, Lookup[]>>;

const SOURCES: Record<LookupSource, Endpoint> = {
  companies: endpoints.generateCompanies,
  useTypes: endpoints.generateUseTypes,
  roomTypes: endpoints.generateRoomTypes,
  hotels: endpoints.generateHotels,
  serviceGroups: endpoints.generateServiceGroups,
  departments: endpoints.generateDepartments,
};

/** The query of one select source in one language (list filters share it with the forms). */
export const lookupQuery = (source: LookupSource, lang: string) => ({
  queryKey: [...keys.lookup(source), lang],
  queryFn: () => call(SOURCES[source]) as Promise<Lookup[]>,
  staleTime: 300_000,
});

const NONE: Lookup[] = [];

/**
 * One select source in the current language, through the same cache as the forms (empty while it loads
 * or when it failed: select data fails silently, SPEC §8). `enabled: false` asks nothing.
 */
export function useLookup(source: LookupSource, { enabled = true }: { enabled?: boolean } = {}): Lookup[] {
  const { i18n } = useTranslation();
  return useQuery({ ...lookupQuery(source, i18n.language), enabled }).data ?? NONE;
}

/**
 * The select data a form needs, loaded in parallel through the query cache; one failing
 * source leaves its select empty and the others usable (SPEC §7: failures are logged
 * silently). A master-data change invalidates keys.lookups, so the selects follow it.
 */
export function useLookups(sources: readonly LookupSource[], lang: string): Lookups {
  const key = sources.join(',');
  // A stable `combine` keeps the same object while no answer changes (column definitions depend on it).
  const combine = useCallback(
    (results: UseQueryResult<Lookup[]>[]) => {
      const wanted = key.split(',') as LookupSource[];
      const lookups: Lookups = {};
      results.forEach((r, i) => {
        if (r.data) lookups[wanted[i]] = r.data;
        else if (r.error) console.warn(`select data ${wanted[i]} failed`, r.error);
      });
      return lookups;
    },
    [key],
  );
  return useQueries({ queries: sources.map((s) => lookupQuery(s, lang)), combine });
}
