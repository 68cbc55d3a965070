import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type { Endpoint } from '@shared';
import { MAX_PAGE_SIZE } from '@shared/patterns';
import { DEFAULT_EXPORT_MAX_ROWS, EXPORT_MAX_ROWS_HEADER, TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '@shared/api/list-headers';
import { fillPath } from '@shared/api/paths';
import { clientRoutes } from '@shared/routes';
import { navigate } from '../app/navigation';
import { showToast } from '../feedback/toast';
import { currentLanguage, i18next } from '../i18n';
import { reconnectingAtom } from '../features/connection/connection';
import { refreshAccessToken, sessionAtom, signOut, store } from '../session/session';
import { createHttp } from './http';

export const http = createHttp({
  baseURL: '',
  lang: currentLanguage,
  accessToken: () => store.get(sessionAtom)?.accessToken,
  refresh: refreshAccessToken,
  onReachable: (reachable) => store.set(reconnectingAtom, !reachable),
  onExpired() {
    showToast(i18next.t('session.expired'), 'warning');
    void signOut().then(() => navigate(clientRoutes.login));
  },
});

/** Points the client at the server (desktop: the configured URL; web: same origin). */
export function setServerUrl(url: string): void {
  http.defaults.baseURL = url;
}

type Out<E> = E extends { response: z.ZodType } ? z.output<E['response']> : unknown;
type In<E, K extends 'body' | 'query'> = E extends Record<K, z.ZodType> ? z.input<E[K]> : undefined;

export interface CallOptions<E> {
  params?: Record<string, string | number>;
  query?: In<E, 'query'> | Record<string, unknown>;
  body?: In<E, 'body'>;
  config?: AxiosRequestConfig;
}

/** Calls one endpoint of the contract table; the URL and method come from it. */
export async function call<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<Out<E>> {
  const res = await http.request({
    method: endpoint.method,
    url: fillPath(endpoint.path, options.params),
    params: options.query,
    data: options.body,
    public: endpoint.auth === 'public',
    ...options.config,
  });
  return res.data as Out<E>;
}

export interface Page<Row> {
  rows: Row[];
  /** Rows of all pages (the server's X-Total-Count). */
  total: number;
  /** More rows match than `total`: the server stopped counting at its cap (X-Total-Count-Capped). */
  totalCapped?: boolean;
  /** The most rows an export of this list reads (the server's X-Export-Max-Rows), when it said. */
  exportMaxRows?: number;
}

type RowOf<E> = Out<E> extends (infer R)[] ? R : never;

/** One page of a list endpoint: the rows and the X-Total-Count header. */
export async function callPage<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<Page<RowOf<E>>> {
  const res = await http.request({ method: endpoint.method, url: fillPath(endpoint.path, options.params), params: options.query, ...options.config });
  const rows = res.data as RowOf<E>[];
  const header = Number(res.headers[TOTAL_COUNT_HEADER]);
  const cap = Number(res.headers[EXPORT_MAX_ROWS_HEADER]);
  const capped = Number.isFinite(header) && res.headers[TOTAL_COUNT_CAPPED_HEADER] === 'true';
  return { rows, total: Number.isFinite(header) ? header : rows.length, ...(capped ? { totalCapped: true } : {}), ...(cap > 0 ? { exportMaxRows: cap } : {}) };
}

/**
 * The most rows an export reads from a server-paged list when the server does not say
 * (X-Export-Max-Rows, HOTEL_EXPORT_MAX_ROWS): a workbook of 100,000 rows would take
 * minutes and hundreds of MB in the browser. Past it the export says how many rows it
 * left out (narrow the view).
 */
export const EXPORT_MAX_ROWS = DEFAULT_EXPORT_MAX_ROWS;

/** Rows read for an export, and how many matched (more than `rows` when the cap cut it). */
export interface AllRows<Row> {
  rows: Row[];
  total: number;
  /** More than `total` matched (the server stopped counting; the export stopped reading first). */
  totalCapped?: boolean;
}

/**
 * Every row of a server-paged list (what an export saves), read page after page at the
 * largest size the server answers, up to `maxRows` rows (or the server's cap for the list). Rows that move between pages while
 * it reads (a live list) are kept once.
 */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<Row>>,
  rowId: (row: Row) => string,
  maxRows?: number,
): Promise<AllRows<Row>> {
  const rows = new Map<string, Row>();
  let cap = maxRows ?? EXPORT_MAX_ROWS;
  for (let page = 0; ; page++) {
    const { rows: batch, total, totalCapped, exportMaxRows } = await fetchPage(page, MAX_PAGE_SIZE);
    // The server's cap, unless the caller named one.
    if (maxRows === undefined && exportMaxRows) cap = exportMaxRows;
    for (const row of batch) if (!rows.has(rowId(row))) rows.set(rowId(row), row);
    // A capped total is only a floor: read on until a short page says the list ended.
    const ended = batch.length < MAX_PAGE_SIZE;
    const done = ended || (!totalCapped && (page + 1) * MAX_PAGE_SIZE >= total);
    if (done || rows.size >= cap) {
      // Stopped before the end of a list whose count stopped too: more matched than either says.
      const more = totalCapped && !ended;
      return { rows: [...rows.values()].slice(0, cap), total: Math.max(total, rows.size), ...(more ? { totalCapped: true } : {}) };
    }
  }
}

/** A file endpoint's bytes. */
export async function download(endpoint: Endpoint, query?: Record<string, unknown>): Promise<Uint8Array> {
  const res = await http.request({ method: 'GET', url: fillPath(endpoint.path), params: query, responseType: 'arraybuffer' });
  return new Uint8Array(res.data as ArrayBuffer);
}

/** A multipart endpoint. */
export async function upload(endpoint: Endpoint, form: FormData): Promise<Out<Endpoint>> {
  const res = await http.request({ method: endpoint.method, url: fillPath(endpoint.path), data: form });
  return res.data;
}
