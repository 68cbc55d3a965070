/** The guest's own requests on this device ("My requests"), newest first, in localStorage. */
export interface MyRequest {
  id: string;
  /** The short code, once the Review page has shown it. */
  code?: string;
  /** When it was sent (ISO). */
  at: string;
}

const STORAGE_KEY = 'guest-my-requests';
const MAX = 20;
const ID = /^[\w-]{1,64}$/;

export function myRequests(storage: Pick<Storage, 'getItem'> = localStorage): MyRequest[] {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(saved)) return [];
    return saved.filter((r): r is MyRequest => typeof r?.id === 'string' && ID.test(r.id) && typeof r.at === 'string').slice(0, MAX);
  } catch {
    return [];
  }
}

/** Adds or updates one request (a new one goes first); a full or disabled storage just keeps nothing. */
export function rememberRequest(entry: MyRequest, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const list = myRequests(storage);
  const old = list.find((r) => r.id === entry.id);
  const next = old ? list.map((r) => (r.id === entry.id ? { ...r, ...entry, at: r.at } : r)) : [entry, ...list].slice(0, MAX);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or full: the list is a convenience.
  }
}
