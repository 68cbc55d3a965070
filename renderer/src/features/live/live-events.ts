import { atom } from 'jotai';
import { EVENT_TYPES, endpoints, pathOf, type LiveEvent } from '@shared';
import { http } from '../../api/client';
import { refreshAccessToken, sessionAtom, store } from '../../session/session';

type Listener = (event: LiveEvent) => void;

/** True while the staff event stream is open (the list screens show it). */
export const liveConnectedAtom = atom(false);

const listeners = new Set<Listener>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One EventSource for the whole app, open while anyone listens. EventSource cannot
 * send headers, so the access token rides in ?access_token=. The browser reconnects
 * by itself after a dropped connection; when the server refuses (an expired token)
 * the source closes, and we refresh the token once and open a new one.
 */
function connect(): void {
  const token = store.get(sessionAtom)?.accessToken;
  if (!token || typeof EventSource === 'undefined') return;
  const url = `${http.defaults.baseURL ?? ''}${pathOf(endpoints.staffEvents)}?access_token=${encodeURIComponent(token)}`;
  const es = new EventSource(url);
  source = es;
  es.onopen = () => store.set(liveConnectedAtom, true);
  const deliver = (message: MessageEvent<string>) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of [...listeners]) listener(event);
  };
  for (const type of EVENT_TYPES) es.addEventListener(type, deliver as EventListener);
  es.onerror = () => {
    store.set(liveConnectedAtom, false);
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    source = undefined;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!listeners.size) return;
      void refreshAccessToken()
        .catch(() => undefined)
        .then((fresh) => {
          if (fresh && listeners.size && !source) connect();
        });
    }, 2000);
  };
}

function disconnect(): void {
  source?.close();
  source = undefined;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  store.set(liveConnectedAtom, false);
}

/** Listens to the staff event stream until the returned function is called. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && !retryTimer) connect();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) disconnect();
  };
}
