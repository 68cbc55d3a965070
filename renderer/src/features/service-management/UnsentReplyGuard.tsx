import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { store } from '../../session/session';

/** Line ids whose reply box holds text not sent yet (issue 13: warn before that text is lost). */
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

type Navigator = { push(...args: unknown[]): void; replace(...args: unknown[]): void };

/**
 * Asks before the page is left with a typed, unsent reply: in-app navigation (links, the
 * menu, Back) waits for "Leave and discard" or "Stay", and closing or reloading the window
 * gets the browser's own question. The app uses a BrowserRouter (no data router, so no
 * useBlocker): while a reply is unsent the router's navigator is wrapped, and put back after.
 */
export function UnsentReplyGuard() {
  const { t } = useTranslation();
  const unsent = useAtomValue(unsentRepliesAtom).size > 0;
  const navigator = useContext(UNSAFE_NavigationContext).navigator as unknown as Navigator;
  const [pending, setPending] = useState<() => void>();

  useEffect(() => {
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (and Electron) want returnValue set to show the question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const { push, replace } = navigator;
    navigator.push = (...args) => setPending(() => () => push.apply(navigator, args));
    navigator.replace = (...args) => setPending(() => () => replace.apply(navigator, args));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [unsent, navigator]);

  const leave = () => {
    const go = pending;
    setPending(undefined);
    store.set(unsentRepliesAtom, new Set<number>());
    // `go` calls the router's own push or replace, not the wrapper.
    go?.();
  };

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
