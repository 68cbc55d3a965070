import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { AppError } from '../../http/errors';
import { cellText } from './cell-text';
import { excelMessages as m } from './excel.messages';
import { MAX_ROWS, type SheetRow, type SheetSpec } from './sheet-spec';
import { INSTRUCTIONS_SHEET, LOOKUP_SHEET } from './template-builder';
import { checkWorkbookZip } from './zip-guard';

/**
 * exceljs is loaded when a workbook is first read, not at start: its import alone is a third of a
 * CPU-second, paid by every server start (each browser spec's, each PC's) for an import few of them make.
 */
const excel = async () => (await import('exceljs')).default;

export type WorkbookKind = 'xlsx' | 'xls' | 'unknown';

/** What the bytes are, whatever the file is called: .xlsx is a zip, .xls an OLE compound file. */
export function sniffWorkbook(bytes: Uint8Array): WorkbookKind {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls';
  return 'unknown';
}

/**
 * The data rows of the sheet the spec describes, keyed by column. The workbook is
 * streamed (styles, validations and links skipped: about twice as fast as loading
 * it whole, and a sheet past MAX_ROWS stops being read at once). Columns are found
 * by header text (any order, any case); unknown columns are ignored; empty rows
 * are skipped. A file that is not .xlsx is a 415 saying what to do; a sheet without
 * the columns or the rows is a 400. The zip is checked first (zip-guard.ts): a
 * workbook too large once unpacked is a 413.
 */
export async function readSheetRows(bytes: Buffer, spec: SheetSpec): Promise<SheetRow[]> {
  const kind = sniffWorkbook(bytes);
  if (kind === 'xls') throw new AppError(415, m.legacyXls);
  if (kind === 'unknown') throw new AppError(415, m.notWorkbook);
  await checkWorkbookZip(bytes);

  let found: { named?: SheetRow[]; first?: SheetRow[] };
  try {
    found = await streamSheets(bytes, spec);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // exceljs's streaming reader has failed now and then on good workbooks under heavy
    // load (never reproduced alone); its whole-file reader settles it. That one keeps
    // every cell in memory, so only files small enough to afford it get the second try.
    // A file neither can read is unreadable.
    if (bytes.length > WHOLE_FILE_READ_MAX_BYTES) throw new AppError(415, m.unreadable);
    try {
      found = await loadSheets(bytes, spec);
    } catch (retryError) {
      if (retryError instanceof AppError) throw retryError;
      throw new AppError(415, m.unreadable);
    }
  }
  const { named, first } = found;
  const rows = named ?? first;
  if (!rows) throw new AppError(400, m.noSheet);
  if (!rows.length) throw new AppError(400, m.noRows);
  return rows;
}

/** A 2 MB .xlsx holds a few hundred thousand cells: a few hundred MB in exceljs at worst. */
const WHOLE_FILE_READ_MAX_BYTES = 2 * 1024 * 1024;

const HELPER_SHEETS = new Set([normalize(INSTRUCTIONS_SHEET), normalize(LOOKUP_SHEET)]);

/** The sheet named as the spec says, else the first that is not a helper sheet. */
async function pickSheet(
  sheets: AsyncIterable<{ name: string; rows: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row> }>,
  spec: SheetSpec,
): Promise<{ named?: SheetRow[]; first?: SheetRow[] }> {
  let named: SheetRow[] | undefined;
  let first: SheetRow[] | undefined;
  for await (const sheet of sheets) {
    const name = normalize(sheet.name);
    const isNamed = name === normalize(spec.sheetName);
    if (!named && (isNamed || (!first && !HELPER_SHEETS.has(name)))) {
      const rows = await readRows(sheet.rows, spec);
      if (isNamed) named = rows;
      else first = rows;
    } else {
      // Unread sheets must still be drained for a zip stream to move on.
      for await (const _row of sheet.rows) void _row;
    }
  }
  return { named, first };
}

async function streamSheets(bytes: Buffer, spec: SheetSpec) {
  const ExcelJS = await excel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  async function* sheets() {
    for await (const sheet of reader) {
      yield { name: (sheet as unknown as { name?: string }).name ?? '', rows: sheet as unknown as AsyncIterable<ExcelJS.Row> };
    }
  }
  return pickSheet(sheets(), spec);
}

async function loadSheets(bytes: Buffer, spec: SheetSpec) {
  const ExcelJS = await excel();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  async function* sheets() {
    for (const sheet of book.worksheets) {
      const rows: ExcelJS.Row[] = [];
      sheet.eachRow((row) => rows.push(row));
      yield { name: sheet.name, rows };
    }
  }
  return pickSheet(sheets(), spec);
}

async function readRows(sheet: AsyncIterable<ExcelJS.Row> | Iterable<ExcelJS.Row>, spec: SheetSpec): Promise<SheetRow[]> {
  const wanted = new Map(spec.columns.map((c) => [normalize(c.key), c.key]));
  const columnOf = new Map<string, number>();
  const rows: SheetRow[] = [];
  let sawHeader = false;
  for await (const row of sheet) {
    if (!sawHeader) {
      sawHeader = true;
      if (row.number === 1) {
        row.eachCell((cell, col) => {
          const key = wanted.get(normalize(cellText(cell.value)));
          if (key && !columnOf.has(key)) columnOf.set(key, col);
        });
      }
      const missing = spec.columns.filter((c) => c.required && !columnOf.has(c.key)).map((c) => c.key);
      if (missing.length) throw new AppError(400, m.missingColumns, { columns: missing.join(', ') });
      if (row.number === 1) continue;
    }
    const values: Record<string, string> = {};
    let empty = true;
    for (const column of spec.columns) {
      const col = columnOf.get(column.key);
      const text = col ? cellText(row.getCell(col).value) : '';
      values[column.key] = text;
      if (text) empty = false;
    }
    if (empty) continue;
    if (rows.length >= MAX_ROWS) throw new AppError(400, m.tooManyRows, { max: MAX_ROWS });
    rows.push({ row: row.number, values });
  }
  if (!sawHeader) {
    const missing = spec.columns.filter((c) => c.required).map((c) => c.key);
    throw new AppError(400, m.missingColumns, { columns: missing.join(', ') });
  }
  return rows;
}

function normalize(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '');
}
