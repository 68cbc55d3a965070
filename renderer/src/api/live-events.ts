import { atom } from 'jotai';
import type { LiveEvent } from '@shared';
import { fillPath } from '@shared/api/paths';
import { LIVE_EVENT_TYPES, StreamSignal } from '@shared/live-events';
import { call, http } from './client';
import { shellEndpoints as endpoints } from './shell-endpoints';
import { sessionAtom, store } from '../session/session';

type Listener = (event: LiveEvent) => void;

interface Subscriber {
  onEvent: Listener;
  /** Events may have been missed: re-read the whole view. */
  onResync: () => void;
}

/** True while the staff event stream is open (the list screens show it). */
export const liveConnectedAtom = atom(false);

/** How long to wait before asking for a new ticket after a failed or refused stream; doubled per failure up to MAX_RETRY_MS. */
export const RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;

const subscribers = new Set<Subscriber>();
let source: EventSource | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Bumped on every (re)connect and disconnect, so a late ticket answer for an older attempt is dropped. */
let attempt = 0;
/** Failures in a row since the stream was last open. */
let failures = 0;

const resyncAll = () => [...subscribers].forEach((s) => s.onResync());

/**
 * One EventSource for the whole app, open while anyone listens. EventSource cannot
 * send headers and a token never goes in a URL, so each connection first gets a
 * single-use ticket with the Authorization header (the http client refreshes an
 * expired token on the way). A ticket opens one stream only, so whenever the
 * stream ends — the server's `reconnect` hint (idle, token expiry, shutdown), a
 * refusal, a dropped network — we close it and come back with a new ticket. After
 * the server's `resync` and on every opening, the first included, screens re-read:
 * events may have been missed (a screen that subscribes while the stream is open
 * reads after it opened, and has nothing to re-read).
 */
function connect(): void {
  const mine = ++attempt;
  if (typeof EventSource === 'undefined' || !store.get(sessionAtom)?.accessToken) return;
  void call(endpoints.eventsTicket).then(
    ({ ticket }) => {
      if (mine !== attempt || !subscribers.size) return;
      const url = `${http.defaults.baseURL ?? ''}${fillPath(endpoints.staffEvents.path)}?ticket=${encodeURIComponent(ticket)}`;
      open(new EventSource(url));
    },
    (error: unknown) => {
      if (mine !== attempt) return;
      // 401: the session is over (the http client signs out); 403: this user may not listen.
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status !== 401 && status !== 403) retryLater();
    },
  );
}

function open(es: EventSource): void {
  source = es;
  es.onopen = () => {
    store.set(liveConnectedAtom, true);
    failures = 0;
    // Everyone listening now subscribed while no stream was open, and may have read what it
    // shows before this one opened: a request stored in between would be heard by no one.
    resyncAll();
  };
  const deliver = (message: MessageEvent<string>) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    for (const s of [...subscribers]) s.onEvent(event);
  };
  for (const type of LIVE_EVENT_TYPES) es.addEventListener(type, deliver as EventListener);
  es.addEventListener(StreamSignal.resync, resyncAll);
  es.addEventListener(StreamSignal.reconnect, () => reopen(es, 0));
  // The browser would retry the same URL, whose ticket is used: come back with a new one instead.
  es.onerror = () => reopen(es, RETRY_MS);
}

function reopen(es: EventSource, delay: number): void {
  if (source !== es) return;
  es.close();
  source = undefined;
  store.set(liveConnectedAtom, false);
  if (delay) retryLater(delay);
  else connect();
}

function retryLater(delay = Math.min(RETRY_MS * 2 ** failures, MAX_RETRY_MS)): void {
  if (retryTimer || !subscribers.size) return;
  failures++;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (subscribers.size && !source) connect();
  }, delay);
}

function disconnect(): void {
  attempt++;
  source?.close();
  source = undefined;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  failures = 0;
  store.set(liveConnectedAtom, false);
}

/**
 * Listens to the staff event stream until the returned function is called.
 * `onResync` runs when events may have been missed (the server lost them, or the
 * stream was down): the screen must re-read what it shows.
 */
export function subscribeLive(onEvent: Listener, onResync: () => void): () => void {
  const subscriber = { onEvent, onResync };
  subscribers.add(subscriber);
  if (!source && !retryTimer && subscribers.size === 1) connect();
  return () => {
    subscribers.delete(subscriber);
    if (!subscribers.size) disconnect();
  };
}
