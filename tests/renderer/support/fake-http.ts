import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../renderer/src/api/client';

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
  /** The query parameters the client sent (axios params, ?lang included). */
  query: Record<string, unknown>;
  /** The Authorization header it carried, if any. */
  authorization?: string;
}

type Reply = { status?: number; data: unknown; headers?: Record<string, string> };
type Answer = Reply | ((call: SentCall) => Reply | Promise<Reply>);

/**
 * Replaces the app's one axios instance's transport: routes answer by "METHOD path",
 * and every call is recorded, so a test sees exactly what the screen sent.
 */
export function fakeServer(routes: Record<string, Answer>) {
  const calls: SentCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').split('?')[0];
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const authorization = config.headers?.get?.('Authorization');
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url,
      body,
      query: { ...(config.params as Record<string, unknown>) },
      ...(typeof authorization === 'string' ? { authorization } : {}),
    };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const response = { data: answer?.data ?? { message: 'not found' }, status, statusText: String(status), headers: answer?.headers ?? {}, config, request: {} };
    if (status >= 400) {
      const error = Object.assign(new Error(`HTTP ${status}`), { isAxiosError: true, response, config });
      throw error;
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return { calls, sent: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url) };
}
