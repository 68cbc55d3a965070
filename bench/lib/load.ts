import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  /**
   * Several: autocannon gives connection i the url i mod n, each connection keeping its own
   * for the whole run (as a layer-4 balancer spreads connections, not calls).
   */
  url: string | string[];
  method?: 'GET' | 'POST' | 'PUT';
  connections: number;
  /** How long to send; or `amount`, a fixed number of calls. */
  seconds?: number;
  amount?: number;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh body per request (e.g. unique codes). */
  makeBody?: () => string;
  /**
   * autocannon's sampling period, ms (default 1000). It returns at the first sample after the
   * last call, so a short `amount` run's wall time is whole periods unless this is shorter;
   * `rps` is then per period, not per second.
   */
  sampleInt?: number;
}

/** autocannon against a server on loopback; requests per second and latency percentiles in ms. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    ...(options.sampleInt ? { sampleInt: options.sampleInt } : {}),
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    requests: options.makeBody ? [{ setupRequest: (req: any) => ({ ...req, body: options.makeBody!() }) }] : undefined,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function postJson<T = any>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** How many of `connections` each of `targets` gets when connection i goes to target i mod n (autocannon's url list). */
export function connectionsPerTarget(connections: number, targets: number): number[] {
  return Array.from({ length: targets }, (_, t) => Math.floor(connections / targets) + (t < connections % targets ? 1 : 0));
}
