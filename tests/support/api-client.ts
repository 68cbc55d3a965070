import { type Endpoint, pathOf } from '../../shared';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  lang?: 'en' | 'ar';
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** A small HTTP client for the tests: real requests to the real server. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async call<T = any>(endpoint: Pick<Endpoint, 'method' | 'path'>, options: CallOptions = {}): Promise<ApiResponse<T>> {
    return this.raw<T>(endpoint.method, pathOf(endpoint, options.params), options);
  }

  async raw<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const url = new URL(path, this.baseUrl);
    if (options.lang) url.searchParams.set('lang', options.lang);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(url, { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : type.startsWith('text/') ? await res.text() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async login(email: string, password: string): Promise<string> {
    const res = await this.raw('POST', '/api/Account/Login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.accessToken;
  }
}
