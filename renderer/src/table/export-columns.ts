import type { TableColumn } from './types';

export type ExportCell = string | number | Date;

/**
 * A number typed as digits (a room number) as a number cell, which Excel sorts and
 * filters as a number; anything else (A-12, 0101 with its leading zero) stays text.
 */
export function numberOrText(value: string | number | null | undefined): string | number {
  if (typeof value === 'number') return value;
  const text = (value ?? '').trim();
  return /^(0|[1-9]\d{0,14})$/.test(text) ? Number(text) : text;
}

/**
 * The sheet of a list: one column per exported column (its `exportValue`, else the text
 * shown), and a column's `exportAlso` right after it (a room's verification beside its number).
 */
export function exportSheet<T>(columns: readonly TableColumn<T>[], rows: readonly T[]): { headers: string[]; ltrColumns: number[]; rows: ExportCell[][] } {
  const cells = columns
    .filter((c) => c.exportValue !== false)
    .flatMap((c) => [{ header: c.header, value: c.exportValue || c.value, ltr: !!c.ltr }, ...(c.exportAlso ? [{ ...c.exportAlso, ltr: false }] : [])]);
  return {
    headers: cells.map((c) => c.header),
    // Columns of numbers and codes read left to right in an Arabic sheet.
    ltrColumns: cells.flatMap((c, i) => (c.ltr ? [i] : [])),
    rows: rows.map((row) => cells.map((c) => c.value(row) ?? '')),
  };
}
