import type { GridApi } from 'ag-grid-community';
import { useCallback, useState, type RefObject } from 'react';
import type { PageState } from './types';

/**
 * A local list's pager, read from the grid (which pages, sorts and searches the rows
 * itself) whenever its pages or its displayed rows change.
 */
export function useGridPaging<T>(apiRef: RefObject<GridApi<T> | null>, rowCount: number): { page: PageState; syncPage(): void } {
  const [page, setPage] = useState<PageState>({ current: 0, total: 1, shown: rowCount });
  const syncPage = useCallback(() => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    setPage({
      current: api.paginationGetCurrentPage(),
      total: Math.max(1, api.paginationGetTotalPages()),
      shown: api.getDisplayedRowCount(),
    });
    // Row numbers follow the position on the page, which sorting and filtering change.
    api.refreshCells({ columns: ['rowNumber'], force: true });
  }, [apiRef]);
  return { page, syncPage };
}
