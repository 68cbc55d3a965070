import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@shared';
import { subscribeLive } from './live-events';

/**
 * Keeps a list screen live: every event reaches `onEvent` (which refetches the rows
 * concerned); when events may have been missed, `onResync` re-reads the list. The
 * toast, chime and badges of a new request are the shell's (LiveAlerts), on every
 * screen, so a list never alerts a second time.
 */
export function useLiveList(onEvent: (event: LiveEvent) => void, onResync: () => void): void {
  const latest = useRef({ onEvent, onResync });
  latest.current = { onEvent, onResync };

  useEffect(
    () =>
      subscribeLive(
        (event) => latest.current.onEvent(event),
        () => latest.current.onResync(),
      ),
    [],
  );
}
