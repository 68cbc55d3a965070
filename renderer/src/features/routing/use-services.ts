import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpoints, type Lookup } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';

/** Every service, flat, in the user's language (the guest page's grouped list, shared through the lookups cache). */
export function useServices(lang: string): Lookup[] {
  const { data } = useQuery({ queryKey: [...keys.lookup('services'), lang], queryFn: () => call(endpoints.generateServices), staleTime: 300_000 });
  return useMemo(() => (data ?? []).flatMap((group) => group.services.map((s) => ({ id: s.id, name: s.name }))), [data]);
}
