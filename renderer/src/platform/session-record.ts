import type { StoredSession } from '@shared/desktop/platform';

/**
 * Where the browser build keeps the signed-in session and its refresh token.
 *
 * Two tabs renew the session one at a time under a Web Lock, and the second must read
 * what the first wrote, or it spends a refresh token that is already used (the server
 * then revokes the whole login). localStorage cannot promise that: Chromium copies a
 * write to other tabs' processes asynchronously, and right after the lock changes hands
 * the other tab read the old record 13 times in 50 (measured with two tabs, 2026-11-23).
 * IndexedDB goes through one store in the browser process, so a committed write is what
 * the next transaction in any tab reads (0 stale reads in 100). The record is kept
 * there, and mirrored in localStorage (what older versions of the app kept, and read
 * when IndexedDB has nothing); without IndexedDB (tests) localStorage alone is used.
 */
export interface SessionRecord {
  session: StoredSession;
  refreshToken: string;
}

/** Where the record is kept: exported for the browser tests, which write it to sign in without the login screen. */
export const SESSION_STORAGE = { key: 'hotel.session', database: 'hotel', store: 'session' } as const;
const KEY = SESSION_STORAGE.key;
const DB_NAME = SESSION_STORAGE.database;
const STORE = SESSION_STORAGE.store;

function readMirror(): SessionRecord | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SessionRecord) : undefined;
  } catch {
    return undefined;
  }
}

function openDb(): Promise<IDBDatabase> | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

/** One IndexedDB transaction on the session store; undefined when there is no IndexedDB or it failed. */
async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<{ value: T | undefined } | undefined> {
  let db: IDBDatabase | undefined;
  try {
    db = await openDb();
    if (!db) return undefined;
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return { value: request ? request.result : undefined };
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

/** The latest record any tab wrote (read it under the refresh lock). */
export async function readRecord(): Promise<SessionRecord | undefined> {
  const stored = await transact<SessionRecord | undefined>('readonly', (store) => store.get(KEY));
  // No IndexedDB, or a record only the mirror has (saved by an older version of the app).
  return stored?.value ?? readMirror();
}

export async function writeRecord(record: SessionRecord): Promise<void> {
  localStorage.setItem(KEY, JSON.stringify(record));
  await transact('readwrite', (store) => void store.put(record, KEY));
}

export async function clearRecord(): Promise<void> {
  localStorage.removeItem(KEY);
  await transact('readwrite', (store) => void store.delete(KEY));
}
