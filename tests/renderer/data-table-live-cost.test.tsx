import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgGridReactProps } from 'ag-grid-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type ServerView, type TableColumn } from '../../renderer/src/table/DataTable';
import { renderInApp, withQueryCache } from './render-app';

/** Every columnDefs the shared table hands the grid: a new array makes ag-grid rebuild every column and row. */
const given = vi.hoisted(() => [] as unknown[]);
vi.mock('ag-grid-react', async (actual) => {
  const mod = await actual<typeof import('ag-grid-react')>();
  const Spy = (props: AgGridReactProps) => {
    if (given.at(-1) !== props.columnDefs) given.push(props.columnDefs);
    return <mod.AgGridReact {...props} />;
  };
  return { ...mod, AgGridReact: Spy };
});

interface Row {
  id: string;
  code: string;
  name: string;
}
const columns: TableColumn<Row>[] = [
  { id: 'code', header: 'Code', value: (r) => r.code, fitContent: true },
  { id: 'custName', header: 'Name', value: (r) => r.name },
];
const rows: Row[] = ['Q', 'B', 'Z', 'A'].map((n, i) => ({ id: `r${i}`, code: `C-${11 + i}`, name: `Guest ${n}` }));

afterEach(cleanup);

describe('a live server page stays cheap to update', { timeout: 20_000 }, () => {
  it('a new row with longer text and new handler functions keep the grid\'s column definitions; the button calls the latest handler', async () => {
    const view: ServerView = { page: 0, pageSize: 5, search: '' };
    const edited: string[] = [];
    // A screen passes new arrow functions on every render.
    const table = (shown: Row[]) => (
      <DataTable rows={shown} columns={columns} rowName={(r) => r.code} onEdit={(r) => edited.push(r.code)} rowId={(r) => r.id} server={{ view, total: shown.length, onView: () => undefined }} />
    );
    const { rerender } = renderInApp(table(rows));
    await waitFor(() => expect(document.querySelectorAll('.ag-row')).toHaveLength(4));
    const before = given.length;
    // A live row with a far longer code lands at the top of the same view.
    const live = { id: 'r9', code: 'C-99999999999999999999', name: 'Guest with a very long name that would widen the column' };
    rerender(<FluentProvider theme={webLightTheme}>{withQueryCache(table([live, ...rows.slice(0, 3)]))}</FluentProvider>);
    await waitFor(() => expect(document.querySelector('.ag-row[row-index="0"]')?.textContent).toContain(live.code));
    expect(given.length).toBe(before);
    await userEvent.click(screen.getByRole('button', { name: `Edit ${live.code}` }));
    expect(edited).toEqual([live.code]);

    // Another view (the next page) fits its columns to its own rows.
    rerender(
      <FluentProvider theme={webLightTheme}>
        {withQueryCache(<DataTable rows={[live]} columns={columns} rowName={(r) => r.code} rowId={(r) => r.id} onEdit={() => undefined} server={{ view: { ...view, page: 1 }, total: 6, onView: () => undefined }} />)}
      </FluentProvider>,
    );
    await waitFor(() => expect(given.length).toBeGreaterThan(before));
  });
});
