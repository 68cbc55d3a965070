import { describe, expect, it } from 'vitest';
import { collectShownRows } from '../../../renderer/src/table/shown-rows';
import type { TableColumn } from '../../../renderer/src/table/types';

interface Row {
  room: string;
  guest: string;
}
const columns: TableColumn<Row>[] = [
  { id: 'room', header: 'Room', value: (r) => r.room, exportValue: (r) => Number(r.room) },
  { id: 'guest', header: 'Guest', value: (r) => r.guest },
];

describe('what a list’s export saves', () => {
  it('a server list: every row of the view the server gives, and how many matched beyond the cap', async () => {
    const data = await collectShownRows(columns, null, async () => ({ rows: [{ room: '101', guest: 'Layla' }], total: 7 }));
    expect(data).toEqual({ headers: ['Room', 'Guest'], ltrColumns: [], rows: [[101, 'Layla']], matching: 7 });
  });

  it('a local list without a grid yet: nothing', async () => {
    expect(await collectShownRows(columns, null, undefined)).toEqual({ headers: ['Room', 'Guest'], ltrColumns: [], rows: [], matching: 0 });
  });
});
