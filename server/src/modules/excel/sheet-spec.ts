import type { Localized } from '../../i18n/localize';

/** One reference list a template offers as a dropdown (codes of existing rows). */
export interface LookupItem {
  code: string;
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
