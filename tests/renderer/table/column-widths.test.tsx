import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fittedWidth, useColumnWidths } from '../../../renderer/src/table/column-width';
import type { TableColumn } from '../../../renderer/src/table/types';

interface Row {
  name: string;
}
// A cut column (ruled here; a column never cut is ag-grid's to measure).
const columns: TableColumn<Row>[] = [{ id: 'name', header: 'Name', value: (r) => r.name }];
const short = [{ name: 'Ali' }];
const long = [{ name: 'Abdulrahman Al-Qahtani' }];

describe('the fitted widths of a list', () => {
  it('a local list fits them again to new rows, and keeps the same array while they stay', () => {
    const { result, rerender } = renderHook(({ rows }) => useColumnWidths(columns, rows), { initialProps: { rows: short } });
    const first = result.current;
    expect(first).toEqual([fittedWidth(columns[0], short)]);
    rerender({ rows: [...short] });
    expect(result.current).toBe(first);
    rerender({ rows: long });
    expect(result.current).toEqual([fittedWidth(columns[0], long)]);
    expect(result.current).not.toEqual(first);
  });

  it('a server page keeps the widths it opened with while live rows change it, and fits them again for a new view', () => {
    const { result, rerender } = renderHook(({ rows, view }) => useColumnWidths(columns, rows, view), { initialProps: { rows: short, view: 'page 0' } });
    const opened = result.current;
    rerender({ rows: long, view: 'page 0' });
    expect(result.current).toBe(opened);
    rerender({ rows: long, view: 'page 1' });
    expect(result.current).toEqual([fittedWidth(columns[0], long)]);
  });

  it('a server page read after an empty one (the first read) is fitted to its rows', () => {
    const { result, rerender } = renderHook(({ rows, view }) => useColumnWidths(columns, rows, view), { initialProps: { rows: [] as Row[], view: 'page 0' } });
    rerender({ rows: long, view: 'page 0' });
    expect(result.current).toEqual([fittedWidth(columns[0], long)]);
    rerender({ rows: short, view: 'page 0' });
    expect(result.current).toEqual([fittedWidth(columns[0], long)]);
  });
});
