/** Reads a text/event-stream with fetch and calls back with each event's parsed data. */
export async function openEventStream(url: string, onData: (data: any) => void, headers: Record<string, string> = {}): Promise<() => void> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream', ...headers } });
  if (!res.ok || !res.body) throw new Error(`event stream ${url}: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (data) onData(JSON.parse(data));
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return () => controller.abort();
}
