/*
 * Headers of a paged list's answer (zod-free: the admin shell reads them on every list).
 * X-Total-Count: rows of all pages. X-Export-Max-Rows: the most rows an export reads
 * from the list, past which it says how many it left out; the server's configuration
 * (HOTEL_EXPORT_MAX_ROWS) sets it, so a test can reach the cap with a thousand rows.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const EXPORT_MAX_ROWS_HEADER = 'x-export-max-rows';
/** 20 pages of the largest size: a workbook of 100,000 rows would take minutes and hundreds of MB in the browser. */
export const DEFAULT_EXPORT_MAX_ROWS = 10_000;
