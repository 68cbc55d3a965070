import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { RefreshOutcome } from '@shared/desktop/platform';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Public calls (login, refresh…): no bearer header and no refresh on 401 (SPEC §6). */
    public?: boolean;
    /** Set on the retry after a refresh, so a second 401 is final. */
    retried?: boolean;
  }
}

/** Thrown when the refresh failed: the user has already been told and sent to login. */
export class SessionExpiredError extends Error {
  constructor() {
    super('session expired');
  }
}

export interface HttpOptions {
  baseURL: string;
  lang(): string;
  accessToken(): string | undefined;
  /** Exchanges the refresh token: a new session, expired (the server refused it) or unreachable. */
  refresh(): Promise<RefreshOutcome>;
  /** The server refused the refresh: tell the user and leave (SPEC §4). */
  onExpired(): void;
  /** The server could not be reached to refresh (false: show "reconnecting"), then could again (true). */
  onReachable?(reachable: boolean): void;
  /** Pause before the next refresh attempt while unreachable (ms, by attempt from 0); default 1, 2, 4, 8, then 15 s. */
  retryDelay?(attempt: number): number;
  adapter?: AxiosAdapter;
}

const defaultRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 15_000);

/** Waits `ms`, or less when the browser says the network is back. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done);
  });
}

/**
 * The one HTTP client (DESIGN): adds ?lang and the bearer header, and on a 401 from
 * a protected call refreshes once and retries. Concurrent 401s share one refresh so
 * the rotating refresh token is used exactly once. Only a refused refresh signs out:
 * while the server cannot be reached the calls wait, the refresh is tried again with
 * back-off, and they go on once it answers.
 */
export function createHttp(options: HttpOptions): AxiosInstance {
  const instance = axios.create({ baseURL: options.baseURL, adapter: options.adapter });
  let pending: Promise<string | undefined> | undefined;

  /** The new access token, or undefined when the session is over; retries while unreachable. */
  async function refreshUntilAnswered(): Promise<string | undefined> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await options.refresh().catch((): RefreshOutcome => ({ kind: 'unreachable' }));
      if (outcome.kind !== 'unreachable') {
        if (attempt > 0) options.onReachable?.(true);
        return outcome.kind === 'session' ? outcome.session.accessToken : undefined;
      }
      if (attempt === 0) options.onReachable?.(false);
      await pause((options.retryDelay ?? defaultRetryDelay)(attempt));
    }
  }

  instance.interceptors.request.use((config) => {
    config.params = { lang: options.lang(), ...(config.params ?? {}) };
    const token = options.accessToken();
    if (!config.public && token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    const config = (error as AxiosError).config as InternalAxiosRequestConfig | undefined;
    const status = (error as AxiosError).response?.status;
    if (status !== 401 || !config || config.public || config.retried) throw error;

    const sentWith = config.headers.get('Authorization');
    // Sent with a token that has been renewed since (its 401 came after the renewal): the call
    // goes again with the current one. Renewing once more would spend a refresh token for
    // nothing, and if that answer were lost (a reload) while the access token is still good,
    // the spent token would be presented only at that token's expiry, past the server's grace
    // for lost answers, and the login would end as stolen.
    const current = options.accessToken();
    if (!pending && current && sentWith !== `Bearer ${current}`) {
      config.headers.set('Authorization', `Bearer ${current}`);
      return instance.request(config);
    }
    pending ??= refreshUntilAnswered().finally(() => (pending = undefined));
    const token = await pending;
    if (!token) {
      expireOnce(options, typeof sentWith === 'string' ? sentWith : undefined);
      throw new SessionExpiredError();
    }
    config.retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return instance.request(config);
  });

  return instance;
}

// Several calls failing together must produce one message and one redirect (the "flag" of SPEC §4),
// and so must the calls that fail later in the same session (a background read, the event
// stream's next ticket): the expiry is told once per access token, and a call sent without
// one (the user has already been signed out) tells nothing.
const told = new WeakMap<HttpOptions, Set<string>>();
function expireOnce(options: HttpOptions, sentWith: string | undefined) {
  if (!sentWith) return;
  let tokens = told.get(options);
  if (!tokens) told.set(options, (tokens = new Set()));
  if (tokens.has(sentWith)) return;
  tokens.add(sentWith);
  options.onExpired();
}
