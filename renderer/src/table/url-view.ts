import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@shared';
import type { ServerView } from './types';

/** A paged list's view with the staff lists' filters; all of it lives in the URL's search params. */
export interface ListView extends ServerView {
  status?: string;
  /** Only what is still to do (Open or Assigned): the home page's "Open lines". */
  open?: boolean;
  /** Only lines nobody has acknowledged yet: what the reminders ring for. */
  waiting?: boolean;
  hotelId?: number;
  departmentId?: number;
  /** Creation day bounds, YYYY-MM-DD, both inclusive. */
  from?: string;
  to?: string;
  /** Only what is past its due time now. */
  overdue?: boolean;
  /** "My queue": the open lines of the user's own departments, the most urgent first. */
  mine?: boolean;
  /** "Scheduled": lines asked for a time that have not alerted yet, the soonest first. */
  scheduled?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** Reads a view from search params; anything malformed falls back to the default (a URL is user input). */
export function parseListView(params: URLSearchParams, statuses: readonly string[] = []): ListView {
  const size = Number(params.get('size'));
  const order = params.get('order');
  const sort = params.get('sort')?.slice(0, 50);
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  return {
    page: Math.min(positive(params.get('page')) ?? 0, 1_000_000),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: (params.get('q') ?? '').slice(0, 200),
    sort: sort && /^\w+$/.test(sort) ? sort : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    status: status && statuses.includes(status) ? status : undefined,
    open: params.get('open') === 'true' || undefined,
    waiting: params.get('waiting') === 'true' || undefined,
    hotelId: positive(params.get('hotelId')),
    departmentId: positive(params.get('departmentId')),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    overdue: params.get('overdue') === 'true' || undefined,
    mine: params.get('mine') === 'true' || undefined,
    scheduled: params.get('scheduled') === 'true' || undefined,
  };
}

/** The view as search params, defaults left out so a plain list keeps a plain URL. */
export function listViewParams(view: ListView): URLSearchParams {
  const out = new URLSearchParams();
  const put = (name: string, value: string | number | undefined, skip?: string | number) => {
    if (value !== undefined && value !== '' && value !== skip) out.set(name, String(value));
  };
  put('page', view.page, 0);
  put('size', view.pageSize, DEFAULT_PAGE_SIZE);
  put('q', view.search);
  put('sort', view.sort);
  put('order', view.order);
  put('status', view.status);
  put('open', view.open ? 'true' : undefined);
  put('waiting', view.waiting ? 'true' : undefined);
  put('hotelId', view.hotelId);
  put('departmentId', view.departmentId);
  put('from', view.from);
  put('to', view.to);
  put('overdue', view.overdue ? 'true' : undefined);
  put('mine', view.mine ? 'true' : undefined);
  put('scheduled', view.scheduled ? 'true' : undefined);
  return out;
}

/**
 * The list's view kept in the URL: paging, sort, search and filters survive opening a
 * row and coming back (Back restores the URL, the URL restores the view). Changes replace
 * the history entry, so Back leaves the list instead of stepping through every keystroke.
 */
export function useListView(statuses: readonly string[] = []): [ListView, (next: Partial<ListView>) => void] {
  const [params, setParams] = useSearchParams();
  // The params object may change identity without changing; its text is the value.
  const key = params.toString();
  const view = useMemo(() => parseListView(new URLSearchParams(key), statuses), [key, statuses]);
  const setView = useCallback(
    (next: Partial<ListView>) => setParams((current) => listViewParams({ ...parseListView(current, statuses), ...next }), { replace: true }),
    [setParams, statuses],
  );
  return [view, setView];
}

/** A local day's first and last instant (the server bounds creation time with them, in the user's zone). */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The list endpoints' query for a view: one page, the sort, the search and the filters. */
export function listQuery(view: ListView): Record<string, string | number> {
  const query: Record<string, string | number> = { page: view.page, pageSize: view.pageSize };
  if (view.search) query.search = view.search;
  if (view.sort) query.sort = view.sort;
  if (view.order) query.order = view.order;
  if (view.status) query.status = view.status;
  if (view.open) query.open = 'true';
  if (view.waiting) query.waiting = 'true';
  if (view.hotelId) query.hotelId = view.hotelId;
  if (view.departmentId) query.departmentId = view.departmentId;
  if (view.from) query.from = dayStart(view.from);
  if (view.to) query.to = dayEnd(view.to);
  if (view.overdue) query.overdue = 'true';
  if (view.mine) query.mine = 'true';
  if (view.scheduled) query.scheduled = 'true';
  return query;
}
