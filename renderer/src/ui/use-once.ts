import { useCallback, useRef, useState } from 'react';

/**
 * Runs one action at a time: a second click while the first call is in flight is
 * ignored (a ref, not state, so even two clicks in the same frame send once).
 */
export function useOnce(): [busy: boolean, run: (action: () => Promise<void>) => Promise<void>] {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
