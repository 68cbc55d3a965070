import type { OpenedFile, Platform, RefreshOutcome, SaveFileResult } from '@shared/desktop/platform';
import { clearRecord, readRecord, writeRecord } from './session-record';

/** The Web Lock every tab of this origin takes to refresh: one exchange at a time across tabs. */
const REFRESH_LOCK = 'hotel.session.refresh';

/** Whether a JWT's `exp` has passed (a token that cannot be read counts as expired). */
function jwtExpired(token: string, now = Date.now()): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp !== 'number' || payload.exp * 1000 <= now;
  } catch {
    return true;
  }
}

/**
 * Runs `task` holding the refresh lock of every tab of this origin (Web Locks). Without
 * the API (a page served over plain http from a LAN address is not a secure context)
 * it runs unlocked; re-reading the stored session still catches most overlaps.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** The browser's notification permission, as the Platform names it ('blocked' where there are none). */
function notifyPermission(): 'granted' | 'ask' | 'blocked' {
  if (typeof Notification === 'undefined') return 'blocked';
  return Notification.permission === 'granted' ? 'granted' : Notification.permission === 'default' ? 'ask' : 'blocked';
}

/**
 * The browser build: the session is kept in IndexedDB with a localStorage mirror
 * (SPEC §1 "persisted locally"; session-record.ts says why both),
 * files go through a download link and a hidden file input.
 */
export function createWebPlatform(baseUrl = ''): Platform {
  // One refresh at a time in this tab; the Web Lock makes it one at a time across tabs.
  let refreshing: Promise<RefreshOutcome> | undefined;
  // The access token this tab works with: when the stored one differs, another tab has refreshed.
  let inUse: string | undefined;

  /** Runs under the lock, so the stored record is the latest any tab wrote (see session-record.ts). */
  async function exchange(): Promise<RefreshOutcome> {
    const record = await readRecord();
    if (!record) return { kind: 'expired' };
    // Another tab already swapped the tokens: take its result; our refresh token is spent
    // and using it again would make the server revoke the whole login.
    if (record.session.accessToken !== inUse && !jwtExpired(record.session.accessToken)) {
      inUse = record.session.accessToken;
      return { kind: 'session', session: record.session };
    }
    let res: Response;
    try {
      res = await fetch(`${baseUrl}/api/Account/RefreshToken?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accessToken: record.session.accessToken, refreshToken: record.refreshToken }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      return { kind: 'unreachable' };
    }
    // A server in trouble (or a proxy without it) has not ended the session.
    if (res.status >= 500 || res.status === 429) return { kind: 'unreachable' };
    const body = res.status === 200 ? ((await res.json().catch(() => undefined)) as { accessToken?: string; refreshToken?: string } | undefined) : undefined;
    if (!body?.accessToken || !body.refreshToken) return { kind: 'expired' };
    const session = { ...record.session, accessToken: body.accessToken };
    await writeRecord({ session, refreshToken: body.refreshToken });
    inUse = session.accessToken;
    return { kind: 'session', session };
  }

  return {
    kind: 'web',
    serverUrl: async () => baseUrl,
    async loadSession() {
      const session = (await readRecord())?.session;
      inUse = session?.accessToken;
      return session;
    },
    async saveSession(session, refreshToken) {
      await writeRecord({ session, refreshToken });
      inUse = session.accessToken;
    },
    refreshSession() {
      refreshing ??= withRefreshLock(exchange).finally(() => (refreshing = undefined));
      return refreshing;
    },
    clearSession: clearRecord,
    deviceRefreshToken: async () => (await readRecord())?.refreshToken,

    async saveFile(suggestedName, bytes): Promise<SaveFileResult> {
      const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
      const link = document.createElement('a');
      link.href = url;
      link.download = suggestedName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // Revoked later: Chromium reads the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return { saved: true };
    },

    openFile(filters): Promise<OpenedFile | undefined> {
      return new Promise((resolve) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = filters.flatMap((f) => f.extensions.map((e) => `.${e}`)).join(',');
        input.addEventListener('change', async () => {
          const file = input.files?.[0];
          resolve(file ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : undefined);
        });
        input.addEventListener('cancel', () => resolve(undefined));
        input.click();
      });
    },

    notify(title, body, onClick) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      const n = new Notification(title, { body });
      if (onClick) n.onclick = onClick;
    },
    notifyPermission,
    async askNotifyPermission() {
      if (notifyPermission() === 'ask') await Notification.requestPermission();
      return notifyPermission();
    },
    setBadgeCount: (count) => {
      // The tab's title carries the count, "(3) Hotel Services Admin", as mail and chat tabs do.
      const title = document.title.replace(/^\(\d+\+?\) /, '');
      document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${title}` : title;
    },
    openExternal: (url) => void window.open(url, '_blank', 'noopener'),
    setLanguage: () => undefined,
  };
}
