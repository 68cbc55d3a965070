import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { setPopBlocker } from '../../app/navigation';
import { store } from '../../session/session';

/** Line ids whose reply box holds text not sent yet (warn before that text is lost). */
export const unsentRepliesAtom = atom<ReadonlySet<number>>(new Set<number>());

/** Marks the line's reply as unsent while `dirty`; forgets it when the card goes away. */
export function useUnsentReply(lineId: number, dirty: boolean): void {
  const set = useSetAtom(unsentRepliesAtom);
  useEffect(() => {
    const update = (on: boolean) =>
      set((current) => {
        if (current.has(lineId) === on) return current;
        const next = new Set(current);
        if (on) next.add(lineId);
        else next.delete(lineId);
        return next;
      });
    update(dirty);
    return () => update(false);
  }, [set, lineId, dirty]);
}

type Navigator = { push(...args: unknown[]): void; replace(...args: unknown[]): void; go(delta: number): void };

/** The history entry's position, which the router keeps in history.state. */
const entryIndex = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

/**
 * Asks before the page is left with a typed, unsent reply: in-app navigation (links, the
 * menu, the page's Back) and the browser's or mouse's Back and Forward wait for "Leave and
 * discard" or "Stay", and closing or reloading the window gets the browser's own question.
 * The app uses a BrowserRouter (no data router, so no useBlocker): while a reply is unsent
 * the router's navigator is wrapped, and a history step the browser already took is kept
 * from the router and stepped back until the user chooses.
 */
export function UnsentReplyGuard() {
  const { t } = useTranslation();
  const unsent = useAtomValue(unsentRepliesAtom).size > 0;
  const navigator = useContext(UNSAFE_NavigationContext).navigator as unknown as Navigator;
  const [pending, setPending] = useState<() => void>();
  /** Set once the user chose to leave: the history step that follows goes to the router. */
  const leaving = useRef(false);

  useEffect(() => {
    if (!unsent) return;
    leaving.current = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (and Electron) want returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const { push, replace, go } = navigator;
    navigator.push = (...args) => setPending(() => () => push.apply(navigator, args));
    navigator.replace = (...args) => setPending(() => () => replace.apply(navigator, args));
    navigator.go = (delta) => setPending(() => () => go.call(navigator, delta));

    // Back/Forward of the browser (or the mouse, or Alt+Left): the URL has already changed
    // when popstate comes. Seen before the router's own listener, the event is kept from
    // it, and the browser steps back to this page; "Leave and discard" takes the step again.
    const here = entryIndex(window.history.state);
    let restoring = false;
    setPopBlocker((event) => {
      if (leaving.current) return false;
      if (restoring) {
        // The browser's step back to this page: the router never saw it leave.
        restoring = false;
        return true;
      }
      const to = entryIndex(event.state);
      const delta = here !== undefined && to !== undefined && to !== here ? to - here : -1;
      restoring = true;
      window.history.go(-delta);
      setPending(() => () => window.history.go(delta));
      return true;
    });
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setPopBlocker(undefined);
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
    };
  }, [unsent, navigator]);

  const leave = () => {
    const go = pending;
    setPending(undefined);
    leaving.current = true;
    store.set(unsentRepliesAtom, new Set<number>());
    // `go` calls the router's own push, replace or go (or the browser's), not the wrapper.
    go?.();
  };

  // Mounted only while asking: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!pending) return null;
  return (
    <Dialog open={!!pending} modalType="alert" onOpenChange={(_, d) => !d.open && setPending(undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('thread.leaveTitle')}</DialogTitle>
          <DialogContent>{t('thread.leaveBody')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => setPending(undefined)}>
              {t('thread.stay')}
            </Button>
            <Button onClick={leave}>{t('thread.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
