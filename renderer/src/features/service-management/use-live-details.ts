import { partialMatchKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { keys } from '../../api/query';
import { handleError } from '../../feedback/handle-error';
import { subscribeLive } from '../../api/live-events';
import './strings';

/**
 * One details page's data (request or service line) through the query cache: loaded in
 * the user's language, re-read when a live event concerns it or events were missed,
 * and after the page's own actions. An answer without its record is 'invalid'.
 * What the page's line cards read on their own (a line's status history, its workers:
 * keys.line) is re-read with it: only the line an event names, or every line shown.
 */
export function useLiveDetails<T>(
  key: readonly unknown[],
  fetch: () => Promise<T | undefined>,
  valid: (answer: T) => boolean,
  concerns: (event: LiveEvent) => boolean,
  lineIds: (answer: T) => number[],
) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const latest = useRef({ fetch, valid, concerns, lineIds });
  latest.current = { fetch, valid, concerns, lineIds };
  const query = useQuery({
    queryKey: [...key, i18n.language],
    queryFn: async () => {
      const answer = await latest.current.fetch();
      if (!answer || !latest.current.valid(answer)) throw new Error('invalid');
      return answer;
    },
    staleTime: 0,
  });
  const dataRef = useRef(query.data);
  dataRef.current = query.data;
  useEffect(() => {
    const err = query.error;
    if (err) handleError(err, t(err instanceof Error && err.message === 'invalid' ? 'requests.invalid' : 'requests.noDetails'));
  }, [query.error, t]);
  const keyText = JSON.stringify(key);
  /** Re-reads the page and its lines' own data (`lineId`: only that line's), in one invalidation: a key under two prefixes is read once. */
  const reload = useCallback(
    (lineId?: number) => {
      const shown = dataRef.current;
      const lines = lineId !== undefined ? [lineId] : shown ? latest.current.lineIds(shown) : [];
      const prefixes = [JSON.parse(keyText) as unknown[], ...lines.map((id) => keys.line(id))];
      void client.invalidateQueries({ predicate: (q) => prefixes.some((prefix) => partialMatchKey(q.queryKey, prefix)) });
    },
    [client, keyText],
  );
  useEffect(
    () =>
      subscribeLive(
        (event) => latest.current.concerns(event) && reload(event.lineId),
        () => reload(),
      ),
    [reload],
  );
  return { data: query.data, loading: query.isPending, reload: useCallback(() => reload(), [reload]) };
}
