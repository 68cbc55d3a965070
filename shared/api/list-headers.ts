/*
 * Headers of a paged list's answer (zod-free: the admin shell reads them on every list).
 * X-Total-Count: rows of all pages. On the staff request and service lists the count
 * stops at the server's cap (HOTEL_LIST_COUNT_MAX): past it X-Total-Count is the cap and
 * X-Total-Count-Capped is "true", so a year of history is not counted on every page view.
 * X-Export-Max-Rows: the most rows an export reads from the list, past which it says how
 * many it left out; the server's configuration (HOTEL_EXPORT_MAX_ROWS) sets it, so a test
 * can reach the cap with a thousand rows.
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';
export const EXPORT_MAX_ROWS_HEADER = 'x-export-max-rows';
/** 20 pages of the largest size: a workbook of 100,000 rows would take minutes and hundreds of MB in the browser. */
export const DEFAULT_EXPORT_MAX_ROWS = 10_000;
/**
 * Past this many matching rows a staff list says "more than" instead of counting them all.
 * A hotel user's count joins each line to its request, so its cost grows with the cap
 * (at 5,000: about 21,000 buffer reads, 15–30 ms on a loaded 2-core machine).
 */
export const DEFAULT_LIST_COUNT_MAX = 5_000;
