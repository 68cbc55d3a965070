import type { OpenedFile, Platform, SaveFileResult, StoredSession } from './platform';

const SESSION_KEY = 'hotel.session';

interface WebSessionRecord {
  session: StoredSession;
  refreshToken: string;
}

function readRecord(): WebSessionRecord | undefined {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as WebSessionRecord) : undefined;
  } catch {
    return undefined;
  }
}

function writeRecord(record: WebSessionRecord): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(record));
}

/**
 * The browser build: the session lives in localStorage (SPEC §1 "persisted locally"),
 * files go through a download link and a hidden file input.
 */
export function createWebPlatform(baseUrl = ''): Platform {
  // One refresh at a time: two tabs' worth of callers must not rotate the token twice.
  let refreshing: Promise<StoredSession | undefined> | undefined;

  async function exchange(): Promise<StoredSession | undefined> {
    const record = readRecord();
    if (!record) return undefined;
    try {
      const res = await fetch(`${baseUrl}/api/Account/RefreshToken?lang=en`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accessToken: record.session.accessToken, refreshToken: record.refreshToken }),
      });
      if (res.status !== 200) return undefined;
      const body = (await res.json()) as { accessToken: string; refreshToken: string };
      const session = { ...record.session, accessToken: body.accessToken };
      writeRecord({ session, refreshToken: body.refreshToken });
      return session;
    } catch {
      return undefined;
    }
  }

  return {
    kind: 'web',
    serverUrl: async () => baseUrl,
    loadSession: async () => readRecord()?.session,
    saveSession: async (session, refreshToken) => writeRecord({ session, refreshToken }),
    refreshSession() {
      refreshing ??= exchange().finally(() => (refreshing = undefined));
      return refreshing;
    },
    clearSession: async () => localStorage.removeItem(SESSION_KEY),
    deviceRefreshToken: async () => readRecord()?.refreshToken,

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
    openExternal: (url) => void window.open(url, '_blank', 'noopener'),
    setLanguage: () => undefined,
  };
}
