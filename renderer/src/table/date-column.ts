import { excelDate } from './export-columns';
import type { TableColumn } from './types';
import { formatDate, formatListDate } from './format';

/**
 * A date column of a list: compact in the cell, the full date in its tooltip, a real
 * date in the export.
 */
export function dateColumn<T>(id: string, header: string, get: (row: T) => string | null | undefined, lang: string, extra: Partial<TableColumn<T>> = {}): TableColumn<T> {
  return {
    id,
    header,
    fitContent: true,
    value: (row) => formatListDate(get(row), lang),
    tooltip: (row) => formatDate(get(row), lang),
    exportValue: (row) => excelDate(get(row)),
    ...extra,
  };
}
