import { contextBridge, ipcRenderer } from 'electron';
import type { OpenedFile, Platform, RefreshOutcome, SaveFileResult, StoredSession } from '../shared/desktop/platform';
import { IpcChannel, IpcEvent, isFailure, type OpenFileAnswer, type SaveFileAnswer, type SetServerUrlResult } from '../shared/desktop/ipc';

/*
 * The sandboxed preload: the only code that touches ipcRenderer. It exposes one
 * object, `window.hotelDesktop`, which implements the renderer's Platform interface
 * (plus the server-address calls of the first-start screen). Failures the user must
 * read arrive as `{ error }` and are thrown here as Errors carrying that message.
 */

const invoke = <T>(channel: (typeof IpcChannel)[keyof typeof IpcChannel], ...args: unknown[]) => ipcRenderer.invoke(channel, ...args) as Promise<T>;

function unwrap<T>(answer: T): Exclude<T, { error: string }> {
  if (isFailure(answer)) throw new Error(answer.error);
  return answer as Exclude<T, { error: string }>;
}

// Click actions stay in this world: only a number crosses to the main process and back.
const clickActions = new Map<number, () => void>();
let nextNotificationId = 1;
const MAX_PENDING_ACTIONS = 200;

ipcRenderer.on(IpcEvent.notificationClicked, (_event, id: unknown) => {
  if (typeof id !== 'number') return;
  const action = clickActions.get(id);
  clickActions.delete(id);
  action?.();
});

export const api = {
  kind: 'desktop' as const,

  serverUrl: () => invoke<string>(IpcChannel.getServerUrl),
  /** The configured hotel server ('' before the first-start screen has set one). */
  getServerUrl: () => invoke<string>(IpcChannel.getServerUrl),
  /**
   * Checks {url}/api/health before keeping it; the page reloads after a change (its CSP names the server).
   * A plain-http address on the network answers `insecure` until it is sent again with allowInsecure.
   */
  setServerUrl: (url: string, options?: { allowInsecure: boolean }) =>
    options ? invoke<SetServerUrlResult>(IpcChannel.setServerUrl, url, options) : invoke<SetServerUrlResult>(IpcChannel.setServerUrl, url),

  loadSession: async () => (await invoke<StoredSession | null | undefined>(IpcChannel.loadSession)) ?? undefined,
  saveSession: (session: StoredSession, refreshToken: string) => invoke<void>(IpcChannel.saveSession, session, refreshToken),
  /** The vault answers the new session, nothing when the server refused the token, `{ error }` when it was not reached. */
  async refreshSession(): Promise<RefreshOutcome> {
    const answer = await invoke<StoredSession | null | undefined | { error: string }>(IpcChannel.refreshSession).catch(() => ({ error: '' }));
    if (isFailure(answer)) return { kind: 'unreachable' };
    return answer ? { kind: 'session', session: answer } : { kind: 'expired' };
  },
  clearSession: () => invoke<void>(IpcChannel.clearSession),

  async saveFile(suggestedName: string, bytes: Uint8Array, filters?: { name: string; extensions: string[] }[]): Promise<SaveFileResult> {
    return unwrap(await invoke<SaveFileAnswer>(IpcChannel.saveFile, suggestedName, bytes, filters));
  },
  async openFile(filters: { name: string; extensions: string[] }[]): Promise<OpenedFile | undefined> {
    const answer = unwrap(await invoke<OpenFileAnswer>(IpcChannel.openFile, filters));
    return 'cancelled' in answer ? undefined : answer;
  },

  notify(title: string, body: string, onClick?: () => void): void {
    const id = nextNotificationId++;
    if (onClick) {
      clickActions.set(id, onClick);
      if (clickActions.size > MAX_PENDING_ACTIONS) clickActions.delete(clickActions.keys().next().value!);
    }
    void invoke<boolean>(IpcChannel.notify, id, title, body).catch(() => clickActions.delete(id));
  },
  /** The dock/taskbar count of new requests (0 clears it). */
  setBadgeCount(count: number): void {
    void invoke<void>(IpcChannel.setBadgeCount, count).catch(() => undefined);
  },
  // The main process shows native notifications: nothing to ask.
  notifyPermission: (): 'granted' => 'granted',
  askNotifyPermission: async (): Promise<'granted'> => 'granted',
  openExternal(url: string): void {
    void invoke<void>(IpcChannel.openExternal, url).catch(() => undefined);
  },
  setLanguage(lang: 'en' | 'ar'): void {
    void invoke<void>(IpcChannel.setLanguage, lang).catch(() => undefined);
  },
  /** The exchange code of a single sign-on back from the system browser (the app's deep link). */
  onSsoCode(listener: (code: string) => void): () => void {
    const receive = (_event: unknown, code: unknown) => {
      if (typeof code === 'string') listener(code);
    };
    ipcRenderer.on(IpcEvent.ssoCode, receive);
    return () => void ipcRenderer.removeListener(IpcEvent.ssoCode, receive);
  },
};

/** Fails to compile when the exposed object drifts from the renderer's Platform interface. */
const _isPlatform: Platform = api;
void _isPlatform;

export type HotelDesktopApi = typeof api;

contextBridge.exposeInMainWorld('hotelDesktop', api);
