import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveEvent, RequestDetail } from '@shared';
import { ApiError, api } from '../api';

const EVENT_NAMES: readonly (LiveEvent['type'] | 'message')[] = ['message', 'request-created', 'line-changed', 'review-added'];
/** How often to ask while the event stream is down (a dropped Wi-Fi, a proxy that cuts streams). */
export const POLL_MS = 5000;

interface LiveRequest {
  request: RequestDetail | null;
  error: unknown;
  reload: () => Promise<void>;
}

/**
 * The request, kept current: the guest event stream says when staff acted, and while
 * the stream is not open the page polls instead.
 */
export function useLiveRequest(id: string, language: string): LiveRequest {
  const [request, setRequest] = useState<RequestDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const gone = useRef(false);

  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const detail = await api.requestDetails(id);
      // An older answer arriving late must not overwrite a newer one.
      if (ticket !== latest.current) return;
      setRequest(detail);
      setError(null);
      gone.current = false;
    } catch (e) {
      if (ticket !== latest.current) return;
      setError(e);
      gone.current = e instanceof ApiError && (e.kind === 'notFound' || e.kind === 'client');
    }
  }, [id]);

  useEffect(() => {
    void reload();
  }, [reload, language]);

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
      // An unknown id will not appear by asking again; the page offers its own retry.
      if (stream?.readyState === EventSource.OPEN || gone.current) return;
      void reload();
      if (stream?.readyState === EventSource.CLOSED) connect();
    }, POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      stream?.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [id, reload]);

  return { request, error, reload };
}
