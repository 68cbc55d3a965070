import type { SheetData } from '../table/export-columns';

/**
 * Date cells carry a number format in the reader's convention, so Excel can sort and filter
 * them as dates: 23 Nov 2026 14:05 in English, 23/11/2026 14:05 in Arabic (day first).
 */
export function dateFormat(rtl: boolean, withTime: boolean): string {
  const day = rtl ? 'dd/mm/yyyy' : 'dd mmm yyyy';
  return withTime ? `${day} hh:mm` : day;
}

/** Excel caps sheet names at 31 characters and forbids a few symbols. */
function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';
}

/**
 * Builds an .xlsx of a list as shown. exceljs is imported on demand: it is large, and
 * only someone who exports should pay for it (it stays out of the first view's bundle).
 */
export async function buildXlsx(name: string, data: SheetData, rtl: boolean): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName(name), { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }] });
  sheet.addRow(data.headers).font = { bold: true };
  for (const row of data.rows) sheet.addRow(row);
  sheet.columns.forEach((column, i) => {
    const dates = data.rows.map((r) => r[i]).filter((v): v is Date => v instanceof Date);
    if (dates.length) column.numFmt = dateFormat(rtl, !dates.every((d) => d.getTime() % 86_400_000 === 0));
    const longest = Math.max(data.headers[i]?.length ?? 0, ...data.rows.slice(0, 500).map((r) => String(r[i] ?? '').length));
    column.width = Math.min(60, Math.max(10, longest + 2));
    // A phone number has no letter to give it a direction: in an Arabic sheet Excel would draw '+966 5…' as '…5 966+'.
    if (rtl && data.ltrColumns?.includes(i)) column.alignment = { readingOrder: 'ltr', horizontal: 'right' };
  });
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A file name from the screen title and today's date where the user is (as the rows show dates), safe on every file system. */
export function exportFileName(title: string, now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  return `${title.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'export'} ${day}.xlsx`;
}
