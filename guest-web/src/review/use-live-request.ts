import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestDetail } from '@shared';
import { GUEST_LIVE_EVENT_TYPES, StreamSignal } from '@shared/live-events';
import { ApiError, api } from '../api';

/** Every event of the guest's stream means "read the request again"; `message` is an unnamed event. */
const EVENT_NAMES: readonly string[] = ['message', ...GUEST_LIVE_EVENT_TYPES, StreamSignal.resync];
/** How often to ask while the event stream is down (a dropped Wi-Fi, a proxy that cuts streams). */
export const POLL_MS = 5000;
/** After a failed read: try again after 1 s, 2 s, 4 s … up to 30 s, whether or not the stream is open. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

interface LiveRequest {
  request: RequestDetail | null;
  error: unknown;
  reload: () => Promise<void>;
}

/**
 * The request, kept current: the guest event stream says when staff acted, and while
 * the stream is not open the page polls instead. A read that fails is retried with
 * back-off (an event may have said something changed that the page has not shown yet),
 * and the page reads again when the phone comes back online or to the foreground.
 */
export function useLiveRequest(id: string, language: string): LiveRequest {
  const [request, setRequest] = useState<RequestDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const gone = useRef(false);
  /** Completed or rejected: nothing more will happen to it, so a refused stream is not asked for again. */
  const finished = useRef(false);
  const failures = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    clearTimeout(retry.current);
    try {
      const detail = await api.requestDetails(id);
      // An older answer arriving late must not overwrite a newer one.
      if (ticket !== latest.current) return;
      setRequest(detail);
      finished.current = detail.statusName === 'Completed' || detail.statusName === 'Rejected';
      setError(null);
      gone.current = false;
      failures.current = 0;
    } catch (e) {
      if (ticket !== latest.current) return;
      setError(e);
      gone.current = e instanceof ApiError && (e.kind === 'notFound' || e.kind === 'client');
      // An unknown id will not appear by asking again; the page offers its own retry.
      if (!gone.current) retry.current = setTimeout(() => void reload(), retryDelay(++failures.current));
    }
  }, [id]);

  useEffect(() => {
    void reload();
    return () => clearTimeout(retry.current);
  }, [reload, language]);

  useEffect(() => {
    const onOnline = () => void reload();
    const onVisible = () => document.visibilityState === 'visible' && void reload();
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [reload]);

  useEffect(() => {
    if (!id || typeof EventSource === 'undefined') return;
    let stream: EventSource | null = null;
    const connect = () => {
      stream = new EventSource(api.eventsUrl(id));
      // Anything may have changed while the stream was down.
      stream.onopen = () => void reload();
      for (const name of EVENT_NAMES) stream.addEventListener(name, () => void reload());
    };
    connect();
    const timer = setInterval(() => {
      if (stream?.readyState === EventSource.OPEN || gone.current) return;
      // The server refuses a stream to a request finished long ago (410); the page shows it as it is.
      if (stream?.readyState === EventSource.CLOSED && finished.current) return;
      void reload();
      if (stream?.readyState === EventSource.CLOSED) connect();
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      stream?.close();
    };
  }, [id, reload]);

  return { request, error, reload };
}
