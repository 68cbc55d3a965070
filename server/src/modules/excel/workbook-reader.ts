import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors';
import { cellText } from './cell-text';
import { excelMessages as m } from './excel.messages';
import { MAX_ROWS, type SheetRow, type SheetSpec } from './sheet-spec';
import { INSTRUCTIONS_SHEET, LOOKUP_SHEET } from './template-builder';

export type WorkbookKind = 'xlsx' | 'xls' | 'unknown';

/** What the bytes are, whatever the file is called: .xlsx is a zip, .xls an OLE compound file. */
export function sniffWorkbook(bytes: Uint8Array): WorkbookKind {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  return 'unknown';
}

/** Loads an uploaded workbook, refusing anything exceljs cannot read with a 415 that says what to do. */
export async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const kind = sniffWorkbook(bytes);
  if (kind === 'xls') throw new AppError(415, m.legacyXls);
  if (kind === 'unknown') throw new AppError(415, m.notWorkbook);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError(415, m.unreadable);
  }
  return wb;
}

/**
 * The data rows of the sheet the spec describes, keyed by column. Columns are found
 * by their header text (any order, any case); unknown columns are ignored; empty
 * rows are skipped. Structural problems (no sheet, missing columns) are 400s.
 */
export function readRows(wb: ExcelJS.Workbook, spec: SheetSpec): SheetRow[] {
  const sheet = dataSheet(wb, spec);
  if (!sheet) throw new AppError(400, m.noSheet);

  const columnOf = new Map<string, number>();
  const wanted = new Map(spec.columns.map((c) => [normalize(c.key), c.key]));
  sheet.getRow(1).eachCell((cell, col) => {
    const key = wanted.get(normalize(cellText(cell.value)));
    if (key && !columnOf.has(key)) columnOf.set(key, col);
  });
  const missing = spec.columns.filter((c) => c.required && !columnOf.has(c.key)).map((c) => c.key);
  if (missing.length) throw new AppError(400, m.missingColumns, { columns: missing.join(', ') });

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    let empty = true;
    for (const column of spec.columns) {
      const col = columnOf.get(column.key);
      const text = col ? cellText(row.getCell(col).value) : '';
      values[column.key] = text;
      if (text) empty = false;
    }
    if (empty) return;
    if (rows.length >= MAX_ROWS) throw new AppError(400, m.tooManyRows, { max: MAX_ROWS });
    rows.push({ row: number, values });
  });
  if (!rows.length) throw new AppError(400, m.noRows);
  return rows;
}

function dataSheet(wb: ExcelJS.Workbook, spec: SheetSpec): ExcelJS.Worksheet | undefined {
  const named = wb.worksheets.find((s) => normalize(s.name) === normalize(spec.sheetName));
  if (named) return named;
  const helper = new Set([normalize(INSTRUCTIONS_SHEET), normalize(LOOKUP_SHEET)]);
  return wb.worksheets.find((s) => s.state === 'visible' && !helper.has(normalize(s.name)));
}

function normalize(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '');
}
