import type { Localized } from '../../i18n/localize';

/** One entry of a reference list a template offers as a dropdown (codes, or names, of existing rows). */
export interface LookupItem {
  /** What the dropdown offers and the import accepts. */
  code: string;
  /** Written beside it on the lookup sheet (the name of a code, the code of a name). */
  name: string;
}

export interface SheetColumn {
  /** The header text, which is also the field name users see in the contract. */
  key: string;
  required: boolean;
  description: Localized;
  /** The lookup list whose codes this column takes. */
  lookup?: string;
  /** Several codes separated by commas: the dropdown helps but cannot forbid other text. */
  multiple?: boolean;
  /** The import accepts more than the dropdown offers (a code or the other language's name): Excel warns, it does not refuse. */
  acceptsMore?: boolean;
}

export interface SheetSpec {
  /** The download's file name without extension (SPEC §7: RoomTemplate, …). */
  fileName: string;
  /** The data sheet's name. */
  sheetName: string;
  columns: SheetColumn[];
}

/** A data row as read from the sheet: its number as the user sees it, and its texts by column key. */
export interface SheetRow {
  row: number;
  values: Record<string, string>;
}

/** How many rows a template's dropdowns cover and an upload may hold. */
export const MAX_ROWS = 20_000;
