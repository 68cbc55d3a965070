import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS, type Page, fetchAllPages } from '../../renderer/src/api/client';
import { MAX_PAGE_SIZE } from '../../shared/patterns';

/** A server-paged list of `total` rows whose answers carry `exportMaxRows` (or none). */
function list(total: number, exportMaxRows?: number) {
  const reads: number[] = [];
  const fetchPage = async (page: number, pageSize: number): Promise<Page<number>> => {
    reads.push(page);
    const rows = Array.from({ length: Math.max(0, Math.min(pageSize, total - page * pageSize)) }, (_, i) => page * pageSize + i);
    return { rows, total, ...(exportMaxRows ? { exportMaxRows } : {}) };
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
});
