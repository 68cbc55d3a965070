import { api } from './api';

/**
 * The phone's event stream. EventSource sends no header, so each connection opens with a
 * fresh single-use ticket; when the server ends it (token expiry, idle, shutdown) or the
 * network drops, a new ticket opens the next one. Every event makes the page read again.
 */
export function followLive(onChange: (kind: 'task' | 'pool' | 'resync') => void): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;

  const reopen = () => {
    source?.close();
    source = undefined;
    if (stopped) return;
    clearTimeout(timer);
    // 1 s, 2 s, 4 s … up to 30 s while the server cannot be reached.
    timer = setTimeout(open, Math.min(30_000, 1000 * 2 ** Math.min(failures, 5)));
  };

  const open = async () => {
    if (stopped) return;
    try {
      const { ticket } = await api.streamTicket();
      if (stopped) return;
      const es = new EventSource(api.eventsUrl(ticket));
      source = es;
      es.addEventListener('open', () => {
        failures = 0;
        // Anything missed while the stream was down.
        onChange('resync');
      });
      for (const kind of ['task', 'pool', 'resync'] as const) es.addEventListener(kind, () => onChange(kind));
      es.addEventListener('reconnect', () => {
        failures = 0;
        reopen();
      });
      es.addEventListener('error', () => {
        // The ticket is spent: EventSource's own retry would be refused.
        failures++;
        reopen();
      });
    } catch {
      failures++;
      reopen();
    }
  };

  void open();
  const online = () => {
    failures = 0;
    reopen();
  };
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    window.removeEventListener('online', online);
  };
}
