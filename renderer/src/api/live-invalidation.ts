import type { QueryClient } from '@tanstack/react-query';
import { subscribeLive } from './live-events';

/**
 * Live events invalidate query keys, once per burst: events arriving together
 * (a guest's request with several lines, a busy minute) mark the keys once, in the next
 * task, so an open screen re-reads once instead of once per event, and without a debounce
 * delay. A resync (events may have been missed) invalidates the same way. Returns the
 * unsubscribe function.
 */
export function invalidateOnLiveEvents(client: QueryClient, queryKey: readonly unknown[]): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const mark = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      void client.invalidateQueries({ queryKey: [...queryKey] });
    }, 0);
  };
  const unsubscribe = subscribeLive(mark, mark);
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}
