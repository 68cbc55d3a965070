import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, type Endpoint } from '@shared';
import { callPage, fetchAllPages, type Page } from '../../../api/client';
import { keys } from '../../../api/query';
import { useData } from '../../../api/use-data';
import type { ServerMode } from '../../../table/DataTable';
import { listQuery, type ListView } from '../../../table/url-view';

/**
 * Above this many rows a master-data list is paged, searched and sorted by the server
 *; up to it, every row is here and the table works locally. It is the
 * server's largest page, so one call tells which it is and, for a small list, brings it.
 */
export const SERVER_MODE_ROWS = MAX_PAGE_SIZE;

/**
 * A master-data list (already scoped to the user's hotels by the server) through the
 * query cache. The first call reads up to SERVER_MODE_ROWS rows; if the list holds more,
 * the table switches to server mode on the view kept in the URL, and the export reads
 * every matching row. `invalidate` re-reads the item after a change.
 */
export function useMasterList<Row extends { id: number }>(item: string, list: Endpoint, view: ListView, onView: (next: Partial<ListView>) => void) {
  const { t } = useTranslation();
  const key = keys.basicData(item);
  const read = useCallback((query: Record<string, unknown>) => callPage(list, { query }) as Promise<Page<Row>>, [list]);
  const first = useData([...key, 'first'], () => read({ page: 0, pageSize: SERVER_MODE_ROWS }), t('crud.loadFailed'));
  const big = (first.data?.total ?? 0) > SERVER_MODE_ROWS;
  const shown = useData([...key, 'page', view], () => read(listQuery(view)), t('crud.loadFailed'), { enabled: big, keepPrevious: true });
  const fetchAll = useCallback(
    () => fetchAllPages((page, pageSize) => read({ ...listQuery(view), page, pageSize }), (row) => String(row.id)),
    [read, view],
  );
  const server: ServerMode<Row> | undefined = big ? { view, total: shown.data?.total ?? 0, onView, fetchAll } : undefined;
  return {
    rows: (big ? shown.data?.rows : first.data?.rows) ?? [],
    loading: first.loading || shown.loading,
    server,
    invalidate: first.invalidate,
  };
}
