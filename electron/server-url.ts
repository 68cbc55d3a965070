import { z } from 'zod';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, type SetServerUrlResult } from '../shared/desktop/ipc';
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

/**
 * Whether an address sends the session in the clear over a network: plain http to
 * anything but this machine. A hotel LAN often has nothing better, so it is allowed
 * once the user has confirmed it.
 */
export function isInsecureAddress(origin: string): boolean {
  const { protocol, hostname } = new URL(origin);
  if (protocol !== 'http:') return false;
  const loopback = hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  return !loopback;
}

export interface ServerUrlDeps {
  settings: SettingsStore;
  fetch?: typeof fetch;
  /**
   * Called before another address is kept, while the old one is still current: the
   * session ends at the server that issued it, and its tokens never reach the new address.
   */
  beforeChange?: (previous: string | undefined) => void | Promise<void>;
  /** Called after the address changed (the page reloads for the new CSP). */
  onChanged?: (url: string) => void | Promise<void>;
}

export interface SetServerUrlOptions {
  /** The user has confirmed an http:// address on the network (isInsecureAddress). */
  allowInsecure?: boolean;
}

export async function setServerUrl(input: string, deps: ServerUrlDeps, options: SetServerUrlOptions = {}): Promise<SetServerUrlResult> {
  const origin = normalizeServerUrl(input);
  if (!origin) return { ok: false, error: t('server.invalidUrl') };
  // Asked before the address is even contacted; the renderer asks the user and calls again.
  if (isInsecureAddress(origin) && !options.allowInsecure) return { ok: false, error: t('server.insecure', { url: origin }), insecure: true };
  const problem = await checkServer(origin, deps.fetch);
  if (problem) return { ok: false, error: problem };
  const previous = readServerUrl(deps.settings);
  if (previous === origin) return { ok: true, url: origin };
  await deps.beforeChange?.(previous);
  deps.settings.set(SERVER_URL_KEY, origin);
  await deps.onChanged?.(origin);
  return { ok: true, url: origin };
}

const SetServerUrlArgs = z.tuple([z.string().max(2048), z.object({ allowInsecure: z.boolean() }).strict().optional()]);

export function setupServerUrl(isTrusted: SenderCheck, deps: ServerUrlDeps): void {
  handle(IpcChannel.getServerUrl, z.tuple([]), isTrusted, () => readServerUrl(deps.settings) ?? '');
  handle(IpcChannel.setServerUrl, SetServerUrlArgs, isTrusted, (url, options) => setServerUrl(url, deps, options));
}
