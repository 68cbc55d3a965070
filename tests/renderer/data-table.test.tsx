import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { DataTable, type TableColumn } from '../../renderer/src/table/DataTable';
import { renderInApp } from './render-app';

interface Row {
  id: number;
  code: string;
  name: string;
  country: string;
}

const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  code: `C${String(i + 1).padStart(2, '0')}`,
  name: `Company ${String.fromCharCode(65 + i)}`,
  country: i === 7 ? 'Egypt' : 'Saudi Arabia',
}));
const columns: TableColumn<Row>[] = [
  { id: 'code', header: 'Code', value: (r) => r.code },
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'country', header: 'Country', value: (r) => r.country },
];

function cellTexts(colId: string): string[] {
  return [...document.querySelectorAll(`.ag-row .ag-cell[col-id="${colId}"]`)]
    .sort((a, b) => Number(a.closest('[row-index]')!.getAttribute('row-index')) - Number(b.closest('[row-index]')!.getAttribute('row-index')))
    .map((c) => c.textContent ?? '');
}

/** The codes shown once the grid has drawn the page (ag-grid draws rows and their cells over a few frames). */
async function shownCodes() {
  await waitFor(() => {
    expect(document.querySelectorAll('.ag-row').length).toBeGreaterThan(0);
    const codes = cellTexts('code');
    expect(codes.length).toBe(document.querySelectorAll('.ag-row').length);
    expect(codes.every(Boolean)).toBe(true);
  });
  return cellTexts('code');
}

afterEach(cleanup);

describe('the shared table', { timeout: 20_000 }, () => {
  it('shows 5 rows by default with page 1 of 3 and numbers rows by their position on the page', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    expect(await shownCodes()).toEqual(['C01', 'C02', 'C03', 'C04', 'C05']);
    // The pager's text follows the grid's pagination event, a frame after the rows.
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 3'));
    await waitFor(() => expect(cellTexts('rowNumber')).toEqual(['1', '2', '3', '4', '5']));

    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 2 of 3'));
    expect(await shownCodes()).toEqual(['C06', 'C07', 'C08', 'C09', 'C10']);
    // Position on the page, not in the list.
    expect(cellTexts('rowNumber')).toEqual(['1', '2', '3', '4', '5']);

    await userEvent.click(screen.getByRole('button', { name: /previous/i }));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 3'));
  });

  it('points the pager arrows along the reading direction: Previous right and Next left in Arabic', async () => {
    const shapeOf = (icon: ReactElement) => {
      const { container, unmount } = render(icon);
      const d = container.querySelector('path')!.getAttribute('d');
      unmount();
      return d;
    };
    const [left, right] = [shapeOf(<ChevronLeftRegular />), shapeOf(<ChevronRightRegular />)];
    const arrowOf = (name: RegExp) => screen.getByRole('button', { name }).querySelector('path')!.getAttribute('d');

    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />, 'ar');
    await shownCodes();
    expect(arrowOf(/السابق/)).toBe(right);
    expect(arrowOf(/التالي/)).toBe(left);
    cleanup();

    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await shownCodes();
    expect(arrowOf(/previous/i)).toBe(left);
    expect(arrowOf(/next/i)).toBe(right);
  });

  it('offers 5, 10, 20 and 50 entries and shows that many rows', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Entries shown' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '20', '50']);
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 2'));
    expect((await shownCodes()).length).toBe(10);
  });

  it('searches over every column', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await shownCodes();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: 'egypt' } });
    await waitFor(() => expect(cellTexts('code')).toEqual(['C08']));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: 'C11' } });
    await waitFor(() => expect(cellTexts('code')).toEqual(['C11']));
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 1'));
  });

  it('sorts ascending then descending when a header is clicked', async () => {
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await shownCodes();
    const header = () => document.querySelector('.ag-header-cell[col-id="name"] .ag-header-cell-label') as HTMLElement;
    await act(async () => header().click());
    await waitFor(() => expect(cellTexts('name')[0]).toBe('Company A'));
    await act(async () => header().click());
    await waitFor(() => expect(cellTexts('name')[0]).toBe('Company L'));
    expect(cellTexts('rowNumber')[0]).toBe('1');
    await act(async () => header().click());
    // Two states only: a third click goes back to ascending.
    await waitFor(() => expect(cellTexts('name')[0]).toBe('Company A'));
  });

  it("says 'No data to be shown' when there is nothing, and when a search matches nothing", async () => {
    renderInApp(<DataTable rows={[]} columns={columns} rowName={(r: Row) => r.name} />);
    await waitFor(() => expect(screen.getByText('No data to be shown')).toBeTruthy());
    // Inside the grid's box, where the rows would be, not under an empty box.
    expect(screen.getByText('No data to be shown').closest('.ag-root-wrapper')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No data to be shown');
    await waitFor(() => expect(screen.getByTestId('page-info').textContent).toBe('page 1 of 1'));
    cleanup();
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} />);
    await shownCodes();
    expect(screen.queryByText('No data to be shown')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search...' }), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByText('No data to be shown')).toBeTruthy());
  });

  it('calls edit and delete with the row', async () => {
    const edited: Row[] = [];
    const removed: Row[] = [];
    renderInApp(<DataTable rows={rows} columns={columns} rowName={(r) => r.name} onEdit={(r) => edited.push(r)} onDelete={(r) => removed.push(r)} />);
    await shownCodes();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Company B' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Company C' }));
    expect(edited.map((r) => r.id)).toEqual([2]);
    expect(removed.map((r) => r.id)).toEqual([3]);
    expect(within(screen.getByTestId('data-table')).getAllByRole('button', { name: /^Edit / }).length).toBe(5);
  });
});
