import type ExcelJS from 'exceljs';
import { localize } from '../../i18n/localize';
import { templateTexts as t } from './excel.messages';
import { type LookupItem, MAX_ROWS, type SheetSpec } from './sheet-spec';

export const LOOKUP_SHEET = 'Lookups';
export const INSTRUCTIONS_SHEET = 'Instructions';

/**
 * Builds a template: the data sheet (header row = field names, text-formatted so
 * codes like 007 keep their zeros, dropdowns on reference columns), a hidden
 * lookup sheet holding the code lists (a list typed into the rule itself is capped
 * at 255 characters, a range is not) and a bilingual instructions sheet.
 */
export async function buildTemplate(spec: SheetSpec, lookups: Record<string, LookupItem[]>): Promise<Buffer> {
  // Loaded on the first template, not at start (see workbook-reader.ts).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hotel guest service';
  const data = wb.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = spec.columns.map((c) => ({ header: c.key, key: c.key, width: Math.max(16, c.key.length + 4), style: { numFmt: '@' } }));
  data.getRow(1).font = { bold: true };

  const ranges = writeLookupSheet(wb, spec, lookups);
  spec.columns.forEach((column, index) => {
    const range = column.lookup ? ranges[column.lookup] : undefined;
    if (!range) return;
    const letter = data.getColumn(index + 1).letter;
    validations(data).add(`${letter}2:${letter}${MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: !column.required,
      formulae: [range],
      showInputMessage: true,
      promptTitle: column.key,
      prompt: `${t.pickFromList.en} / ${t.pickFromList.ar}`,
      // A comma-separated list of codes is not one list item: no error at all.
      showErrorMessage: !column.multiple,
      errorStyle: column.acceptsMore ? 'warning' : 'stop',
      errorTitle: column.key,
      error: `${t.notInList.en} / ${t.notInList.ar}`,
    });
  });

  writeInstructions(wb, spec);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Writes each list used by the spec as code + name columns; returns each list's code range. */
function writeLookupSheet(wb: ExcelJS.Workbook, spec: SheetSpec, lookups: Record<string, LookupItem[]>): Record<string, string> {
  const names = [...new Set(spec.columns.map((c) => c.lookup).filter((l): l is string => !!l))];
  if (!names.length) return {};
  const sheet = wb.addWorksheet(LOOKUP_SHEET, { state: 'hidden' });
  const ranges: Record<string, string> = {};
  names.forEach((name, i) => {
    const codeCol = sheet.getColumn(i * 2 + 1);
    const nameCol = sheet.getColumn(i * 2 + 2);
    const items = lookups[name] ?? [];
    codeCol.values = [name, ...items.map((item) => item.code)];
    nameCol.values = [`${name} (name)`, ...items.map((item) => item.name)];
    codeCol.numFmt = '@';
    // An empty list still needs a valid range: one empty cell.
    ranges[name] = `${LOOKUP_SHEET}!$${codeCol.letter}$2:$${codeCol.letter}$${Math.max(items.length, 1) + 1}`;
  });
  return ranges;
}

/** exceljs supports range validations (one rule for a whole column) but its typings omit them. */
function validations(sheet: ExcelJS.Worksheet): { add(range: string, rule: ExcelJS.DataValidation): void } {
  return (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
}

function writeInstructions(wb: ExcelJS.Workbook, spec: SheetSpec): void {
  const sheet = wb.addWorksheet(INSTRUCTIONS_SHEET);
  sheet.columns = [{ width: 22 }, { width: 12 }, { width: 60 }, { width: 60 }];
  sheet.addRow([t.instructionsTitle.en, '', '', t.instructionsTitle.ar]).font = { bold: true, size: 14 };
  for (const rule of [t.rule1, t.rule2, t.rule3, t.rule4]) sheet.addRow(['', '', rule.en, rule.ar]);
  sheet.addRow([]);
  const header = sheet.addRow([
    `${t.column.en} / ${t.column.ar}`,
    `${t.required.en} / ${t.required.ar}`,
    t.description.en,
    t.description.ar,
  ]);
  header.font = { bold: true };
  for (const column of spec.columns) {
    const required = column.required ? t.yes : t.no;
    sheet.addRow([column.key, `${required.en} / ${required.ar}`, localize(column.description, 'en'), localize(column.description, 'ar')]);
  }
  sheet.getColumn(4).alignment = { horizontal: 'right', readingOrder: 'rtl', wrapText: true };
  sheet.getColumn(3).alignment = { wrapText: true };
}
