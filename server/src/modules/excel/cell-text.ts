import type { CellValue } from 'exceljs';

/**
 * The text a user sees in a cell, whatever exceljs made of it: numbers typed into
 * a code column, e-mails turned into hyperlinks, rich text, formula results.
 */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('').trim();
    if ('hyperlink' in value && 'text' in value) return cellText(value.text as CellValue);
    if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: CellValue }).result);
    if ('error' in value) return '';
  }
  return '';
}

/** 'H1, H2;H3' → ['H1', 'H2', 'H3'] (Excel users separate lists with commas or semicolons). */
export function splitCodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;،\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
