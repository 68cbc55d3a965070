export interface Received {
  event: string;
  data: Record<string, unknown>;
}

/** A minimal EventSource over fetch: collects events and lets a test wait for one. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const received: Received[] = [];
  let raw = '';
  let waiters: (() => void)[] = [];
  let ended = false;
  const notify = () => {
    const current = waiters;
    waiters = [];
    current.forEach((w) => w());
  };
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) });
        }
        notify();
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
    notify();
  })();
  const until = async (check: () => boolean, what: string, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      const left = deadline - Date.now();
      if (ended || left <= 0) throw new Error(`stream: no ${what}; got ${JSON.stringify(received)}`);
      // Woken by the next chunk, the stream's end, or the deadline.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, left);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        waiters.push(wake);
      });
    }
  };
  if (res.status === 200) await until(() => raw.includes(': connected'), 'greeting');
  return {
    res,
    received,
    raw: () => raw,
    ended: () => ended,
    next: async (match: (e: Received) => boolean, what: string) => {
      await until(() => received.some(match), what);
      return received.find(match)!;
    },
    /** Resolves once the server has ended the stream. */
    closed: () => until(() => ended, 'end').then(() => pump),
    close: () => abort.abort(),
  };
}
