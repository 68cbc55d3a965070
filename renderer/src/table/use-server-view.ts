import { useCallback, useEffect, useMemo, useState } from 'react';
import { SERVICE_SEARCH_DEBOUNCE_MS } from '@shared';
import { useLatest } from './use-latest';
import type { PageState, ServerMode, ServerView, TableColumn } from './types';

/** The header's sort as the server's view asks for it: one column (by its server key) and its order. */
export interface ServerSort {
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface ServerViewControls {
  /** The search box's text: sent to the server after a pause, put back when the view's search changes (Back). */
  search: string;
  setSearch(text: string): void;
  /** Server mode only: what the headers show as sorted (the server sorted the page). */
  sortedBy?: ServerSort;
  /** A header clicked to this sort (no column: unsorted); the view's first page is asked for. */
  sortBy(columnId: string | undefined, order: 'asc' | 'desc' | undefined): void;
  /** Server mode only: the page shown, of how many. */
  page?: PageState;
  setPageSize(size: number): void;
  goToPage(page: number): void;
}

/**
 * The table's side of a server-paged list: its search box, header sort, pager and entries
 * selector change the server's view (which the screen keeps in the URL and fetches by)
 * instead of the grid's rows. Without `server` it only holds the search box's text.
 */
export function useServerView<T>(server: ServerMode<T> | undefined, columns: readonly TableColumn<T>[], shown: number): ServerViewControls {
  const [search, setSearch] = useState(server?.view.search ?? '');
  const latest = useLatest({ server, columns });

  // A view restored from the URL (Back) puts its search back in the box.
  const viewSearch = server?.view.search;
  useEffect(() => {
    if (viewSearch !== undefined) setSearch(viewSearch);
  }, [viewSearch]);
  // The typed search goes to the server after a pause, once.
  useEffect(() => {
    const current = latest.current.server;
    if (!current || search.trim() === current.view.search) return;
    const timer = setTimeout(() => latest.current.server?.onView({ search: search.trim(), page: 0 }), SERVICE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, latest]);

  const sortKey = server ? `${server.view.sort ?? ''}|${server.view.order ?? ''}` : undefined;
  const sortedBy = useMemo<ServerSort | undefined>(() => {
    if (sortKey === undefined) return undefined;
    const [sort, order] = sortKey.split('|');
    return { sort: sort || undefined, order: (order || undefined) as ServerSort['order'] };
  }, [sortKey]);

  const sortBy = useCallback(
    (columnId: string | undefined, order: 'asc' | 'desc' | undefined) => {
      const { server: current, columns: latestColumns } = latest.current;
      if (!current) return;
      const column = columnId === undefined ? undefined : latestColumns.find((c) => c.id === columnId);
      current.onView({ sort: column ? column.sortKey || column.id : undefined, order, page: 0 });
    },
    [latest],
  );
  const setPageSize = useCallback((size: number) => latest.current.server?.onView({ pageSize: size, page: 0 }), [latest]);
  const goToPage = useCallback((page: number) => latest.current.server?.onView({ page }), [latest]);

  const page = server ? { current: server.view.page, total: pageCount(server.total, server.view), shown } : undefined;
  return { search, setSearch, sortedBy, sortBy, page, setPageSize, goToPage };
}

/** How many pages the server's rows fill: at least one, so an empty list reads "page 1 of 1". */
export function pageCount(total: number, view: Pick<ServerView, 'pageSize'>): number {
  return Math.max(1, Math.ceil(total / view.pageSize));
}
