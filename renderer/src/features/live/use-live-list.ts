import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@shared';
import { showToast } from '../../feedback/toast';
import { subscribeLive } from './live-events';
import { liveSoundAtom, playChime } from './sound';

/**
 * Keeps a list screen live: every event reaches `onEvent` (which refetches the rows
 * concerned); a new request also shows a toast with its code and, unless turned
 * off, plays a chime. When events may have been missed, `onResync` re-reads the list.
 */
export function useLiveList(onEvent: (event: LiveEvent) => void, onResync: () => void): void {
  const { t } = useTranslation();
  const sound = useAtomValue(liveSoundAtom);
  const latest = useRef({ onEvent, onResync, sound, t });
  latest.current = { onEvent, onResync, sound, t };

  useEffect(
    () =>
      subscribeLive((event) => {
        const { onEvent, sound, t } = latest.current;
        onEvent(event);
        if (event.type === 'request-created') {
          showToast(t('p2.live.newRequest', { code: event.requestCode }), 'info');
          if (sound) playChime();
        }
      }, () => latest.current.onResync()),
    [],
  );
}
