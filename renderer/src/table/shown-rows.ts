import type { GridApi } from 'ag-grid-community';
import { type ExportData, exportSheet } from './export-columns';
import type { ServerMode, TableColumn } from './types';

/**
 * What a list's export saves. Server mode: every row matching the view, all pages (up to
 * the cap). Else the displayed rows (after search and sort, every page); the core API
 * needs no extra grid module.
 */
export async function collectShownRows<T>(
  columns: readonly TableColumn<T>[],
  api: GridApi<T> | null,
  fetchAll: ServerMode<T>['fetchAll'],
): Promise<ExportData> {
  const all = fetchAll ? await fetchAll() : undefined;
  const shown: T[] = all ? all.rows : [];
  for (let i = 0; !all && api && i < api.getDisplayedRowCount(); i++) {
    const data = api.getDisplayedRowAtIndex(i)?.data;
    if (data) shown.push(data);
  }
  return { ...exportSheet(columns, shown), matching: all?.total ?? shown.length, ...(all?.totalCapped ? { matchingMore: true } : {}) };
}
