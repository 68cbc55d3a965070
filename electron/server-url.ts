import { z } from 'zod';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, type SetServerUrlResult } from './ipc-channels';
import { t } from './i18n';

/** Where the server address is kept (the non-secret settings store). */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

const SERVER_URL_KEY = 'serverUrl';
const HEALTH_TIMEOUT_MS = 5000;

/**
 * The server's origin from what the user typed: a bare host gets http://, anything
 * after the host (e.g. a pasted /Admin/Login) is dropped. Undefined when it is not
 * an http(s) address.
 */
export function normalizeServerUrl(input: string): string | undefined {
  const text = input.trim();
  if (!text || text.length > 2048) return undefined;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url.origin;
}

export function readServerUrl(settings: SettingsStore): string | undefined {
  const value = settings.get(SERVER_URL_KEY);
  return typeof value === 'string' ? normalizeServerUrl(value) : undefined;
}

const Health = z.object({ status: z.literal('ok') });

/** GET {origin}/api/health: undefined when it is our server, else the message to show. */
export async function checkServer(origin: string, fetchImpl: typeof fetch = fetch, timeoutMs = HEALTH_TIMEOUT_MS): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetchImpl(`${origin}/api/health`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return t(timedOut ? 'server.timeout' : 'server.unreachable', { url: origin });
  }
  const body: unknown = await response.json().catch(() => undefined);
  return response.status === 200 && Health.safeParse(body).success ? undefined : t('server.notHotelServer', { url: origin });
}

export interface ServerUrlDeps {
  settings: SettingsStore;
  fetch?: typeof fetch;
  /** Called after the address changed (the old server's session ends, the page reloads for the new CSP). */
  onChanged?: (url: string) => void | Promise<void>;
}

export async function setServerUrl(input: string, deps: ServerUrlDeps): Promise<SetServerUrlResult> {
  const origin = normalizeServerUrl(input);
  if (!origin) return { ok: false, error: t('server.invalidUrl') };
  const problem = await checkServer(origin, deps.fetch);
  if (problem) return { ok: false, error: problem };
  const previous = readServerUrl(deps.settings);
  deps.settings.set(SERVER_URL_KEY, origin);
  if (previous !== origin) await deps.onChanged?.(origin);
  return { ok: true, url: origin };
}

export function setupServerUrl(isTrusted: SenderCheck, deps: ServerUrlDeps): void {
  handle(IpcChannel.getServerUrl, z.tuple([]), isTrusted, () => readServerUrl(deps.settings) ?? '');
  handle(IpcChannel.setServerUrl, z.tuple([z.string().max(2048)]), isTrusted, (url) => setServerUrl(url, deps));
}
