import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, type Page, fetchAllPages } from '../../renderer/src/api/client';
import { MAX_PAGE_SIZE } from '../../shared/patterns';

/**
 * A server-paged list of `total` rows whose answers carry `exportMaxRows` (or none); with
 * `countMax`, the server counts only that many and says the total is capped past it.
 */
function list(total: number, exportMaxRows?: number, countMax = Infinity) {
  const reads: number[] = [];
  const fetchPage = async (page: number, pageSize: number): Promise<Page<number>> => {
    reads.push(page);
    const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - page * pageSize)) }, (_, i) => page * pageSize + i);
    const counted = total > countMax ? { total: countMax, totalCapped: true } : { total };
    return { rows, ...counted, ...(exportMaxRows ? { exportMaxRows } : {}) };
  };
  return { fetchPage, reads };
}

describe("an export reads up to the server's cap", () => {
  it('stops at the cap the list answered with, and keeps the total', async () => {
    const { fetchPage, reads } = list(3 * MAX_PAGE_SIZE, MAX_PAGE_SIZE + 10);
    const all = await fetchAllPages(fetchPage, String);
    expect(all.rows).toHaveLength(MAX_PAGE_SIZE + 10);
    expect(all.total).toBe(3 * MAX_PAGE_SIZE);
    expect(reads).toEqual([0, 1]);
  });

  it('falls back to the built-in cap when the server says nothing', async () => {
    const { fetchPage } = list(EXPORT_MAX_ROWS + MAX_PAGE_SIZE);
    expect((await fetchAllPages(fetchPage, String)).rows).toHaveLength(EXPORT_MAX_ROWS);
  });

  it("a caller's own cap wins over the server's", async () => {
    const { fetchPage } = list(3 * MAX_PAGE_SIZE, MAX_PAGE_SIZE + 10);
    expect((await fetchAllPages(fetchPage, String, 7)).rows).toHaveLength(7);
  });

  it('reads past a capped total up to its own cap, and says more matched than it read', async () => {
    // The server counts 600 of 4 pages' rows; the export may read 2 pages and 10 rows.
    const { fetchPage, reads } = list(4 * MAX_PAGE_SIZE, 2 * MAX_PAGE_SIZE + 10, 600);
    const all = await fetchAllPages(fetchPage, String);
    expect(all.rows).toHaveLength(2 * MAX_PAGE_SIZE + 10);
    // It read 3 pages: more than those 1,500 match.
    expect(all).toMatchObject({ total: 3 * MAX_PAGE_SIZE, totalCapped: true });
    expect(reads).toEqual([0, 1, 2]);
  });

  it('a capped total of a list that ends below the export cap becomes exact', async () => {
    const { fetchPage } = list(2 * MAX_PAGE_SIZE + 7, 10 * MAX_PAGE_SIZE, 600);
    const all = await fetchAllPages(fetchPage, String);
    expect(all.rows).toHaveLength(2 * MAX_PAGE_SIZE + 7);
    expect(all.total).toBe(2 * MAX_PAGE_SIZE + 7);
    expect(all.totalCapped).toBeUndefined();
  });
});
