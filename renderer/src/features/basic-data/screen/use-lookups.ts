import { useEffect, useState } from 'react';
import { endpoints, type Endpoint, type Lookup } from '@shared';
import { call } from '../../../api/client';
import type { LookupSource, Lookups } from './types';

const SOURCES: Record<LookupSource, Endpoint> = {
  companies: endpoints.generateCompanies,
  useTypes: endpoints.generateUseTypes,
  roomTypes: endpoints.generateRoomTypes,
  hotels: endpoints.generateHotels,
  serviceGroups: endpoints.generateServiceGroups,
  departments: endpoints.generateDepartments,
};

/**
 * The select data a form needs, loaded in parallel; one failing source leaves its
 * select empty and the others usable (SPEC §7: failures are logged silently).
 */
export function useLookups(sources: readonly LookupSource[], lang: string, reloadKey = 0): Lookups {
  const [lookups, setLookups] = useState<Lookups>({});
  const key = sources.join(',');
  useEffect(() => {
    let live = true;
    const wanted = key ? (key.split(',') as LookupSource[]) : [];
    void Promise.allSettled(wanted.map((s) => call(SOURCES[s]) as Promise<Lookup[]>)).then((results) => {
      if (!live) return;
      const next: Lookups = {};
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') next[wanted[i]] = r.value;
        else console.warn(`select data ${wanted[i]} failed`, r.reason);
      });
      setLookups(next);
    });
    return () => {
      live = false;
    };
  }, [key, lang, reloadKey]);
  return lookups;
}
