import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useEffect, useRef } from 'react';
import type { ServiceListRow } from '@shared';
import { callPage } from '../../api/client';
import { shellEndpoints as endpoints } from '../../api/shell-endpoints';
import { subscribeLive } from '../../api/live-events';

/**
 * How often a line nobody has acknowledged rings again by default ("repeating
 * every 30 s until acknowledged"); each machine may choose another of REPEAT_CHOICES_S.
 */
export const ALERT_REPEAT_MS = 30_000;
/** The intervals one may choose in the header, in seconds. */
export const REPEAT_CHOICES_S = [15, 30, 60, 120, 300] as const;

const storedRepeat = atomWithStorage<number>('hotel.reminderSeconds', ALERT_REPEAT_MS / 1000, undefined, { getOnInit: true });
/** The reminder interval in seconds, kept per machine like the sound switch; anything stored that is not a choice reads as the default. */
export const reminderSecondsAtom = atom(
  (get) => {
    const value = get(storedRepeat);
    return (REPEAT_CHOICES_S as readonly number[]).includes(value) ? value : ALERT_REPEAT_MS / 1000;
  },
  (_get, set, seconds: number) => set(storedRepeat, seconds),
);
/** What waits to be acknowledged: the line waiting longest, and how many wait in all. */
export interface Waiting {
  oldest: ServiceListRow;
  total: number;
}

/**
 * The lines of the user's scope (the server applies it) still waiting to be acknowledged:
 * the server counts them all and sends the one waiting longest, however many there are.
 */
export async function readWaitingLines(): Promise<Waiting | undefined> {
  const { rows, total } = await callPage(endpoints.allServicesRequest, {
    query: { waiting: 'true', page: 0, pageSize: 1, sort: 'createdAt', order: 'asc' },
  });
  return rows.length ? { oldest: rows[0], total: Math.max(total, rows.length) } : undefined;
}

/**
 * Every `repeatMs` (ALERT_REPEAT_MS unless the machine chose another), while lines wait to be acknowledged, calls `ring` with them.
 * The server is asked only when something may be waiting: after sign-in, after any
 * change to a line (a new request, a department taking a Special Request) or a resync;
 * once it answers that nothing waits, the reminders rest until the next such event. A
 * line acknowledged (or given a worker) before the next round does not ring again.
 */
export function useAcknowledgeReminders(
  enabled: boolean,
  ring: (waiting: Waiting) => void,
  repeatMs = ALERT_REPEAT_MS,
  /** Each round's count of lines waiting (0 when none); undefined when the reminders stop. The header's bell shows it. */
  onCount?: (total: number | undefined) => void,
): void {
  const latest = useRef(ring);
  latest.current = ring;
  const counted = useRef(onCount);
  counted.current = onCount;
  useEffect(() => {
    if (!enabled) return;
    let maybeWaiting = true;
    let stopped = false;
    let reading = false;
    const round = async () => {
      if (!maybeWaiting || reading) return;
      reading = true;
      try {
        const waiting = await readWaitingLines();
        if (stopped) return;
        counted.current?.(waiting?.total ?? 0);
        if (waiting) latest.current(waiting);
        else maybeWaiting = false;
      } catch {
        // Offline or refused: the next round asks again.
      } finally {
        reading = false;
      }
    };
    const timer = setInterval(() => void round(), repeatMs);
    const unsubscribe = subscribeLive(
      (event) => {
        if (event.type !== 'review-added' && event.type !== 'line-escalated') maybeWaiting = true;
      },
      () => (maybeWaiting = true),
    );
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      counted.current?.(undefined);
    };
  }, [enabled, repeatMs]);
}
