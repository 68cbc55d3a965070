import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../renderer/src/api/client';

export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

type Answer = { status?: number; data: unknown } | ((call: SentCall) => { status?: number; data: unknown } | Promise<{ status?: number; data: unknown }>);

/**
 * Replaces the app's one axios instance's transport: routes answer by "METHOD path",
 * and every call is recorded, so a test sees exactly what the screen sent.
 */
export function fakeServer(routes: Record<string, Answer>) {
  const calls: SentCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = (config.url ?? '').split('?')[0];
    const call = { method: (config.method ?? 'get').toUpperCase(), url, body: config.data ? JSON.parse(config.data as string) : undefined };
    calls.push(call);
    const route = routes[`${call.method} ${url}`];
    const answer = typeof route === 'function' ? await route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const response = { data: answer?.data ?? { message: 'not found' }, status, statusText: String(status), headers: {}, config, request: {} };
    if (status >= 400) {
      const error = Object.assign(new Error(`HTTP ${status}`), { isAxiosError: true, response, config });
      throw error;
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return { calls, sent: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url) };
}
