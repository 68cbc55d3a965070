/**
 * The renderer's one seam to its host (DESIGN): the web build implements it over
 * browser APIs, the desktop build over the Electron preload bridge. No other
 * renderer file knows which one it runs in. It lives in shared/ because both sides
 * build on it: the renderer calls it, electron/'s preload implements it.
 */
export interface StoredSession {
  accessToken: string;
  permissions: string[];
  claims: string[];
  userRoles: string[];
  userName: string;
  userEmail: string;
}

/**
 * What a refresh came to: new tokens, the end of the session (the server refused the
 * refresh token), or no answer (network down, server restarting): then the session is
 * kept and the refresh is tried again later.
 */
export type RefreshOutcome = { kind: 'session'; session: StoredSession } | { kind: 'expired' } | { kind: 'unreachable' };

export interface SaveFileResult {
  /** False when the user cancelled the dialog. */
  saved: boolean;
  /** Where it went (desktop only). */
  path?: string;
}

export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
}

export interface Platform {
  kind: 'web' | 'desktop';
  /** The server's base URL ('' = same origin in the web build). */
  serverUrl(): Promise<string>;

  // ── Session. The refresh token never needs to reach renderer code on desktop. ──
  loadSession(): Promise<StoredSession | undefined>;
  /** Keeps the session; `refreshToken` is kept where the renderer cannot read it on desktop. */
  saveSession(session: StoredSession, refreshToken: string): Promise<void>;
  /** Exchanges the kept refresh token for new tokens; never signs out by itself. */
  refreshSession(): Promise<RefreshOutcome>;
  clearSession(): Promise<void>;
  /**
   * The refresh token of this device's session, sent with Logout so only this device's
   * session ends. Web only: the desktop keeps its token in the main process.
   */
  deviceRefreshToken?(): Promise<string | undefined>;

  // ── Files ──
  /** Saves bytes under a suggested name (native Save dialog on desktop, a download on the web). */
  saveFile(suggestedName: string, bytes: Uint8Array, filters?: { name: string; extensions: string[] }[]): Promise<SaveFileResult>;
  /** Lets the user pick a file (native Open dialog on desktop, a file input on the web); undefined when cancelled. */
  openFile(filters: { name: string; extensions: string[] }[]): Promise<OpenedFile | undefined>;

  // ── Desktop niceties, no-ops or browser equivalents on the web ──
  notify(title: string, body: string, onClick?: () => void): void;
  /**
   * Whether `notify` can show anything yet: the desktop always can; a browser only once
   * the user has allowed it ('ask' until they answer, 'blocked' if they refused).
   */
  notifyPermission(): 'granted' | 'ask' | 'blocked';
  /** Asks the user to allow notifications (a browser's own prompt; call it from a click). */
  askNotifyPermission(): Promise<'granted' | 'ask' | 'blocked'>;
  /** How many new requests wait: the dock/taskbar badge on desktop, the tab title on the web; 0 clears it. */
  setBadgeCount(count: number): void;
  openExternal(url: string): void;
  /** Tells the host the UI language (native menus and dialogs follow it). */
  setLanguage(lang: 'en' | 'ar'): void;
  /**
   * Desktop only: calls `listener` with the exchange code of a single sign-on that came
   * back through the app's deep link (RFC 8252); answers the function that stops listening.
   */
  onSsoCode?(listener: (code: string) => void): () => void;
}
