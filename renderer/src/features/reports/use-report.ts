import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@shared';
import { call } from '../../api/client';
import { handleError } from '../../feedback/handle-error';

/**
 * One report call, made again whenever its query or the language changes. The answer
 * is given only for the query it was asked for: rows grouped by department never
 * reach a chart that now expects days. `query` undefined: not asked.
 */
export function useReport<E extends Endpoint, T>(endpoint: E, query: Record<string, unknown> | undefined, errorText: string) {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ key?: string; data?: T; failed?: string }>({});
  const key = query ? JSON.stringify([query, i18n.language]) : undefined;

  useEffect(() => {
    if (!key) return;
    let current = true;
    call(endpoint, { query: JSON.parse(key)[0] as Record<string, unknown> })
      .then((data) => current && setState({ key, data: data as T }))
      .catch((err: unknown) => {
        if (!current) return;
        setState({ failed: key });
        handleError(err, errorText);
      });
    return () => {
      current = false;
    };
  }, [endpoint, key, errorText]);

  const answered = state.key === key;
  return { data: answered ? state.data : undefined, loading: !!key && !answered && state.failed !== key };
}
