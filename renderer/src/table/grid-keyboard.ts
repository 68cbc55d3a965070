import type { GridApi, SuppressKeyboardEventParams } from 'ag-grid-community';
import { useCallback, useRef, type FocusEvent, type RefObject } from 'react';

/*
 * ag-grid's keyboard model for the list table: the grid is ONE tab stop (Tab and
 * Shift+Tab leave it, `tabToNextCell`/`tabToNextHeader` answer false), the arrows move
 * between cells and headers inside it, and a cell holding buttons (row actions, links)
 * is entered with Enter, Space or Tab; inside, Tab and Shift+Tab walk its buttons,
 * Escape returns to the cell, and Tab past the last button leaves the grid.
 */

/** The controls a cell may hold (buttons, links, fields). */
export const CELL_CONTROLS = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** What a click or a key inside a row belongs to, not the row: its controls, and a label or menu a control holds. */
const OWN_ACTION = `${CELL_CONTROLS}, label, [role="button"], [role="checkbox"], [role="link"], [role="menuitem"], [role="switch"]`;

/**
 * Whether a click or a key on a cell opens its row: a plain click outside any control in
 * the row (not the end of selecting the cell's text), or Enter on the cell itself (Enter
 * on a cell holding controls steps into them instead, and their own Enter is theirs).
 */
export function opensRow(event: Event | null | undefined): boolean {
  if (!event || event.defaultPrevented) return false;
  const target = event.target as Element | null;
  if (!target || target.closest(OWN_ACTION)) return false;
  if (event.type === 'click') {
    const { button, ctrlKey, metaKey, shiftKey, altKey } = event as MouseEvent;
    if (button !== 0 || ctrlKey || metaKey || shiftKey || altKey) return false;
    const selection = globalThis.getSelection?.();
    return !(selection && selection.type === 'Range' && !selection.isCollapsed);
  }
  if (event.type !== 'keydown') return false;
  const { key, ctrlKey, metaKey, shiftKey, altKey, repeat } = event as KeyboardEvent;
  return key === 'Enter' && !ctrlKey && !metaKey && !shiftKey && !altKey && !repeat && target.classList.contains('ag-cell');
}

/** Tab leaves the grid instead of walking every cell. */
export const leaveGridOnTab = (): false => false;

/** `suppressKeyboardEvent` for every column: true when the key belongs to a control inside the cell. */
export function cellControlKeys({ event }: SuppressKeyboardEventParams): boolean {
  const target = event.target as HTMLElement | null;
  const cell = target?.closest<HTMLElement>('.ag-cell');
  if (!cell) return false;
  const inner = [...cell.querySelectorAll<HTMLElement>(CELL_CONTROLS)];
  if (inner.length === 0) return false;
  const at = inner.indexOf(target!);
  const keydown = event.type === 'keydown';
  const moveTo = (el: HTMLElement) => {
    if (!keydown) return true;
    event.preventDefault();
    el.focus();
    return true;
  };
  const { key, shiftKey } = event;
  if (at === -1) {
    // On the cell itself: Enter, Space or Tab step into its first control.
    if (key === 'Enter' || key === ' ' || (key === 'Tab' && !shiftKey)) return moveTo(inner[0]);
    return false;
  }
  if (key === 'Enter' || key === ' ') return true; // the control's own action (a button's click)
  if (key === 'Escape') return moveTo(cell);
  if (key === 'Tab') {
    const next = at + (shiftKey ? -1 : 1);
    if (next < 0) return moveTo(cell);
    if (next < inner.length) return moveTo(inner[next]);
  }
  return false;
}

/**
 * New rows (a list reloaded after an edit in a dialog) replace the row elements, and the
 * focus inside them falls to the page. If the grid had the focus, it goes back to the
 * grid's focused cell so a keyboard user does not start again from the top.
 */
export function useKeepGridFocus<T>(apiRef: RefObject<GridApi<T> | null>) {
  const inside = useRef(false);
  const onFocus = useCallback(() => void (inside.current = true), []);
  const onBlur = useCallback((e: FocusEvent) => {
    // Focus moving elsewhere (a dialog, the search box) clears it; a removed element blurs to nothing.
    if (e.relatedTarget && !(e.currentTarget as Node).contains(e.relatedTarget as Node) && !(e.relatedTarget as Element).closest?.('[role="dialog"], [role="alertdialog"]')) {
      inside.current = false;
    }
  }, []);
  const restore = useCallback(() => {
    if (!inside.current) return;
    requestAnimationFrame(() => {
      const api = apiRef.current;
      const active = document.activeElement;
      if (!api || api.isDestroyed() || (active && active !== document.body)) return;
      const cell = api.getFocusedCell();
      if (cell && cell.rowIndex < api.getDisplayedRowCount()) api.setFocusedCell(cell.rowIndex, cell.column);
    });
  }, [apiRef]);
  return { onFocus, onBlur, restore };
}
