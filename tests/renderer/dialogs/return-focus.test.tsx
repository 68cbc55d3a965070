import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeleteDialog } from '../../../renderer/src/ui/DeleteDialog';
import { renderInApp } from '../render-app';
import { fakeTime, letTimePass } from '../support/fake-time';

// happy-dom rejects cancelled Web Animations, which Fluent's dialog cancels on close; without animate() Fluent skips motion.
beforeEach(() => {
  // The focus restorers' timers and frames run on the test's clock.
  fakeTime();
  Object.defineProperty(HTMLElement.prototype, 'animate', { value: undefined, configurable: true });
  // A busy browser: the next frame comes after a 0 ms timer has run (which is when Fluent restores focus).
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => cb(performance.now()), 20));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/**
 * A header menu (a Fluent "restore focus" target, like the user menu) and a list-table row whose
 * Edit button opens a dialog. While the dialog is open the list re-reads (a live event) and the grid
 * draws the row again: the button that opened the dialog is a new element by the time it closes.
 */
function Screen() {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(0);
  const menu = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // What Fluent's focus restorer (tabster) does in Chromium, which it does not under happy-dom: when the
    // dialog's surface goes and the focus falls to the page, a 0 ms timer later it focuses the latest
    // "restore target" in its history: the header's menu button.
    const restore = () => (document.querySelector('[role="alertdialog"]') ? setTimeout(restore, 0) : setTimeout(() => document.activeElement === document.body && menu.current?.focus(), 0));
    setTimeout(restore, 0);
  };
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button ref={menu}>System Administrator</Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem>Sign out</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <div className="ag-root-wrapper">
        <div className="ag-row" row-id="7">
          <div className="ag-cell" col-id="actions">
            <button key={drawn} type="button" onClick={() => setOpen(true)}>
              Delete Nakheel
            </button>
          </div>
        </div>
      </div>
      <button type="button" onClick={() => setDrawn((n) => n + 1)}>
        redraw
      </button>
      <DeleteDialog open={open} title="Remove company" name="Nakheel" onCancel={close} onConfirm={async () => close()} />
    </>
  );
}

it('Escape in a dialog gives the focus back to the row button that opened it, not to a menu focused earlier', async () => {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  renderInApp(<Screen />);
  // The header menu held the focus once, so Fluent's focus restorer remembers it.
  const menu = screen.getByRole('button', { name: 'System Administrator' });
  act(() => menu.focus());
  expect(document.activeElement).toBe(menu);
  const opener = screen.getByRole('button', { name: 'Delete Nakheel' });
  act(() => opener.focus());
  expect(document.activeElement).toBe(opener);

  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('alertdialog');
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  act(() => screen.getByRole('button', { name: 'redraw', hidden: true }).click());
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  // Every restore (the restorer's and ours, each watching a few frames) runs out well within 2 s.
  await letTimePass(2_000);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Nakheel' }));
});
