import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { handleError } from '../../feedback/handle-error';
import { subscribeLive } from '../live/live-events';

/**
 * One details page's data (request or service line) through the query cache: loaded in
 * the user's language, re-read when a live event concerns it or events were missed,
 * and after the page's own actions. An answer without its record is 'invalid'.
 */
export function useLiveDetails<T>(key: readonly unknown[], fetch: () => Promise<T | undefined>, valid: (answer: T) => boolean, concerns: (event: LiveEvent) => boolean) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const latest = useRef({ fetch, valid, concerns });
  latest.current = { fetch, valid, concerns };
  const query = useQuery({
    queryKey: [...key, i18n.language],
    queryFn: async () => {
      const answer = await latest.current.fetch();
      if (!answer || !latest.current.valid(answer)) throw new Error('invalid');
      return answer;
    },
    staleTime: 0,
  });
  useEffect(() => {
    const err = query.error;
    if (err) handleError(err, t(err instanceof Error && err.message === 'invalid' ? 'p2.requests.invalid' : 'p2.requests.noDetails'));
  }, [query.error, t]);
  const keyText = JSON.stringify(key);
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: JSON.parse(keyText) as unknown[] }), [client, keyText]);
  useEffect(() => subscribeLive((event) => latest.current.concerns(event) && reload(), reload), [reload]);
  return { data: query.data, loading: query.isPending, reload };
}
