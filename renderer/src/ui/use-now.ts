import { useSyncExternalStore } from 'react';

/** How often the clock of a due time is read again: amber and red follow the time without a reload. */
export const NOW_STEP_MS = 5_000;

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of [...listeners]) l();
    }, NOW_STEP_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time, moving on every NOW_STEP_MS: one timer for every due badge on the
 * screen, running only while one is shown.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
