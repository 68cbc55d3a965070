import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../feedback/handle-error';

/** Shows a query's failure once (a toast in the user's language); the screen keeps what it had. `null`: the screen stays quiet. */
export function useShownError(error: unknown, message: string | null): void {
  // Only a new error shows again, not the same one in another language.
  const messageRef = useRef(message);
  messageRef.current = message;
  useEffect(() => {
    if (error && messageRef.current !== null) handleError(error, messageRef.current);
  }, [error]);
}

/**
 * One screen's data through the query cache, read in the user's language: the one
 * load/loading/error path of the admin app's plain lists (users, roles, master data).
 * `invalidate` re-reads everything under `key` (after the screen's own changes); `key`
 * includes whatever the fetch depends on besides the language. `failed`: the last read failed
 * (and its message was shown, unless `errorMessage` is null).
 */
export function useData<T>(key: readonly unknown[], fetch: () => Promise<T>, errorMessage: string | null,
  options: { enabled?: boolean; keepPrevious?: boolean; staleTime?: number; refetchEveryMs?: (data: T | undefined) => number | false } = {},
) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const query = useQuery({
    queryKey: [...key, i18n.language],
    queryFn: () => fetchRef.current(),
    enabled: options.enabled,
    // Only when given: `staleTime: undefined` would override the cache's default (30 s) with 0.
    ...(options.staleTime !== undefined && { staleTime: options.staleTime }),
    // A paged view shows its last page until the next one arrives.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    // A view of something that changes on the server by itself (a delivery log) reads again while shown.
    ...(options.refetchEveryMs && { refetchInterval: (q: { state: { data: T | undefined } }) => options.refetchEveryMs!(q.state.data) }),
  });
  useShownError(query.error, errorMessage);
  const keyText = JSON.stringify(key);
  const invalidate = useCallback(() => client.invalidateQueries({ queryKey: JSON.parse(keyText) as unknown[] }), [client, keyText]);
  return { data: query.data, loading: query.isPending && options.enabled !== false, failed: query.isError, invalidate };
}
