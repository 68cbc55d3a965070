import { useEffect, useRef } from 'react';
import { CELL_CONTROLS as FOCUSABLE } from '../table/grid-keyboard';

interface Opener {
  el: HTMLElement;
  /** Where the opener sat in a list-table cell: the grid redraws cells, so the same button may be a new element. */
  cell?: { root: Element; rowId: string; colId: string; index: number };
}

function openerOf(active: Element | null): Opener | undefined {
  if (!(active instanceof HTMLElement) || active === document.body) return undefined;
  const cell = active.closest<HTMLElement>('.ag-cell');
  const row = cell?.closest('.ag-row');
  const root = cell?.closest('.ag-root-wrapper');
  if (!cell || !row || !root) return { el: active };
  const index = [...cell.querySelectorAll(FOCUSABLE)].indexOf(active);
  return { el: active, cell: { root, rowId: row.getAttribute('row-id') ?? '', colId: cell.getAttribute('col-id') ?? '', index } };
}

function targetOf({ el, cell }: Opener): HTMLElement | null {
  if (el.isConnected) return el;
  if (!cell?.root.isConnected) return null;
  const again = cell.root.querySelector<HTMLElement>(`.ag-row[row-id="${CSS.escape(cell.rowId)}"] .ag-cell[col-id="${CSS.escape(cell.colId)}"]`);
  if (!again) return null;
  return (cell.index >= 0 ? again.querySelectorAll<HTMLElement>(FOCUSABLE)[cell.index] : undefined) ?? again;
}

/**
 * A dialog opened from a row button or a toolbar (not through Fluent's DialogTrigger) gives
 * the focus back to what had it when it opened, so a keyboard user goes on where they were.
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<Opener | undefined>(undefined);
  const wasOpen = useRef(false);
  // Read while rendering the opening: by the time effects run, the dialog has taken the focus.
  if (open && !wasOpen.current) opener.current = openerOf(document.activeElement);
  wasOpen.current = open;
  useEffect(() => {
    if (open || !opener.current) return;
    const from = opener.current;
    opener.current = undefined;
    // Fluent keeps the surface (and the focus in it) through its closing animation: wait until it is gone.
    // Its focus restorer (tabster) may then move the focus to an older "restore target" in its own
    // history, such as the header's user menu, in a race with this frame. Until the user presses a key
    // or the pointer, the focus still belongs where the dialog was opened from.
    let userActed = false;
    const acted = () => void (userActed = true);
    const finish = () => {
      document.removeEventListener('keydown', acted, true);
      document.removeEventListener('pointerdown', acted, true);
    };
    document.addEventListener('keydown', acted, true);
    document.addEventListener('pointerdown', acted, true);
    let frame = 0;
    const deadline = performance.now() + 2000;
    let settleUntil = 0;
    const tryRestore = () => {
      const active = document.activeElement;
      const now = performance.now();
      if (userActed) return finish();
      if (active?.closest('[role="dialog"], [role="alertdialog"]')) {
        if (now < deadline) frame = requestAnimationFrame(tryRestore);
        else finish();
        return;
      }
      const target = targetOf(from);
      if (target && active !== target && !target.contains(active)) target.focus();
      // Watch a few frames more: a restore scheduled by the dialog's own code may land after ours.
      settleUntil ||= now + 250;
      if (now < settleUntil) frame = requestAnimationFrame(tryRestore);
      else finish();
    };
    frame = requestAnimationFrame(tryRestore);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [open]);
}
