import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

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
  /** Exchanges the refresh token; resolves to the new access token, or undefined when the session is over. */
  refresh(): Promise<string | undefined>;
  /** The refresh failed: tell the user and leave (SPEC §4). */
  onExpired(): void;
  adapter?: AxiosAdapter;
}

/**
 * The one HTTP client (DESIGN): adds ?lang and the bearer header, and on a 401 from
 * a protected call refreshes once and retries. Concurrent 401s share one refresh so
 * the rotating refresh token is used exactly once.
 */
export function createHttp(options: HttpOptions): AxiosInstance {
  const instance = axios.create({ baseURL: options.baseURL, adapter: options.adapter });
  let pending: Promise<string | undefined> | undefined;

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

    pending ??= options.refresh().finally(() => (pending = undefined));
    const token = await pending.catch(() => undefined);
    if (!token) {
      expireOnce(options);
      throw new SessionExpiredError();
    }
    config.retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return instance.request(config);
  });

  return instance;
}

// Several calls failing together must produce one message and one redirect (the "flag" of SPEC §4).
const expiring = new WeakSet<HttpOptions>();
function expireOnce(options: HttpOptions) {
  if (expiring.has(options)) return;
  expiring.add(options);
  options.onExpired();
  setTimeout(() => expiring.delete(options), 1000);
}
