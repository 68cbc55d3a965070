import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { fetchAllPages, type Page } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import type { ListView } from '../../table/url-view';
import { useLiveList } from './use-live-list';

export interface PagedLiveSource<Row> {
  /** The query key's root (keys.requests, keys.lines): events invalidate all of it. */
  root: readonly string[];
  fetchPage(view: ListView, lang: string): Promise<Page<Row>>;
  rowId(row: Row): string;
  requestIdOf(row: Row): string;
}

/** The query key of one page of a paged list (the screen's and a prefetch's). */
export const pageKey = (root: readonly string[], lang: string, view: ListView) => [...root, 'page', lang, view] as const;

/** Reads a page into the cache before its screen opens (right after sign-in): the screen then shows it at once. */
export function prefetchPage<Row>(client: QueryClient, source: PagedLiveSource<Row>, view: ListView, lang: string): Promise<void> {
  return client.prefetchQuery({ queryKey: pageKey(source.root, lang, view), queryFn: () => source.fetchPage(view, lang) });
}

/** How long a row that just arrived stays highlighted (the CSS animation fades it over the same time). */
export const FRESH_MS = 4000;

/** A newest-first first page: where a new or just-changed request belongs at the top. */
export function isLiveHead(view: ListView): boolean {
  return view.page === 0 && ['updatedAt', 'createdAt'].includes(view.sort ?? 'updatedAt') && (view.order ?? 'desc') === 'desc';
}

/** Filters an event can rule out by itself (hotel, department), so it costs no call. */
export function eventOutsideView(event: LiveEvent, view: ListView): boolean {
  if (view.hotelId && event.hotelId !== view.hotelId) return true;
  if (view.departmentId && !event.departmentIds.includes(view.departmentId)) return true;
  return false;
}

/**
 * One page of a server-paged staff list, kept live (issue 12). An event about a request
 * on the page, or one that belongs at the top of a newest-first first page, re-reads
 * this one page (the server applies the view's filters and search), and rows that
 * arrive are highlighted; a new request that does not show up on the page only counts
 * towards "N new". The list is never reloaded whole. Bursts of events share one read.
 */
export function usePagedLiveList<Row>(source: PagedLiveSource<Row>, view: ListView) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const client = useQueryClient();
  const queryKey = useMemo(() => pageKey(source.root, lang, view), [source.root, lang, view]);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const query = useQuery({
    queryKey,
    queryFn: () => sourceRef.current.fetchPage(view, lang),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useEffect(() => {
    if (query.error) handleError(query.error, t('crud.loadFailed'));
  }, [query.error, t]);

  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [newCount, setNewCount] = useState(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const highlight = useCallback((ids: string[]) => {
    if (!ids.length) return;
    setFresh((old) => new Set([...old, ...ids]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFresh((old) => new Set([...old].filter((id) => !ids.includes(id))));
    }, FRESH_MS);
    timers.current.add(timer);
  }, []);

  // At most one read running and one waiting: every event waits for a read that started after it arrived.
  const reads = useRef<{ running?: Promise<unknown>; queued?: Promise<Page<Row> | undefined> }>({});
  const live = useRef({ queryKey, view, lang });
  live.current = { queryKey, view, lang };
  useEffect(() => {
    reads.current = {};
  }, [queryKey]);
  const rereadPage = useCallback((): Promise<Page<Row> | undefined> => {
    const r = reads.current;
    if (r.queued) return r.queued;
    const { queryKey: key, view: v, lang: l } = live.current;
    const queued = (r.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        r.queued = undefined;
        const running = client.fetchQuery({ queryKey: key, queryFn: () => sourceRef.current.fetchPage(v, l), staleTime: 0 });
        r.running = running;
        return running;
      })
      .catch(() => undefined);
    r.queued = queued;
    return queued;
  }, [client]);

  const rowsRef = useRef<Row[]>([]);
  rowsRef.current = query.data?.rows ?? [];

  useLiveList(
    useCallback(
      async (event: LiveEvent) => {
        const s = sourceRef.current;
        const { view: v } = live.current;
        const created = event.type === 'request-created';
        const onPage = rowsRef.current.some((row) => s.requestIdOf(row) === event.requestId);
        // Other views of this list (other pages, filters) are stale now; this one is handled below.
        void client.invalidateQueries({ queryKey: s.root, refetchType: 'none' });
        if (!onPage && (eventOutsideView(event, v) || !isLiveHead(v) || (!created && v.sort === 'createdAt'))) {
          if (created) setNewCount((n) => n + 1);
          return;
        }
        const before = new Set(rowsRef.current.map(s.rowId));
        const page = await rereadPage();
        const mine = (page?.rows ?? []).filter((row) => s.requestIdOf(row) === event.requestId);
        if (mine.length) highlight(mine.map(s.rowId).filter((id) => !before.has(id) || !created));
        else if (created) setNewCount((n) => n + 1);
      },
      [client, highlight, rereadPage],
    ),
    // Events may have been missed (the stream was down, or the server says so): re-read what is shown.
    useCallback(() => void client.invalidateQueries({ queryKey: sourceRef.current.root }), [client]),
  );

  // The export: every row of this view (its filters, search and sort), page after page up to the cap.
  const fetchAll = useCallback(() => {
    const { view: v, lang: l } = live.current;
    return fetchAllPages((page, pageSize) => sourceRef.current.fetchPage({ ...v, page, pageSize }, l), (row) => sourceRef.current.rowId(row));
  }, []);

  const showNew = useCallback(() => {
    setNewCount(0);
    void rereadPage();
  }, [rereadPage]);

  return {
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    loading: query.isPending,
    fresh,
    newCount,
    showNew,
    fetchAll,
  };
}
