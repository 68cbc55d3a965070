/**
 * Every IPC channel between the preload and the main process, named once (STYLE §5),
 * with the payloads that cross it. The preload invokes them, the main process registers
 * them, the renderer reads the answers' types; nothing else spells a channel name.
 */
export const IpcChannel = {
  getServerUrl: 'server:get-url',
  setServerUrl: 'server:set-url',
  loadSession: 'session:load',
  saveSession: 'session:save',
  refreshSession: 'session:refresh',
  clearSession: 'session:clear',
  saveFile: 'file:save',
  openFile: 'file:open',
  notify: 'notification:show',
  setBadgeCount: 'app:set-badge-count',
  openExternal: 'shell:open-external',
  setLanguage: 'app:set-language',
} as const;

/** Messages the main process sends to the window (one-way). */
export const IpcEvent = {
  notificationClicked: 'notification:clicked',
  /** The one-time exchange code of a single sign-on, from the app's deep link (the renderer redeems it with its flow key). */
  ssoCode: 'sso:code',
} as const;

export type IpcChannelName = (typeof IpcChannel)[keyof typeof IpcChannel];

export type Lang = 'en' | 'ar';

/**
 * What a handler answers when the work failed in a way the user must read about
 * (disk full, file locked, server unreachable). The preload turns it into a thrown
 * Error whose message is already in the app's language.
 */
export interface Failure {
  error: string;
}

/** `insecure`: a plain-http address on the network, kept only once the user confirms it (setServerUrl's allowInsecure). */
export type SetServerUrlResult = { ok: true; url: string } | { ok: false; error: string; insecure?: true };
export type SaveFileAnswer = { saved: true; path: string } | { saved: false } | Failure;
export type OpenFileAnswer = { name: string; bytes: Uint8Array } | { cancelled: true } | Failure;

export const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && typeof (value as Failure).error === 'string';
