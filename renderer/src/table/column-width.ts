import { useMemo, useState } from 'react';
import type { TableColumn } from './types';

/*
 * Column widths (readable at 1366 px in English and Arabic). A column never cut (a code, a
 * phone number, a status badge) is sized by ag-grid's own autosize (fitCellContents), which
 * measures its cells as drawn, icons and badges included: `autoSized`. The rest are ruled
 * here from a sample of the rows, as a floor their flex grows from: long text is cut at a
 * cap with its tooltip, yet never before the word that tells two rows apart, and a wrapping
 * column is fitted to the longer of its two lines. ag-grid's autosize cannot do either: it
 * sizes to the whole text, and the width it sets ends the column's flex (`setActualWidth`),
 * while its scale-up to the grid's width keeps to the same caps, so a cut column could never
 * take the room the row has left.
 */
const CHAR_PX = 8.5; // without a canvas to measure with (tests)
export const CELL_PADDING_PX = 32; // the cell's padding (16 px a side); a badge's own comes on top
const HEADER_EXTRA_PX = 22; // the sort arrow
const MIN_COLUMN_PX = 64;
const MAX_CUT_PX = 110; // longer text is cut with its tooltip rather than crowding the rest
const MAX_DISTINGUISH_PX = 170; // the most a cut column grows to keep its values apart (two such columns and Status still fit 1366 px in Arabic)
const SAMPLE_ROWS = 200;
const ACTION_BUTTON_PX = 34; // a row action's 28 px button and the 6 px gap after it

let measurer: CanvasRenderingContext2D | null | undefined;
/** The text's width in the grid's font (14 px, the app's family). */
export function textWidth(text: string): number {
  if (measurer === undefined) {
    try {
      measurer = document.createElement('canvas').getContext('2d');
      if (measurer) measurer.font = `14px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    } catch {
      measurer = null;
    }
  }
  return measurer ? measurer.measureText(text).width : text.length * CHAR_PX;
}

/** How many leading characters two texts share. */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The width that shows every value up to the end of the word where it differs from the
 * others: two hotels "Nakheel Riyadh" and "Nakheel Jeddah" cut to "Nakhe…" read alike.
 */
export function distinguishingWidth(values: readonly string[]): number {
  const distinct = [...new Set(values.filter(Boolean))].sort();
  let widest = 0;
  distinct.forEach((value, i) => {
    const shared = Math.max(sharedStart(value, distinct[i - 1] ?? ''), sharedStart(value, distinct[i + 1] ?? ''));
    const wordEnd = value.indexOf(' ', shared + 1);
    const kept = wordEnd === -1 ? value : `${value.slice(0, wordEnd)}…`;
    widest = Math.max(widest, textWidth(kept));
  });
  return widest;
}

/**
 * The narrowest width that holds the text on two lines broken between words: the longer
 * line of the most even break. A browser filling lines of that width breaks no later.
 */
export function twoLineWidth(text: string): number {
  let best = textWidth(text);
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) {
    best = Math.min(best, Math.max(textWidth(text.slice(0, i)), textWidth(text.slice(i + 1))));
  }
  // Words measured apart may round a pixel narrower than the line drawn.
  return best + 2;
}

/** Sized by ag-grid's autosize to its cells as drawn: never cut, on one line. */
export function autoSized<T>(column: TableColumn<T>): boolean {
  return !!column.fitContent && !column.wrap;
}

/** Headers wrap between words, so only their longest word must fit. */
function headerWidth<T>(column: TableColumn<T>): number {
  return Math.max(...column.header.split(/\s+/).map(textWidth)) + CELL_PADDING_PX + HEADER_EXTRA_PX;
}

/**
 * The column's width from its text: for an autosized column only the floor its header sets
 * (ag-grid measures the cells), for the others the width their flex grows from.
 */
export function fittedWidth<T>(column: TableColumn<T>, rows: readonly T[]): number {
  const header = headerWidth(column);
  if (autoSized(column)) return Math.ceil(Math.max(column.minWidth ?? 0, MIN_COLUMN_PX, header));
  const values = rows.slice(0, SAMPLE_ROWS).map((row) => String(column.value(row) ?? ''));
  const longest = Math.max(0, ...values.map(column.wrap ? twoLineWidth : textWidth));
  const content = longest + CELL_PADDING_PX;
  if (column.fitContent) return Math.ceil(Math.max(column.minWidth ?? 0, MIN_COLUMN_PX, header, content));
  // Long text is cut with its tooltip, but never before the part that tells one row from another.
  const distinguishing = column.keepApart === false ? 0 : Math.min(content, MAX_DISTINGUISH_PX, distinguishingWidth(values) + CELL_PADDING_PX);
  const usual = column.minWidth ?? Math.max(MIN_COLUMN_PX, header, Math.min(MAX_CUT_PX, content));
  return Math.ceil(Math.max(usual, distinguishing));
}

/** The actions column: its buttons side by side, or its header's word, whichever is wider. */
export function actionsWidth(buttons: number, header: string): number {
  return Math.ceil(Math.max(buttons * ACTION_BUTTON_PX - 6 + CELL_PADDING_PX, textWidth(header) + CELL_PADDING_PX));
}

/**
 * The columns' fitted widths, as a stable array while they stay the same. `pinKey` (a
 * server page's view) keeps the widths a page opened with while live events change its
 * rows: new column definitions make the grid rebuild every column and row (hundreds of
 * ms a change). A new view, or a first page after an empty one, fits them again.
 */
export function useColumnWidths<T>(columns: readonly TableColumn<T>[], rows: readonly T[], pinKey?: string): number[] {
  const [pinned, setPinned] = useState<{ key?: string; rows: readonly T[] }>({ key: pinKey, rows });
  // Kept in state, adjusted while rendering (React's pattern for state that follows a prop).
  const repin = pinKey !== undefined && (pinned.key !== pinKey || (!pinned.rows.length && pinned.rows !== rows));
  if (repin) setPinned({ key: pinKey, rows });
  const sample = pinKey === undefined || repin ? rows : pinned.rows;
  // A string key keeps the array (and the grid's definitions) while the widths stay.
  const widthKey = columns.map((c) => fittedWidth(c, sample)).join(',');
  return useMemo(() => widthKey.split(',').map(Number), [widthKey]);
}
