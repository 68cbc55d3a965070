import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/src/http/errors';
import { roomImporter } from '../../../server/src/modules/excel/importers/rooms';
import { buildTemplate } from '../../../server/src/modules/excel/template-builder';
import { readSheetRows, sniffWorkbook } from '../../../server/src/modules/excel/workbook-reader';

const spec = roomImporter.spec;
const lookups = { hotelCode: [{ code: 'H1', name: 'Nile Palace' }], useTypeCode: [], roomTypeCode: [{ code: 'STD', name: 'Standard' }] };

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).text.en };
}

describe('workbook reading', () => {
  it('knows a workbook by its first bytes', () => {
    expect(sniffWorkbook(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(sniffWorkbook(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(sniffWorkbook(Buffer.from('number,hotelCode'))).toBe('unknown');
  });

  it('reads a filled template back, skipping empty rows and keeping sheet row numbers', async () => {
    const template = await buildTemplate(spec, lookups);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Rooms')!;
    sheet.getRow(2).values = [101, 'H1', 'GUEST', 'STD'];
    sheet.getRow(4).values = ['007', 'H1', 'GUEST', 'STD'];
    const rows = await readSheetRows(Buffer.from(await wb.xlsx.writeBuffer()), spec);
    expect(rows).toEqual([
      { row: 2, values: { number: '101', hotelCode: 'H1', useTypeCode: 'GUEST', roomTypeCode: 'STD', floor: '', zone: '' } },
      { row: 4, values: { number: '007', hotelCode: 'H1', useTypeCode: 'GUEST', roomTypeCode: 'STD', floor: '', zone: '' } },
    ]);
    // Loading a template whole expands its 20,000-row dropdown ranges cell by cell: slow on a busy machine.
  }, 30_000);

  it('finds columns by header in any order and case, ignoring extra columns', async () => {
    const bytes = await workbook((wb) => {
      const s = wb.addWorksheet('Sheet1');
      s.addRow(['RoomTypeCode', 'notes', 'HOTELCODE', 'number', 'useTypeCode']);
      s.addRow(['STD', 'sea side', 'H1', { richText: [{ text: '1' }, { text: '01' }] }, 'GUEST']);
    });
    expect(await readSheetRows(bytes, spec)).toEqual([
      { row: 2, values: { number: '101', hotelCode: 'H1', useTypeCode: 'GUEST', roomTypeCode: 'STD', floor: '', zone: '' } },
    ]);
  });

  it('refuses files that are not .xlsx with a 415 that says what to do', async () => {
    expect(await refusal(readSheetRows(Buffer.from('a,b\n1,2'), spec))).toMatchObject({ status: 415 });
    const xls = Buffer.alloc(512);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await refusal(readSheetRows(xls, spec))).message).toContain('save it as .xlsx');
    expect(await refusal(readSheetRows(Buffer.from('PK\u0003\u0004garbage'), spec))).toMatchObject({ status: 415 });
  });

  it('answers 400 for missing columns and for a sheet without data rows', async () => {
    const noColumns = await workbook((wb) => wb.addWorksheet('Rooms').addRow(['number', 'hotelCode']));
    expect(await refusal(readSheetRows(noColumns, spec))).toEqual({
      status: 400,
      message: 'The sheet is missing the column(s) {columns}: download the template again',
    });
    const empty = await buildTemplate(spec, lookups);
    expect(await refusal(readSheetRows(empty, spec))).toEqual({ status: 400, message: 'The sheet has no data rows to import' });
  }, 30_000);
});
