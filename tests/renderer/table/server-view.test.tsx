import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_SEARCH_DEBOUNCE_MS } from '@shared';
import type { TableColumn } from '../../../renderer/src/table/types';
import { useListView } from '../../../renderer/src/table/url-view';
import { pageCount, useServerView, type ServerViewControls } from '../../../renderer/src/table/use-server-view';
import { renderInApp } from '../render-app';

interface Row {
  name: string;
}
// The column's id is the screen's, its sort key the server's.
const columns: TableColumn<Row>[] = [{ id: 'name', header: 'Name', value: (r) => r.name, sortKey: 'custName' }];

let controls: ServerViewControls;
let navigate: NavigateFunction;

/** A list screen's wiring: the view in the URL, the table's controls over it. */
function Harness() {
  const [view, setView] = useListView();
  controls = useServerView({ view, total: 1000, onView: setView }, columns, 5);
  navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <input aria-label="search" value={controls.search} onChange={(e) => controls.setSearch(e.target.value)} />
      <output data-testid="url">{location.search}</output>
    </>
  );
}

const url = () => screen.getByTestId('url').textContent;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('the table’s server view and the URL', () => {
  it('reads the view from the URL: its search in the box, its sort on the headers, its page in the pager', () => {
    renderInApp(
      <MemoryRouter initialEntries={['/list?page=2&size=20&q=Layla&sort=custName&order=asc']}>
        <Harness />
      </MemoryRouter>,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'search' }).value).toBe('Layla');
    expect(controls.sortedBy).toEqual({ sort: 'custName', order: 'asc' });
    expect(controls.page).toEqual({ current: 2, total: 50, shown: 5 });
  });

  it('writes a typed search to the URL once, after the pause, back on the first page', () => {
    renderInApp(
      <MemoryRouter initialEntries={['/list?page=3']}>
        <Harness />
      </MemoryRouter>,
    );
    const box = screen.getByRole('textbox', { name: 'search' });
    fireEvent.change(box, { target: { value: 'Gu' } });
    fireEvent.change(box, { target: { value: 'Guest 42 ' } });
    act(() => vi.advanceTimersByTime(SERVICE_SEARCH_DEBOUNCE_MS - 1));
    expect(url()).toBe('?page=3');
    act(() => vi.advanceTimersByTime(1));
    expect(url()).toBe('?q=Guest+42');
  });

  it('writes a header sort by the server’s key, a page and a page size to the URL', () => {
    renderInApp(
      <MemoryRouter initialEntries={['/list?page=3&q=x']}>
        <Harness />
      </MemoryRouter>,
    );
    act(() => controls.sortBy('name', 'desc'));
    expect(url()).toBe('?q=x&sort=custName&order=desc');
    act(() => controls.goToPage(4));
    expect(url()).toBe('?page=4&q=x&sort=custName&order=desc');
    act(() => controls.setPageSize(20));
    expect(url()).toBe('?size=20&q=x&sort=custName&order=desc');
    // Unsorted: the server's default order again.
    act(() => controls.sortBy(undefined, undefined));
    expect(url()).toBe('?size=20&q=x');
  });

  it('puts a view restored from the URL (Back) back in the search box without asking again', () => {
    renderInApp(
      <MemoryRouter initialEntries={['/list?q=Layla']}>
        <Harness />
      </MemoryRouter>,
    );
    act(() => navigate('/list?q=Omar&page=1'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'search' }).value).toBe('Omar');
    act(() => vi.advanceTimersByTime(SERVICE_SEARCH_DEBOUNCE_MS * 2));
    // The box now says what the view says: the page the URL names stays.
    expect(url()).toBe('?q=Omar&page=1');
  });

  it('counts at least one page, so an empty list reads "page 1 of 1"', () => {
    expect(pageCount(0, { pageSize: 5 })).toBe(1);
    expect(pageCount(1000, { pageSize: 5 })).toBe(200);
    expect(pageCount(1001, { pageSize: 5 })).toBe(201);
  });
});
