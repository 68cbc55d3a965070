import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { fetchAllPages, type Page } from './client';
import { handleError } from '../feedback/handle-error';
import { sessionAtom, store } from '../session/session';
import type { ListView } from '../table/url-view';
import { liveConnectedAtom, subscribeLive } from './live-events';
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

/** How long a page read ahead (right after sign-in) is shown as it is when its screen opens. */
export const READ_AHEAD_FRESH_MS = 30_000;
/** How long a read-ahead waits for the live stream to open; read without it, the page is read again when its screen opens. */
export const READ_AHEAD_STREAM_WAIT_MS = 1_500;

/**
 * Pages read ahead while the live stream was open: the time of that answer, and how to stop
 * listening for it. The page is current for as long as the stream stays open and says
 * nothing (any event or a resync forgets it). A screen uses it once: after it closes,
 * coming back reads again.
 */
const readAhead = new WeakMap<object, { at: number; stop(): void }>();

const findPage = (client: QueryClient, queryKey: readonly unknown[]) => client.getQueryCache().find({ queryKey, exact: true });

function forgetReadAhead(client: QueryClient, queryKey: readonly unknown[]): void {
  const query = findPage(client, queryKey);
  if (!query) return;
  readAhead.get(query)?.stop();
  readAhead.delete(query);
}

/** A page's stale time: a fresh read-ahead is current (no second read on opening); otherwise re-read on every opening. */
const pageStaleTime = (query: { state: { dataUpdatedAt: number } }) => {
  const at = readAhead.get(query)?.at;
  const current = at !== undefined && at === query.state.dataUpdatedAt && Date.now() - at < READ_AHEAD_FRESH_MS && store.get(liveConnectedAtom);
  return current ? READ_AHEAD_FRESH_MS : 0;
};

/** Resolves true once the staff event stream is open, false after `ms` without it. */
function streamOpen(ms: number): Promise<boolean> {
  if (store.get(liveConnectedAtom)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (open: boolean) => {
      clearTimeout(timer);
      unwatch();
      resolve(open);
    };
    const timer = setTimeout(() => done(false), ms);
    const unwatch = store.sub(liveConnectedAtom, () => store.get(liveConnectedAtom) && done(true));
  });
}

/**
 * Reads a page into the cache before its screen opens (right after sign-in): the screen then
 * shows it at once and, if it is still current, asks the server nothing. Current
 * means read after the live stream opened (so no change can slip between the read and the
 * stream), less than READ_AHEAD_FRESH_MS ago, with the stream open since and no event or
 * resync since: any of them and the screen reads the page again on opening, as without a
 * read-ahead.
 */
export async function prefetchPage<Row>(client: QueryClient, source: PagedLiveSource<Row>, view: ListView, lang: string): Promise<void> {
  const queryKey = pageKey(source.root, lang, view);
  let current = true;
  let listening = true;
  const stop = () => {
    if (!listening) return;
    listening = false;
    clearTimeout(timer);
    stopListening();
    unwatchSession();
  };
  const forget = () => {
    current = false;
    forgetReadAhead(client, queryKey);
    stop();
  };
  let read = false;
  // Listening first opens the stream now (the shell's listeners come later) and hears what happens during the read.
  // A resync before the read (the one every opening of the stream sends) concerns nothing read yet.
  const stopListening = subscribeLive(forget, () => {
    if (read) forget();
  });
  // Signing out (or in again) ends it, and so does its age.
  const unwatchSession = store.sub(sessionAtom, forget);
  const timer = setTimeout(forget, READ_AHEAD_STREAM_WAIT_MS + READ_AHEAD_FRESH_MS);
  if (!(await streamOpen(READ_AHEAD_STREAM_WAIT_MS))) current = false;
  await client.prefetchQuery({
    queryKey,
    queryFn: () => {
      read = true;
      return source.fetchPage(view, lang);
    },
  });
  const query = findPage(client, queryKey);
  // Only this read: one the screen started itself (it opened first) may predate the stream.
  if (current && read && query?.state.status === 'success') readAhead.set(query, { at: query.state.dataUpdatedAt, stop });
  else stop();
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
 * One page of a server-paged staff list, kept live. An event about a request
 * on the page, or one that belongs at the top of a newest-first first page, re-reads
 * this one page (the server applies the view's filters and search), and rows that
 * arrive are highlighted; a new request that does not show up on the page only counts
 * towards "N new". The list is never reloaded whole. A burst of events costs at most two reads.
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
    // Re-read on every opening (events are not followed while the screen is closed), unless read ahead just now.
    staleTime: pageStaleTime,
  });
  // A read-ahead serves one opening: Back, or another view and back, reads the page again.
  useEffect(() => () => forgetReadAhead(client, queryKey), [client, queryKey]);
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

  const live = useRef({ queryKey, view, lang });
  live.current = { queryKey, view, lang };
  /**
   * Reads the page again for an event, with TanStack's own in-flight dedupe: a read of this page
   * under way is shared, not doubled. One under way when the event arrived may have started
   * before its change, so once it is in the page is read again (sharing any read another event
   * started since, which came after this one too). A burst of events thus costs at most two reads.
   */
  const rereadPage = useCallback(async (): Promise<Page<Row> | undefined> => {
    const { queryKey: key } = live.current;
    const read = () => client.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    if (client.isFetching({ queryKey: key, exact: true })) await read();
    await read();
    return client.getQueryData<Page<Row>>(key);
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
    totalCapped: query.data?.totalCapped ?? false,
    loading: query.isPending,
    fresh,
    newCount,
    showNew,
    fetchAll,
  };
}
