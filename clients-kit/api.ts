import type { ApiCall, CallBody, CallResponse } from '@shared/api/calls';
import { fillPath } from '@shared/api/paths';
import { currentLanguage } from './i18n';

/**
 * Why a call failed, so a page can say the right thing and offer the right retry: no network, an
 * unknown thing (404), a refusal (the server's message says why), the server's trouble, or (the
 * workers' phone only) a phone no longer paired.
 */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'notFound' | 'client' | 'server' | 'unpaired',
    readonly status: number,
    /** The server's message in the page's language, when it sent one. */
    readonly serverMessage?: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(serverMessage ?? kind);
  }
}

/** The address of a call: the query (if any), then the page's language, which the server answers in. */
export function callUrl(path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), lang: currentLanguage() });
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export interface SendInit<C extends ApiCall = ApiCall> {
  /** The path's parameters (':id' → params.id). */
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: CallBody<C>;
  form?: FormData;
  headers?: Record<string, string>;
  /** A bearer token (the workers' phone). */
  token?: string;
}

/** One call over the network; no network at all is an ApiError('network'). */
export async function send<C extends ApiCall>(call: C, init: SendInit<C> = {}): Promise<Response> {
  // No extra headers on plain GETs, so the guest page's lookups preloaded by index.html are reused.
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(callUrl(fillPath(call.path, init.params), init.query), {
      method: call.method,
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  } catch {
    throw new ApiError('network', 0);
  }
}

/** The answer's JSON, or the error envelope ({ message, errors: [{ field, message }] }) thrown as an ApiError. */
export async function answer<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => undefined)) as { message?: unknown; errors?: { field: string; message: string }[] } | undefined;
  if (response.ok) return data as T;
  const kind = response.status === 404 ? 'notFound' : response.status < 500 ? 'client' : 'server';
  throw new ApiError(kind, response.status, typeof data?.message === 'string' ? data.message : undefined, data?.errors ?? []);
}

/** A call and its answer, typed by the contract's call table (shared/api/calls.ts). */
export async function request<C extends ApiCall>(call: C, init: SendInit<C> = {}): Promise<CallResponse<C>> {
  return answer<CallResponse<C>>(await send(call, init));
}
