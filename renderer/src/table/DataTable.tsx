import { Button, Dropdown, Input, Option, Text, makeStyles } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, SearchRegular } from '@fluentui/react-icons';
import type { CellClickedEvent, CellKeyDownEvent, ColDef, GridApi, GridReadyEvent, ICellRendererParams, RowClassRules, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SERVICE_SEARCH_DEBOUNCE_MS } from '@shared';
import { registerGridModules } from './grid-modules';
import { ExportButton } from '../features/export/ExportButton';
import { RowActions, type RowMenuItem } from './RowActions';
import { exportSheet } from './export-columns';
import { cellControlKeys, leaveGridOnTab, opensRow, useKeepGridFocus } from './grid-keyboard';

registerGridModules();

export interface TableColumn<T> {
  id: string;
  header: string;
  value: (row: T) => string | number | null | undefined;
  /** Relative width (ag-grid flex). */
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
  /** Never cut (codes, phone numbers, dates, statuses): as wide as its longest value; else long text is cut with its tooltip. */
  fitContent?: boolean;
  /** The width an icon or badge drawn beside the text takes (the fit measures the text only). */
  adornmentPx?: number;
  /** Always left to right (phone numbers, codes, room numbers): in Arabic too, on screen and in the export. */
  ltr?: boolean;
  /**
   * Up to two lines, broken between words (a list of names, a date and its time): the
   * row grows to hold them. Fitted to the text's longer line; past two lines it is cut
   * with its tooltip.
   */
  wrap?: boolean;
}

/** Column widths fitted to their text (readable at 1366 px), from a sample of the rows. */
const CHAR_PX = 8.5; // without a canvas to measure with (tests)
const CELL_PADDING_PX = 32; // the cell's padding (16 px a side); a badge's own comes on top
const HEADER_EXTRA_PX = 22; // the sort arrow
const MIN_COLUMN_PX = 64;
const MAX_CUT_PX = 110; // longer text is cut with its tooltip rather than crowding the rest

let measurer: CanvasRenderingContext2D | null | undefined;
/** The text's width in the grid's font (14 px, the app's family). */
function textWidth(text: string): number {
  if (measurer === undefined) {
    try {
      measurer = document.createElement('canvas').getContext('2d');
      if (measurer) measurer.font = `14px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    } catch {
      measurer = null;
    }
  }
  return measurer ? measurer.measureText(text).width : text.length * CHAR_PX;
}

const MAX_DISTINGUISH_PX = 170; // the most a cut column grows to keep its values apart (two such columns and Status still fit 1366 px in Arabic)

/** How many leading characters two texts share. */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The width that shows every value up to the end of the word where it differs from the
 * others: two hotels "Nakheel Riyadh" and "Nakheel Jeddah" cut to "Nakhe…" read alike.
 */
export function distinguishingWidth(values: readonly string[]): number {
  const distinct = [...new Set(values.filter(Boolean))].sort();
  let widest = 0;
  distinct.forEach((value, i) => {
    const shared = Math.max(sharedStart(value, distinct[i - 1] ?? ''), sharedStart(value, distinct[i + 1] ?? ''));
    const wordEnd = value.indexOf(' ', shared + 1);
    const kept = wordEnd === -1 ? value : `${value.slice(0, wordEnd)}…`;
    widest = Math.max(widest, textWidth(kept));
  });
  return widest;
}

/**
 * The narrowest width that holds the text on two lines broken between words: the longer
 * line of the most even break. A browser filling lines of that width breaks no later.
 */
export function twoLineWidth(text: string): number {
  let best = textWidth(text);
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) {
    best = Math.min(best, Math.max(textWidth(text.slice(0, i)), textWidth(text.slice(i + 1))));
  }
  // Words measured apart may round a pixel narrower than the line drawn.
  return best + 2;
}

export function fittedWidth<T>(column: TableColumn<T>, rows: readonly T[]): number {
  const values = rows.slice(0, 200).map((row) => String(column.value(row) ?? ''));
  const longest = Math.max(0, ...values.map(column.wrap ? twoLineWidth : textWidth));
  // Headers wrap between words, so only their longest word must fit.
  const header = Math.max(...column.header.split(/\s+/).map(textWidth)) + CELL_PADDING_PX + HEADER_EXTRA_PX;
  const content = longest + CELL_PADDING_PX + (column.adornmentPx ?? 0);
  if (column.fitContent) return Math.ceil(Math.max(column.minWidth ?? 0, MIN_COLUMN_PX, header, content));
  // Long text is cut with its tooltip, but never before the part that tells one row from another.
  const distinguishing = column.keepApart === false ? 0 : Math.min(content, MAX_DISTINGUISH_PX, distinguishingWidth(values) + CELL_PADDING_PX);
  const usual = column.minWidth ?? Math.max(MIN_COLUMN_PX, header, Math.min(MAX_CUT_PX, content));
  return Math.ceil(Math.max(usual, distinguishing));
}

/**
 * A text cell: isolated in its own direction (Latin names and phone numbers in an Arabic
 * list are neither reordered nor cut at their start), cut at its end with the whole text
 * in its tooltip.
 */
export function TextCell({ text, tooltip, ltr, wrap }: { text: string; tooltip?: string; ltr?: boolean; wrap?: boolean }) {
  return (
    <span className={wrap ? 'cell-text cell-wrap' : 'cell-text'} dir={ltr ? 'ltr' : 'auto'} title={tooltip ?? text}>
      {text}
    </span>
  );
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
  onView(next: Partial<ServerView>): void;
  /** Ids of rows that just arrived or changed: highlighted, the highlight fading. */
  fresh?: ReadonlySet<string>;
  /** Every row matching the view (all pages, up to the export's cap) and how many match: what the export saves. */
  fetchAll?(): Promise<{ rows: T[]; total: number }>;
}

export interface DataTableProps<T> {
  rows: T[];
  columns: TableColumn<T>[];
  rowName: (row: T) => string;
  onEdit?: (row: T) => void;
  /**
   * Opens a row (a request's details): a click anywhere on the row but on a control in it,
   * or Enter on a focused cell. The edit button stays beside it.
   */
  onOpen?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** Further actions of a row, in a menu after edit and delete. */
  rowMenu?: (row: T) => RowMenuItem[];
  loading?: boolean;
  /** Shows an export button saving the rows as shown (after search and sort) under this name. */
  exportName?: string;
  /** A stable row id: a changed rows array then updates only the rows that differ (live lists of 100,000 rows). */
  rowId?: (row: T) => string;
  /** Paging, sorting and search on the server (big lists); absent: all rows are here and handled locally. */
  server?: ServerMode<T>;
}

const useStyles = makeStyles({
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', marginBottom: '10px', flexWrap: 'wrap' },
  entries: { display: 'flex', alignItems: 'center', gap: '8px' },
  pageSize: { minWidth: '80px' },
  footer: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '10px', marginTop: '10px' },
  // The arrows point the reading direction's way in both languages.
});

/**
 * The shared list table (SPEC §2): entries selector, search over every column, header
 * sort, 'page X of Y', row number by position on the page, yellow edit and red delete.
 */
export function DataTable<T>({ rows, columns, rowName, onEdit, onOpen, onDelete, rowMenu, loading, exportName, rowId, server }: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const apiRef = useRef<GridApi<T> | null>(null);
  const [localPageSize, setLocalPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState(server?.view.search ?? '');
  const [localPage, setPage] = useState({ current: 0, total: 1, shown: rows.length });
  const rtl = i18n.language === 'ar';
  const pageSize = server ? server.view.pageSize : localPageSize;
  const page = server
    ? { current: server.view.page, total: Math.max(1, Math.ceil(server.total / server.view.pageSize)), shown: rows.length }
    : localPage;
  const serverRef = useRef(server);
  const keepFocus = useKeepGridFocus(apiRef);
  serverRef.current = server;
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  // The latest handlers, read when a button is pressed: screens pass new arrow functions on
  // every render, which must not rebuild the grid's columns.
  const handlers = useRef({ onEdit, onOpen, onDelete, rowName, rowMenu });
  handlers.current = { onEdit, onOpen, onDelete, rowName, rowMenu };
  const canOpen = !!onOpen;
  const onCellClicked = useCallback((e: CellClickedEvent<T>) => {
    if (e.data && opensRow(e.event)) handlers.current.onOpen?.(e.data);
  }, []);
  const onCellKeyDown = useCallback((e: CellKeyDownEvent<T>) => {
    if (e.data && opensRow(e.event)) handlers.current.onOpen?.(e.data);
  }, []);
  const canEdit = !!onEdit;
  const canDelete = !!onDelete;
  const hasMenu = !!rowMenu;

  // Server mode: the typed search goes to the server after a pause; a view restored from
  // the URL (Back) puts its search back in the box.
  const serverSearch = server?.view.search;
  useEffect(() => {
    if (serverSearch !== undefined) setSearch(serverSearch);
  }, [serverSearch]);
  useEffect(() => {
    const current = serverRef.current;
    if (!current || search.trim() === current.view.search) return;
    const timer = setTimeout(() => serverRef.current?.onView({ search: search.trim(), page: 0 }), SERVICE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const setPageSize = (size: number) => (server ? server.onView({ pageSize: size, page: 0 }) : setLocalPageSize(size));

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
  }, []);

  const serverSort = server ? `${server.view.sort ?? ''}|${server.view.order ?? ''}` : undefined;
  const sortedBy = useMemo(() => {
    if (serverSort === undefined) return undefined;
    const [sort, order] = serverSort.split('|');
    return { sort: sort || undefined, order: (order || undefined) as 'asc' | 'desc' | undefined };
  }, [serverSort]);

  const onSortChanged = useCallback(
    (e: SortChangedEvent<T>) => {
      syncPage();
      const current = serverRef.current;
      if (!current || e.source !== 'uiColumnSorted') return;
      // The event lists the columns it touched (the clicked one and any it unsorted); the column-state API is a module we do not load.
      const sorted = e.columns?.find((c) => c.getSort());
      const column = sorted && columnsRef.current.find((c) => c.id === sorted.getColId());
      current.onView({ sort: column ? column.sortKey || column.id : undefined, order: sorted?.getSort() ?? undefined, page: 0 });
    },
    [syncPage],
  );

  // A new rule set per highlight set: the grid re-applies row classes when the rules change.
  const fresh = server?.fresh;
  const rowClassRules = useMemo<RowClassRules<T> | undefined>(
    () => (rowId && fresh ? { 'row-fresh': (p) => !!p.data && fresh.has(rowId(p.data)) } : undefined),
    [rowId, fresh],
  );

  // Refitted when the rows or columns change; a string key keeps the definitions while the widths stay.
  // A server page keeps the widths it opened with while live events change its rows: new
  // column definitions make the grid rebuild every column and row (hundreds of ms a change).
  const viewKey = server ? JSON.stringify(server.view) : undefined;
  const sample = useRef<{ view?: string; rows: readonly T[] }>({ rows });
  if (!server || sample.current.view !== viewKey || !sample.current.rows.length) sample.current = { view: viewKey, rows };
  const widthKey = columns.map((c) => fittedWidth(c, sample.current.rows)).join(',');
  const widths = useMemo(() => widthKey.split(',').map(Number), [widthKey]);

  const columnDefs = useMemo<ColDef<T>[]>(() => {
    const defs: ColDef<T>[] = [
      {
        colId: 'rowNumber',
        headerName: t('table.number'),
        width: 44,
        sortable: false,
        getQuickFilterText: () => '',
        valueGetter: (p) => ((p.node?.rowIndex ?? 0) % pageSize) + 1,
      },
      ...columns.map<ColDef<T>>((c, i) => ({
        colId: c.id,
        headerName: c.header,
        flex: c.flex ?? (c.fitContent ? 0.5 : 1),
        minWidth: widths[i],
        // Through the latest columns: a cell refreshed before the grid took new definitions still reads the new value.
        valueGetter: (p) => (p.data ? ((columnsRef.current.find((x) => x.id === c.id) ?? c).value(p.data) ?? '') : ''),
        cellRenderer: (p: ICellRendererParams<T>) => {
          if (!p.data) return null;
          const latest = columnsRef.current.find((x) => x.id === c.id) ?? c;
          if (latest.render) return latest.render(p.data);
          return <TextCell text={String(latest.value(p.data) ?? '')} tooltip={latest.tooltip?.(p.data)} ltr={latest.ltr} wrap={latest.wrap} />;
        },
        // The row grows to the two lines of a wrapping column.
        ...(c.wrap ? { autoHeight: true, wrapText: true } : {}),
        // Server mode: the server sorted the page; the header only shows (and changes) the view's sort.
        ...(sortedBy
          ? { comparator: () => 0, sortable: c.sortKey !== false, sort: sortedBy.sort === (c.sortKey || c.id) ? (sortedBy.order ?? 'desc') : null }
          : {}),
      })),
    ];
    if (canEdit || canDelete || hasMenu) {
      defs.push({
        colId: 'actions',
        headerName: t('common.actions'),
        // The buttons (28 px each) or the header's word, whichever is wider.
        width: Math.ceil(
          Math.max([canEdit, canDelete, hasMenu].filter(Boolean).length * 34 - 6 + CELL_PADDING_PX, textWidth(t('common.actions')) + CELL_PADDING_PX),
        ),
        // Kept in view at the row's end when a narrow window scrolls the other columns.
        pinned: rtl ? 'left' : 'right',
        sortable: false,
        getQuickFilterText: () => '',
        cellRenderer: (p: ICellRendererParams<T>) =>
          p.data ? (
            <RowActions
              name={handlers.current.rowName(p.data)}
              onEdit={canEdit ? () => handlers.current.onEdit?.(p.data!) : undefined}
              onDelete={canDelete ? () => handlers.current.onDelete?.(p.data!) : undefined}
              menu={handlers.current.rowMenu?.(p.data)}
            />
          ) : null,
      });
    }
    return defs;
  }, [columns, canEdit, canDelete, hasMenu, pageSize, t, sortedBy, widths, rtl]);

  // New columns with the same ids (select data arrived: '#1' → 'Corniche Hotel') keep the
  // grid's cells; their values are read again.
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed()) api.refreshCells({ force: true });
  }, [columns]);

  const collectShown = useCallback(async () => {
    // Server mode: every row matching the view, all pages (up to the cap). Else the
    // displayed rows (after search and sort, every page); the core API needs no extra grid module.
    const api = apiRef.current;
    const fetchAll = serverRef.current?.fetchAll;
    const all = fetchAll ? await fetchAll() : undefined;
    const shown: T[] = all ? all.rows : [];
    for (let i = 0; !all && api && i < api.getDisplayedRowCount(); i++) {
      const data = api.getDisplayedRowAtIndex(i)?.data;
      if (data) shown.push(data);
    }
    return { ...exportSheet(columns, shown), matching: all?.total ?? shown.length };
  }, [columns]);

  const getRowId = useMemo(() => (rowId ? (p: { data: T }) => rowId(p.data) : undefined), [rowId]);

  const defaultColDef = useMemo<ColDef<T>>(
    () => ({
      sortable: true,
      resizable: true,
      sortingOrder: ['asc', 'desc'],
      suppressKeyboardEvent: cellControlKeys,
      wrapHeaderText: true,
      autoHeaderHeight: true,
    }),
    [],
  );
  // The empty state sits inside the grid box (ag-grid's overlay), in the user's language.
  const overlayTexts = useMemo(() => ({ noRows: t('table.noData'), noMatchingRows: t('table.noData'), loading: t('app.loading') }), [t]);

  return (
    <div data-testid="data-table" onFocus={keepFocus.onFocus} onBlur={keepFocus.onBlur}>
      <div className={styles.toolbar}>
        <div className={styles.entries}>
          <Text id="entries-label">{t('table.entries')}</Text>
          <Dropdown
            aria-labelledby="entries-label"
            className={styles.pageSize}
            value={String(pageSize)}
            selectedOptions={[String(pageSize)]}
            onOptionSelect={(_, d) => setPageSize(Number(d.optionValue))}
          >
            {PAGE_SIZES.map((size) => (
              <Option key={size} value={String(size)}>
                {String(size)}
              </Option>
            ))}
          </Dropdown>
        </div>
        <div className={styles.entries}>
          {exportName && <ExportButton name={exportName} collect={collectShown} />}
          <Input
            contentBefore={<SearchRegular />}
            placeholder={t('table.search')}
            aria-label={t('table.search')}
            value={search}
            onChange={(_, d) => setSearch(d.value)}
          />
        </div>
      </div>
      <AgGridReact<T>
        key={rtl ? 'rtl' : 'ltr'}
        rowData={rows}
        getRowId={getRowId}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        enableRtl={rtl}
        domLayout="autoHeight"
        pagination={!server}
        paginationPageSize={pageSize}
        paginationPageSizeSelector={false}
        suppressPaginationPanel
        quickFilterText={server ? undefined : search}
        rowClassRules={rowClassRules}
        rowClass={canOpen ? 'row-opens' : undefined}
        loading={!!loading}
        overlayComponent={GridOverlay}
        overlayComponentParams={{ texts: overlayTexts }}
        tabToNextCell={leaveGridOnTab}
        tabToNextHeader={leaveGridOnTab}
        suppressColumnVirtualisation
        onGridReady={(e: GridReadyEvent<T>) => {
          apiRef.current = e.api;
          syncPage();
        }}
        onPaginationChanged={syncPage}
        onSortChanged={onSortChanged}
        onModelUpdated={syncPage}
        onRowDataUpdated={keepFocus.restore}
        onCellClicked={canOpen ? onCellClicked : undefined}
        onCellKeyDown={canOpen ? onCellKeyDown : undefined}
      />
      <div className={styles.footer}>
        <Button
          // "Previous" points back along the reading direction: right in Arabic.
          icon={rtl ? <ChevronRightRegular /> : <ChevronLeftRegular />}
          disabled={page.current <= 0}
          onClick={() => (server ? server.onView({ page: page.current - 1 }) : apiRef.current?.paginationGoToPreviousPage())}
        >
          {t('table.previous')}
        </Button>
        {/* Until the first page is read the total is not known: "no rows" would be wrong. */}
        {server && !loading && <Text data-testid="total-count">{t('lists.total', { count: server.total })}</Text>}
        <Text data-testid="page-info">{t('table.pageOf', { page: page.current + 1, pages: page.total })}</Text>
        <Button
          icon={rtl ? <ChevronLeftRegular /> : <ChevronRightRegular />}
          iconPosition="after"
          disabled={page.current >= page.total - 1}
          onClick={() => (server ? server.onView({ page: page.current + 1 }) : apiRef.current?.paginationGoToNextPage())}
        >
          {t('table.next')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The grid's overlay (empty, nothing found, loading) as one status line: ag-grid's own overlays
 * also copy their text into a live region, which would say it twice.
 */
function GridOverlay({ overlayType, texts }: { overlayType?: string; texts: Record<string, string> }) {
  return (
    <div role="status" className="ag-overlay-no-rows-center">
      {texts[overlayType ?? 'noRows'] ?? texts.noRows}
    </div>
  );
}
