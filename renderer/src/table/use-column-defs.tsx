import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions, type RowMenuItem } from './RowActions';
import { TextCell } from './TextCell';
import { actionsWidth, autoSized } from './column-width';
import type { ServerSort } from './use-server-view';
import type { TableColumn } from './types';

/** A row's actions, read when a button is pressed (the latest a screen passed). */
export interface RowHandlers<T> {
  rowName: (row: T) => string;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  rowMenu?: (row: T) => RowMenuItem[];
}

export interface ColumnDefsInput<T> {
  columns: readonly TableColumn<T>[];
  /** Through the latest columns: a cell refreshed before the grid took new definitions still reads the new value. */
  latestColumns: RefObject<readonly TableColumn<T>[]>;
  handlers: RefObject<RowHandlers<T>>;
  widths: readonly number[];
  pageSize: number;
  /** Server mode: the view's sort, which the headers show (the server sorted the page). */
  sortedBy?: ServerSort;
  canEdit: boolean;
  canDelete: boolean;
  hasMenu: boolean;
}

/** The grid's columns: the row number, the list's columns, and the row actions pinned at the row's end. */
export function useColumnDefs<T>({ columns, latestColumns, handlers, widths, pageSize, sortedBy, canEdit, canDelete, hasMenu }: ColumnDefsInput<T>): ColDef<T>[] {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language === 'ar';
  return useMemo<ColDef<T>[]>(() => {
    const latest = (c: TableColumn<T>) => latestColumns.current.find((x) => x.id === c.id) ?? c;
    const defs: ColDef<T>[] = [
      {
        colId: 'rowNumber',
        headerName: t('table.number'),
        width: 44,
        suppressAutoSize: true,
        sortable: false,
        getQuickFilterText: () => '',
        valueGetter: (p) => ((p.node?.rowIndex ?? 0) % pageSize) + 1,
      },
      ...columns.map<ColDef<T>>((c, i) => ({
        colId: c.id,
        headerName: c.header,
        // An autosized column is as wide as its cells as drawn (DataTable's autoSizeStrategy); the
        // others grow from their ruled width to fill the row.
        ...(autoSized(c) ? {} : { flex: c.flex ?? (c.fitContent ? 0.5 : 1), suppressAutoSize: true }),
        minWidth: widths[i],
        valueGetter: (p) => (p.data ? (latest(c).value(p.data) ?? '') : ''),
        cellRenderer: (p: ICellRendererParams<T>) => {
          if (!p.data) return null;
          const column = latest(c);
          if (column.render) return column.render(p.data);
          return <TextCell text={String(column.value(p.data) ?? '')} tooltip={column.tooltip?.(p.data)} ltr={column.ltr} wrap={column.wrap} />;
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
        width: actionsWidth([canEdit, canDelete, hasMenu].filter(Boolean).length, t('common.actions')),
        // Kept in view at the row's end when a narrow window scrolls the other columns.
        pinned: rtl ? 'left' : 'right',
        suppressAutoSize: true,
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
  }, [columns, latestColumns, handlers, canEdit, canDelete, hasMenu, pageSize, t, sortedBy, widths, rtl]);
}
