import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from '../../../renderer/src/ui/export-xlsx';
import type { TableColumn } from '../../../renderer/src/table/DataTable';
import { exportSheet, numberOrText } from '../../../renderer/src/table/export-columns';

interface Row {
  code: string;
  roomNumber: string;
  roomVerified?: boolean;
}

/** The Guests Requests list's columns as the screen declares them for the export. */
const columns: TableColumn<Row>[] = [
  { id: 'code', header: 'Code', value: (r) => r.code },
  {
    id: 'roomNumber',
    header: 'Room',
    value: (r) => (r.roomVerified === false ? `${r.roomNumber} · Unverified room` : r.roomNumber),
    exportValue: (r) => numberOrText(r.roomNumber),
    exportAlso: { header: 'Room check', value: (r) => (r.roomVerified === false ? 'Unverified room' : r.roomVerified ? 'Verified' : '') },
  },
  { id: 'history', header: 'History', value: () => '', exportValue: false },
];

async function read(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book.worksheets[0];
}

describe("the export's room number", () => {
  it('is a number cell, with the verification in its own column', async () => {
    const sheet = exportSheet(columns, [
      { code: 'R-1', roomNumber: '101', roomVerified: false },
      { code: 'R-2', roomNumber: '102', roomVerified: true },
    ]);
    expect(sheet.headers).toEqual(['Code', 'Room', 'Room check']);
    expect(sheet.rows).toEqual([
      ['R-1', 101, 'Unverified room'],
      ['R-2', 102, 'Verified'],
    ]);
    const cells = await read(await buildXlsx('Requests', sheet, false));
    expect(cells.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(cells.getCell('B2').value).toBe(101);
    expect(cells.getCell('C2').value).toBe('Unverified room');
  });

  it('stays text when it is not plain digits (a leading zero or letters would be lost or refused)', () => {
    expect(numberOrText('A-12')).toBe('A-12');
    expect(numberOrText('0101')).toBe('0101');
    expect(numberOrText(' 7 ')).toBe(7);
    expect(numberOrText('')).toBe('');
  });
});
