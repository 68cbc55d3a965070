import type { ColDef, GridApi, GridReadyEvent, RowClassRules, SizeColumnsToContentStrategy, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@shared';
import { registerGridModules } from './grid-modules';
import type { RowMenuItem } from './RowActions';
import { useColumnWidths } from './column-width';
import type { ExportData } from './export-columns';
import { cellControlKeys, leaveGridOnTab, opensRow, useKeepGridFocus } from './grid-keyboard';
import { collectShownRows } from './shown-rows';
import { TablePager } from './TablePager';
import { TableToolbar } from './TableToolbar';
import type { ServerMode, TableColumn } from './types';
import { useColumnDefs } from './use-column-defs';
import { useGridPaging } from './use-grid-paging';
import { useLatest } from './use-latest';
import { useServerView } from './use-server-view';

export type { ServerMode, ServerView, TableColumn } from './types';
export { TextCell } from './TextCell';
export { autoSized, distinguishingWidth, fittedWidth, twoLineWidth } from './column-width';

registerGridModules();

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
  /**
   * The toolbar's export control, given how to collect the rows as shown (after search and
   * sort; a server list: every matching row up to the cap). The table knows the rows, not the file.
   */
  renderExport?: (collect: () => Promise<ExportData>) => ReactNode;
  /** A stable row id: a changed rows array then updates only the rows that differ (live lists of 100,000 rows). */
  rowId?: (row: T) => string;
  /** Paging, sorting and search on the server (big lists); absent: all rows are here and handled locally. */
  server?: ServerMode<T>;
}

const DEFAULT_COL_DEF: ColDef = {
  sortable: true,
  resizable: true,
  sortingOrder: ['asc', 'desc'],
  suppressKeyboardEvent: cellControlKeys,
  wrapHeaderText: true,
  autoHeaderHeight: true,
};

/**
 * The columns never cut (codes, phone numbers, statuses) sized by ag-grid to their cells as
 * drawn, icons and badges included, and again whenever the rows shown change (a live row, the
 * next page): they stay whole, and the other columns' flex takes what is left. The header is
 * left out: it wraps between words, and its longest word is the column's floor (minWidth).
 */
const AUTO_SIZE: SizeColumnsToContentStrategy = { type: 'fitCellContents', skipHeader: true, continuous: true };
/** The cell's own padding is in what ag-grid measures; 1 px for text drawn at a fraction of a pixel (its width is read rounded). */
const AUTO_SIZE_PADDING_PX = 1;

/**
 * The shared list table (SPEC §2): entries selector, search over every column, header
 * sort, 'page X of Y', row number by position on the page, yellow edit and red delete.
 * A local list pages, sorts and searches in the grid; a server list (`server`) asks the
 * server's view for each of them instead.
 */
export function DataTable<T>({ rows, columns, rowName, onEdit, onOpen, onDelete, rowMenu, loading, renderExport, rowId, server }: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language === 'ar';
  const apiRef = useRef<GridApi<T> | null>(null);
  const keepFocus = useKeepGridFocus(apiRef);
  const latestColumns = useLatest<readonly TableColumn<T>[]>(columns);
  const handlers = useLatest({ onEdit, onOpen, onDelete, rowName, rowMenu });
  const latestServer = useLatest(server);

  const view = useServerView(server, columns, rows.length);
  const local = useGridPaging(apiRef, rows.length);
  const [localPageSize, setLocalPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const pageSize = server ? server.view.pageSize : localPageSize;
  const page = view.page ?? local.page;
  const { syncPage } = local;
  const { sortBy } = view;

  const onSortChanged = useCallback(
    (e: SortChangedEvent<T>) => {
      syncPage();
      if (!latestServer.current || e.source !== 'uiColumnSorted') return;
      // The event lists the columns it touched (the clicked one and any it unsorted); the column-state API is a module we do not load.
      const sorted = e.columns?.find((c) => c.getSort());
      sortBy(sorted?.getColId(), sorted?.getSort() ?? undefined);
    },
    [syncPage, latestServer, sortBy],
  );
  const openRow = useCallback(
    (e: { data?: T; event?: Event | null }) => {
      if (e.data && opensRow(e.event)) handlers.current.onOpen?.(e.data);
    },
    [handlers],
  );

  // A new rule set per highlight set: the grid re-applies row classes when the rules change.
  const fresh = server?.fresh;
  const rowClassRules = useMemo<RowClassRules<T> | undefined>(
    () => (rowId && fresh ? { 'row-fresh': (p) => !!p.data && fresh.has(rowId(p.data)) } : undefined),
    [rowId, fresh],
  );

  const widths = useColumnWidths(columns, rows, server ? JSON.stringify(server.view) : undefined);
  const columnDefs = useColumnDefs({
    columns,
    latestColumns,
    handlers,
    widths,
    pageSize,
    sortedBy: view.sortedBy,
    canEdit: !!onEdit,
    canDelete: !!onDelete,
    hasMenu: !!rowMenu,
  });

  // New columns with the same ids (select data arrived: '#1' → 'Corniche Hotel') keep the
  // grid's cells; their values are read again.
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed()) api.refreshCells({ force: true });
  }, [columns]);

  const collect = useCallback(() => collectShownRows(latestColumns.current, apiRef.current, latestServer.current?.fetchAll), [latestColumns, latestServer]);
  const getRowId = useMemo(() => (rowId ? (p: { data: T }) => rowId(p.data) : undefined), [rowId]);
  // The empty state sits inside the grid box (ag-grid's overlay), in the user's language.
  const overlayTexts = useMemo(() => ({ noRows: t('table.noData'), noMatchingRows: t('table.noData'), loading: t('app.loading') }), [t]);
  const onGridReady = useCallback(
    (e: GridReadyEvent<T>) => {
      apiRef.current = e.api;
      syncPage();
    },
    [syncPage],
  );
  const canOpen = !!onOpen;

  return (
    <div data-testid="data-table" onFocus={keepFocus.onFocus} onBlur={keepFocus.onBlur}>
      <TableToolbar
        pageSize={pageSize}
        onPageSize={server ? view.setPageSize : setLocalPageSize}
        search={view.search}
        onSearch={view.setSearch}
        actions={renderExport?.(collect)}
      />
      <AgGridReact<T>
        key={rtl ? 'rtl' : 'ltr'}
        rowData={rows}
        getRowId={getRowId}
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL_DEF as ColDef<T>}
        enableRtl={rtl}
        domLayout="autoHeight"
        pagination={!server}
        paginationPageSize={pageSize}
        paginationPageSizeSelector={false}
        suppressPaginationPanel
        quickFilterText={server ? undefined : view.search}
        rowClassRules={rowClassRules}
        rowClass={canOpen ? 'row-opens' : undefined}
        loading={!!loading}
        overlayComponent={GridOverlay}
        overlayComponentParams={{ texts: overlayTexts }}
        tabToNextCell={leaveGridOnTab}
        tabToNextHeader={leaveGridOnTab}
        suppressColumnVirtualisation
        autoSizeStrategy={AUTO_SIZE as SizeColumnsToContentStrategy<T>}
        autoSizePadding={AUTO_SIZE_PADDING_PX}
        onGridReady={onGridReady}
        onPaginationChanged={syncPage}
        onSortChanged={onSortChanged}
        onModelUpdated={syncPage}
        onRowDataUpdated={keepFocus.restore}
        onCellClicked={canOpen ? openRow : undefined}
        onCellKeyDown={canOpen ? openRow : undefined}
      />
      <TablePager
        page={page.current}
        pages={page.total}
        // Until the first page is read the total is not known: "no rows" would be wrong.
        total={server && !loading ? server.total : undefined}
        totalCapped={server && !loading ? server.totalCapped : undefined}
        pageFull={server ? rows.length >= server.view.pageSize : undefined}
        onPrevious={() => (server ? view.goToPage(page.current - 1) : apiRef.current?.paginationGoToPreviousPage())}
        onNext={() => (server ? view.goToPage(page.current + 1) : apiRef.current?.paginationGoToNextPage())}
      />
    </div>
  );
}

/**
 * The grid's overlay (empty, nothing found, loading) as one status line: ag-grid's own overlays
 * also copy their text into a live region, which would say it twice. The class says which it is, as
 * ag-grid's own do: a grid still loading is not a grid drawn empty (the accessibility walk tells them apart).
 */
function GridOverlay({ overlayType, texts }: { overlayType?: string; texts: Record<string, string> }) {
  return (
    <div role="status" className={overlayType === 'loading' ? 'ag-overlay-loading-center' : 'ag-overlay-no-rows-center'}>
      {texts[overlayType ?? 'noRows'] ?? texts.noRows}
    </div>
  );
}
