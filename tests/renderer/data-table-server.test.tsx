import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type ServerView, type TableColumn } from '../../renderer/src/table/DataTable';
import { listQuery, listViewParams, parseListView } from '../../renderer/src/table/url-view';
import { renderInApp, withQueryCache } from './render-app';

interface Row {
  id: string;
  code: string;
  name: string;
}
const columns: TableColumn<Row>[] = [
  { id: 'code', header: 'Code', value: (r) => r.code },
  { id: 'custName', header: 'Name', value: (r) => r.name },
];
// The server's page 3 (of 1,000 rows, 5 a page), deliberately not in the order a local sort would give.
const page: Row[] = ['Q', 'B', 'Z', 'A', 'M'].map((n, i) => ({ id: `r${i}`, code: `C-${11 + i}`, name: `Guest ${n}` }));

function cellTexts(colId: string): string[] {
  return [...document.querySelectorAll(`.ag-row .ag-cell[col-id="${colId}"]`)]
    .sort((a, b) => Number(a.closest('[row-index]')!.getAttribute('row-index')) - Number(b.closest('[row-index]')!.getAttribute('row-index')))
    .map((c) => c.textContent ?? '');
}

afterEach(cleanup);

describe('the shared table in server mode', { timeout: 20_000 }, () => {
  it('says no total while its first page is being read (in Arabic "no rows" would be read as an empty list)', async () => {
    const view: ServerView = { page: 0, pageSize: 5, search: '' };
    const table = (loading: boolean, shown: Row[], total: number) => (
      <DataTable rows={shown} columns={columns} rowName={(r) => r.code} rowId={(r) => r.id} loading={loading} server={{ view, total, onView: () => undefined }} />
    );
    const { rerender } = renderInApp(table(true, [], 0), 'ar');
    expect(screen.queryByTestId('total-count')).toBeNull();
    rerender(withQueryCache(table(false, page, 1000)));
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('1000 صف'));
    rerender(withQueryCache(table(false, [], 0)));
    await waitFor(() => expect(screen.getByTestId('total-count').textContent).toBe('لا توجد صفوف'));
  });

  it('shows the page as the server sent it and asks the server for the next page, another size, a sort and a search', async () => {
    const asked: Partial<ServerView>[] = [];
    const view: ServerView = { page: 2, pageSize: 5, search: '', sort: 'updatedAt', order: 'desc' };
    renderInApp(<DataTable rows={page} columns={columns} rowName={(r) => r.code} rowId={(r) => r.id} server={{ view, total: 1000, onView: (v) => asked.push(v) }} />);
    await waitFor(() => expect(cellTexts('custName')).toEqual(['Guest Q', 'Guest B', 'Guest Z', 'Guest A', 'Guest M']));
    expect(screen.getByTestId('page-info').textContent).toBe('page 3 of 200');
    expect(screen.getByTestId('total-count').textContent).toBe('1000 rows');

    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await userEvent.click(screen.getByRole('button', { name: /previous/i }));
    expect(asked).toEqual([{ page: 3 }, { page: 1 }]);

    await userEvent.click(screen.getByText('Name'));
    await waitFor(() => expect(asked).toContainEqual({ sort: 'custName', order: 'asc', page: 0 }));
    // The grid did not sort the page itself: the server's order stays until a new page comes.
    expect(cellTexts('custName')).toEqual(['Guest Q', 'Guest B', 'Guest Z', 'Guest A', 'Guest M']);

    await userEvent.type(screen.getByRole('textbox', { name: 'Search...' }), 'Guest 42');
    await waitFor(() => expect(asked).toContainEqual({ search: 'Guest 42', page: 0 }));
    expect(asked.filter((a) => a.search !== undefined)).toHaveLength(1); // once, after the pause
  });
});

describe('the list view in the URL', () => {
  it('round-trips every part and refuses malformed values', () => {
    const view = { page: 4, pageSize: 20, search: 'Layla', sort: 'custName', order: 'asc' as const, status: 'Open', hotelId: 3, departmentId: 7, from: '2026-11-01', to: '2026-11-23' };
    expect(parseListView(listViewParams(view), ['Open'])).toEqual(view);
    expect(listViewParams({ page: 0, pageSize: 5, search: '' }).toString()).toBe('');
    const bad = parseListView(new URLSearchParams('page=-1&size=7&sort=a;drop&order=up&status=Nope&hotelId=x&from=yesterday'), ['Open']);
    expect(bad).toEqual({ page: 0, pageSize: 5, search: '', sort: undefined, order: undefined, status: undefined, hotelId: undefined, departmentId: undefined, from: undefined, to: undefined });
    const query = listQuery(view);
    expect(query).toMatchObject({ page: 4, pageSize: 20, search: 'Layla', sort: 'custName', order: 'asc', status: 'Open', hotelId: 3, departmentId: 7 });
    expect(new Date(query.from as string).getTime()).toBeLessThan(new Date(query.to as string).getTime());
  });
});

describe('live rows on a server page', { timeout: 20_000 }, () => {
  it('highlights rows named fresh when they arrive, and only them', async () => {
    const view: ServerView = { page: 0, pageSize: 5, search: '' };
    const props = { columns, rowName: (r: Row) => r.code, rowId: (r: Row) => r.id };
    const { rerender } = renderInApp(<DataTable rows={page.slice(1)} {...props} server={{ view, total: 4, onView: () => undefined }} />);
    await waitFor(() => expect(cellTexts('code')).toHaveLength(4));
    rerender(<DataTable rows={page} {...props} server={{ view, total: 5, onView: () => undefined }} />);
    rerender(<DataTable rows={page} {...props} server={{ view, total: 5, onView: () => undefined, fresh: new Set(['r0']) }} />);
    await waitFor(() => expect(document.querySelector('.ag-row[row-id="r0"]')?.classList.contains('row-fresh')).toBe(true));
    expect(document.querySelectorAll('.ag-row.row-fresh')).toHaveLength(1);
  });
});


describe("the list's total reads as a sentence", { timeout: 20_000 }, () => {
  const view: ServerView = { page: 0, pageSize: 5, search: '', sort: 'updatedAt', order: 'desc' };
  const total = (count: number, lang: 'en' | 'ar') => {
    renderInApp(<DataTable rows={page.slice(0, Math.min(count, 5))} columns={columns} rowName={(r) => r.code} rowId={(r) => r.id} server={{ view, total: count, onView: () => undefined }} />, lang);
    const text = screen.getByTestId('total-count').textContent;
    cleanup();
    return text;
  };

  it("in English: '1 row', '2 rows' (it said '1 rows')", () => {
    expect(total(1, 'en')).toBe('1 row');
    expect(total(2, 'en')).toBe('2 rows');
  });

  it('in Arabic: each of the six number forms', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => total(n, 'ar'))).toEqual(['لا توجد صفوف', 'صف واحد', 'صفّان', '3 صفوف', '11 صفًا', '100 صف']);
  });
});
