import { useEffect, useRef } from 'react';
import type { ServiceListRow } from '@shared';
import { callPage } from '../../api/client';
import { shellEndpoints as endpoints } from '../../api/shell-endpoints';
import { subscribeLive } from './live-events';

/**
 * How often a line nobody has acknowledged rings again (issue 14.3: "repeating every
 * 30 s until acknowledged").
 */
export const ALERT_REPEAT_MS = 30_000;
/** The newest open lines looked at: a line waiting to be acknowledged is among the newest. */
const LOOK_AT = 100;

/** The lines of the user's scope (the server applies it) still waiting to be acknowledged, newest first. */
export async function readWaitingLines(): Promise<ServiceListRow[]> {
  const { rows } = await callPage(endpoints.allServicesRequest, {
    query: { status: 'Open', page: 0, pageSize: LOOK_AT, sort: 'createdAt', order: 'desc' },
  });
  return rows.filter((row) => row.acknowledgedAt === null);
}

/**
 * Every ALERT_REPEAT_MS, while lines wait to be acknowledged, calls `ring` with them.
 * The server is asked only when something may be waiting: after sign-in, after any
 * change to a line (a new request, a department taking a Special Request) or a resync;
 * once it answers that nothing waits, the reminders rest until the next such event. A
 * line acknowledged (or given a worker) before the next round does not ring again.
 */
export function useAcknowledgeReminders(enabled: boolean, ring: (waiting: ServiceListRow[]) => void): void {
  const latest = useRef(ring);
  latest.current = ring;
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
        if (waiting.length) latest.current(waiting);
        else maybeWaiting = false;
      } catch {
        // Offline or refused: the next round asks again.
      } finally {
        reading = false;
      }
    };
    const timer = setInterval(() => void round(), ALERT_REPEAT_MS);
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
    };
  }, [enabled]);
}
