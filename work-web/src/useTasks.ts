import { useCallback, useEffect, useRef, useState } from 'react';
import type { WorkTask } from '@shared';
import { ApiError, api } from './api';
import { REPEAT_MS, ring } from './alert';
import { followLive } from './live';
import { Outbox, type OutboxState } from './outbox';
import { waitingForAccept } from './task-view';

const CACHE_KEY = 'work-tasks';

function cachedTasks(): WorkTask[] {
  try {
    return JSON.parse(localStorage.getItem(CACHE_KEY) ?? '[]') as WorkTask[];
  } catch {
    return [];
  }
}

/**
 * The worker's tasks, read again on every live event, the outbox of taps, and the ring
 * of a new task (at once, then every 30 s while any task waits to be accepted).
 */
export function useTasks(onUnpaired: (message?: string) => void, onLocked: () => void) {
  const [tasks, setTasks] = useState<WorkTask[]>(cachedTasks);
  const [pool, setPool] = useState<WorkTask[] | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [online, setOnline] = useState(navigator.onLine);
  const [outboxState, setOutboxState] = useState<OutboxState>({ pending: [], refusals: [], photoSkipped: false });
  const [fresh, setFresh] = useState<WorkTask | null>(null);
  const known = useRef<Set<number> | null>(null);
  const reloadRef = useRef<() => Promise<void>>(async () => undefined);
  // Reads overlap (a live event, a sent tap): an older answer arriving last must not bring back an older task list.
  const asked = useRef(0);
  const shown = useRef(0);

  // The parent's callbacks change on every render; the stream and the outbox are set up once.
  const callbacks = useRef({ onUnpaired, onLocked });
  callbacks.current = { onUnpaired, onLocked };
  const outbox = useRef<Outbox | null>(null);
  outbox.current ??= new Outbox(setOutboxState, () => void reloadRef.current(), (message) => callbacks.current.onUnpaired(message));

  const reload = useCallback(async () => {
    const ask = ++asked.current;
    try {
      const next = await api.tasks();
      if (ask < shown.current) return;
      shown.current = ask;
      setTasks(next);
      setLoaded(true);
      localStorage.setItem(CACHE_KEY, JSON.stringify(next));
      const before = known.current;
      known.current = new Set(next.map((t) => t.lineId));
      const arrived = before ? next.filter((t) => !before.has(t.lineId) && t.acceptedAt === null) : [];
      if (arrived.length > 0) {
        setFresh(arrived[0]);
        ring();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'unpaired') return callbacks.current.onUnpaired(error.serverMessage);
      if (error.status === 403) return callbacks.current.onLocked();
      // No network: the cached list stays on screen.
      setLoaded(true);
    }
  }, []);

  const reloadPool = useCallback(async () => {
    try {
      setPool(await api.pool());
    } catch (error) {
      // 403: this department keeps no pool.
      if (error instanceof ApiError && error.status === 403) setPool(null);
    }
  }, []);
  reloadRef.current = async () => {
    await reload();
    await reloadPool();
  };

  useEffect(() => {
    void outbox.current!.load().then(() => outbox.current!.flush());
    void reloadRef.current();
    const stop = followLive((kind) => {
      if (kind !== 'pool') void reload();
      if (kind !== 'task') void reloadPool();
    });
    const up = () => {
      setOnline(true);
      void outbox.current!.flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    // A tap that met a server error is tried again now and then.
    const retry = setInterval(() => void outbox.current!.flush(), 15_000);
    return () => {
      stop();
      clearInterval(retry);
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [reload, reloadPool]);

  const waiting = waitingForAccept(tasks, outboxState.pending);
  const anyWaiting = waiting.length > 0;
  useEffect(() => {
    if (!anyWaiting) {
      setFresh(null);
      return;
    }
    const timer = setInterval(ring, REPEAT_MS);
    return () => clearInterval(timer);
  }, [anyWaiting]);

  return { tasks, pool, loaded, online, outbox: outbox.current, outboxState, waiting, fresh };
}
