import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * What the phone keeps (IndexedDB): its pairing (the device credential, rotated on every
 * refresh, and the current access token, shared by the page's tabs) and the outbox of taps
 * not yet sent.
 */

export interface StoredSession {
  deviceId: string;
  workerId: number;
  workerName: string;
  deviceCredential: string;
  accessToken: string;
  /** ms since the epoch. */
  accessExpiresAt: number;
  locked: boolean;
}

export type OutboxAction = 'accept' | 'start' | 'done' | 'cantDo' | 'take';

export interface OutboxItem {
  seq?: number;
  /** The tap's own key (Idempotency-Key): a retried send never applies twice. */
  key: string;
  action: OutboxAction;
  lineId: number;
  /** The line as the worker saw it; absent when an earlier tap on the same line is still waiting. */
  version?: string;
  note?: string;
  reason?: string;
  photo?: Blob;
  /** Set once the photo is uploaded, so a retry does not upload it twice. */
  photoId?: string;
  /** What the worker tapped on, to say it plainly if the server refuses it. */
  label: { service: string; room: string };
  createdAt: number;
}

interface WorkDb extends DBSchema {
  session: { key: string; value: StoredSession };
  outbox: { key: number; value: OutboxItem };
}

let opened: Promise<IDBPDatabase<WorkDb>> | undefined;

function db(): Promise<IDBPDatabase<WorkDb>> {
  opened ??= openDB<WorkDb>('work-phone', 1, {
    upgrade(database) {
      database.createObjectStore('session');
      database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return opened;
}

export const store = {
  async session(): Promise<StoredSession | undefined> {
    return (await db()).get('session', 'current');
  },
  async saveSession(session: StoredSession): Promise<void> {
    await (await db()).put('session', session, 'current');
  },
  async forget(): Promise<void> {
    const database = await db();
    await database.clear('session');
    await database.clear('outbox');
  },
  async outbox(): Promise<OutboxItem[]> {
    return (await db()).getAll('outbox');
  },
  async enqueue(item: OutboxItem): Promise<void> {
    await (await db()).add('outbox', item);
  },
  async update(item: OutboxItem): Promise<void> {
    await (await db()).put('outbox', item);
  },
  async remove(seq: number): Promise<void> {
    await (await db()).delete('outbox', seq);
  },
};
