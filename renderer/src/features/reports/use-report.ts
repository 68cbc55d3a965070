import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@shared';
import { call } from '../../api/client';
import { useShownError } from '../../api/use-data';

/**
 * One report call through the query cache (one data layer), made again
 * whenever its query or the language changes. The answer is given only for the query
 * it was asked for: rows grouped by department never reach a chart that now expects
 * days. `query` undefined: not asked.
 */
export function useReport<E extends Endpoint, T>(endpoint: E, query: Record<string, unknown> | undefined, errorText: string) {
  const { i18n } = useTranslation();
  const result = useQuery({
    queryKey: ['reports', endpoint.path, query ?? null, i18n.language],
    queryFn: async () => (await call(endpoint, { query: query ?? {} })) as T,
    enabled: !!query,
    // A report is a reading of the moment: opened again, it is read again.
    staleTime: 0,
  });
  useShownError(result.error, errorText);
  return { data: query ? result.data : undefined, loading: !!query && result.isPending };
}
