import type { ReactNode } from 'react';

export interface TableColumn<T> {
  id: string;
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** Relative width (ag-grid flex); a column never cut on one line has none (ag-grid sizes it to its cells). */
  flex?: number;
  /** Custom cell content (thumbnails…); `value` still drives search and sort. */
  render?: (row: T) => ReactNode;
  /** What the .xlsx export writes instead of `value` (a real Date or number); `false` leaves the column out. */
  exportValue?: ((row: T) => string | number | Date | null | undefined) | false;
  /** One more column the export writes right after this one (a room's verification beside its number). */
  exportAlso?: { header: string; value: (row: T) => string | number | Date | null | undefined };
  /** Server mode: the server's sort key when it is not `id`; `false`: the server cannot sort by it. */
  sortKey?: string | false;
  /** The cell's tooltip (a date's full form); default: the value, so a cut cell can be read whole. */
  tooltip?: (row: T) => string;
  /** The narrowest the column gets (the header and the part that tells rows apart may widen it). */
  minWidth?: number;
  /** `false`: cut at its usual width even where rows start alike (a list of names, read whole in its tooltip). */
  keepApart?: boolean;
  /**
   * Never cut (codes, phone numbers, dates, statuses): as wide as its widest cell as drawn
   * (ag-grid's autosize; a wrapping one, its longer line), growing no further; else long
   * text is cut with its tooltip.
   */
  fitContent?: boolean;
  /** Always left to right (phone numbers, codes, room numbers): in Arabic too, on screen and in the export. */
  ltr?: boolean;
  /**
   * Up to two lines, broken between words (a list of names, a date and its time): the
   * row grows to hold them. Fitted to the text's longer line; past two lines it is cut
   * with its tooltip.
   */
  wrap?: boolean;
}

/** What the server is asked for: one page, sorted and searched by the server (the URL keeps it). */
export interface ServerView {
  page: number;
  pageSize: number;
  search: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

/**
 * Server mode: `rows` is one page the server chose; the pager, the entries selector,
 * the header sort and the search box change the view instead of filtering locally.
 * Column ids are the server's sort keys.
 */
export interface ServerMode<T = unknown> {
  view: ServerView;
  /** Rows of all pages (X-Total-Count). */
  total: number;
  /** More rows match than `total` (the server stopped counting): "more than", and Next stays on. */
  totalCapped?: boolean;
  onView(next: Partial<ServerView>): void;
  /** Ids of rows that just arrived or changed: highlighted, the highlight fading. */
  fresh?: ReadonlySet<string>;
  /** Every row matching the view (all pages, up to the export's cap) and how many match: what the export saves. */
  fetchAll?(): Promise<{ rows: T[]; total: number; totalCapped?: boolean }>;
}

/** Where the pager stands: the page shown (from 0), how many pages, how many rows are displayed. */
export interface PageState {
  current: number;
  total: number;
  shown: number;
}
