import type { TableColumn } from './types';

export interface SheetData {
  headers: string[];
  /** A Date becomes a date cell, a number a number cell. */
  rows: (string | number | Date)[][];
  /** Columns read left to right in a right-to-left sheet too (phone numbers, codes): their value stays as typed. */
  ltrColumns?: number[];
}

/**
 * Excel has no time zones: exceljs writes a Date's UTC fields, so a cell shows what
 * the user saw on screen when it is given the local wall-clock time as if it were UTC.
 */
export function wallClock(value: Date | string): Date {
  const date = new Date(value);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
}

/** A list's ISO timestamp as an Excel date cell (empty when there is none). */
export function excelDate(value: string | null | undefined): Date | '' {
  return value ? wallClock(value) : '';
}

/**
 * What a list's export saves; `matching` above the rows' count: the export's cap left the rest out
 * (`matchingMore`: more than `matching` matched, the server stopped counting too).
 */
export type ExportData = SheetData & { matching?: number; matchingMore?: boolean };

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
